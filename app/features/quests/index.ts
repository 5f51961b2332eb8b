/** What other features may use of quests anywhere: a text written in both languages, shown in one. */
export { inLanguage, type ShownText } from "./text";
