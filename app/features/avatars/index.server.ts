/** What other features may use of avatars on the server: a look, and saving one in a transaction. */
export { saveCharacter } from "./characters.server";
export type { Look } from "./options.server";
