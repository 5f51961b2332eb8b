/** What other features may use of beamkins anywhere: the catalogue, its art, its limits. */
export { BeamkinArt } from "./beamkin-art";
export { BeamkinArtLater } from "./beamkin-art-later";
export { beamkinCatalogue, beamkinImageUrl } from "./catalogue";
// Its refusals as the responder answers them: the API's reference is read off them (1145).
export { beamkinRefusals } from "./errors";
export { CHAT_MESSAGE_MAX, CREATURE_ID_MAX, LIGHT_MAX, STARTING_LIGHT } from "./rules";
