/** What other features may use of treasures on the server: a new treasure code (the demo world). */
export { newTreasureCode } from "./game-master.server";
