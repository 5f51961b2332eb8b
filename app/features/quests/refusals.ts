/** How the quest screens' refusals are answered: status and message (quests namespace, en and zh). */
import type { RefusalAnswer } from "~/platform/respond.server";

/** Starting a quest (/choose-quest). */
export const startRefusals = {
  "no-quest": { status: 404, message: "quests:errors.noQuest" },
  "needs-party": { status: 409, message: "quests:errors.needsParty" },
  finished: { status: 409, message: "quests:errors.finished" },
} as const satisfies Record<string, RefusalAnswer>;

/** Catching a beamkin from a link (/kidnap). */
export const catchRefusals = {
  "unknown-link": { status: 404, message: "quests:kidnap.unknown" },
  expired: { status: 410, message: "quests:kidnap.expired" },
  used: { status: 410, message: "quests:kidnap.used" },
  "already-yours": { status: 409, message: "quests:kidnap.alreadyYours" },
} as const satisfies Record<string, RefusalAnswer>;

/** Sharing a catch link (/kidnap); each message lands beside the beamkin picked. */
export const shareRefusals = {
  "not-yours": { status: 403, message: "quests:kidnap.notYours", field: "creatureId" },
  "unknown-creature": { status: 404, message: "quests:kidnap.unknownBeamkin", field: "creatureId" },
  "too-many-links": { status: 429, message: "quests:kidnap.tooMany", field: "creatureId" },
} as const satisfies Record<string, RefusalAnswer>;

/** /playquest's forms: a prize box, skipping or replaying a quest, and a step's code (beside the code field). */
export const playRefusals = {
  "no-box": { status: 404, message: "quests:errors.noBox" },
  "no-run": { status: 409, message: "quests:errors.noRun" },
  "no-quest": { status: 404, message: "quests:errors.noQuest" },
  "not-finished": { status: 409, message: "quests:errors.notFinished" },
  "unknown-code": { status: 404, message: "quests:errors.codeUnknown", field: "code" },
  "needs-party": { status: 409, message: "quests:errors.needsParty", field: "code" },
  finished: { status: 409, message: "quests:errors.finished", field: "code" },
} as const satisfies Record<string, RefusalAnswer>;

/** The game master's quest table (/gamemaster/quests); a status or target refusal lands on its field. */
export const questTableRefusals = {
  "no-quest": { status: 404, message: "quests:errors.noQuest" },
  played: { status: 409, message: "quests:errors.played" },
  "no-steps": { status: 409, message: "quests:errors.noSteps", field: "status" },
  "bad-target": { status: 400, message: "quests:errors.badTarget", field: "target" },
} as const satisfies Record<string, RefusalAnswer>;
