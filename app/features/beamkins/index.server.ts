/** What other features may use of beamkins on the server: light earned, and who a beamkin is. */
export type { Creature, OwnedBeamkin } from "./creatures.server";
export { earnMemberLight } from "./light.server";
