/** What other features may use of beamkins on the server: light earned, who a beamkin is, the catalogue and whose they are. */
export { listCatalogue, memberCreatures, type Creature, type OwnedBeamkin } from "./creatures.server";
export { earnMemberLight } from "./light.server";
