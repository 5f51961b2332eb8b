/** What other features may use of members anywhere: the name a member chose. */
export { chosenName } from "./display-name";
