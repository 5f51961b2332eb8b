/**
 * What each step objective asks of a member, and where they go to do it. Shared by the
 * server (the quest map) and the browser (the game master's step editor).
 */
import { href } from "react-router";
import type { QuestObjective } from "~/platform/db/schema/quests";

/** Where a step with this objective is done, when the step names no place of its own. */
export function placeOf(objective: QuestObjective, target: string | null): string | null {
  switch (objective) {
    case "signup":
      return href("/signup");
    case "visit":
      return target;
    case "avatar":
      return `${href("/profile")}#creator`;
    case "salute":
      return target === "star" ? href("/starsalute") : href("/salute-select");
    case "party":
      return href("/partybuilder");
    case "guess":
      return target ? href("/takeaguess/:cardID", { cardID: encodeURIComponent(target) }) : null;
    case "treasure":
      return href("/treasure");
    case "light":
      return href("/beamkins");
    case "chat":
      return href("/chat-demo");
  }
}

/** The translation key (quests namespace) of the step's task, e.g. "Save your avatar". */
export function taskKey(objective: QuestObjective, target: string | null): string {
  if (objective === "salute" && target === "star") return "tasks.starSalute";
  return `tasks.${objective}`;
}
