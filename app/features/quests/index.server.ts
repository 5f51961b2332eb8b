/**
 * What other features, the root and the wiring may use of quests on the server: quests
 * written as data (the demo world), catch codes, progress as a listener of what members do
 * and from the pages they open, and a page's quest dialogue for the companion.
 */
export { ensureBuiltInQuests, SIGNUP_QUEST, writeQuest, type QuestDefinition } from "./built-in.server";
export { newCatchCode } from "./catch-links.server";
export { countForQuests, questVisits } from "./progress.server";
export { questDialogueAt } from "./runs.server";
