/**
 * The quest screens' forms. Messages are translation keys (quests namespace); a form that
 * is not one of a page's intents is simply invalid.
 */
import { z } from "zod";
import { questObjectives, stepUnlocks } from "~/platform/db/schema/quest-kinds";
import { CATCH_RULES } from "./catch-rules";

/** /choose-quest's form: the quest to start. */
export const StartQuestForm = z.object({ questId: z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647) });

/** /kidnap's two forms: catch the beamkin of a link, or share a catch link for one. */
export const KidnapIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("catch"), code: z.string().trim().min(1).max(64) }),
    z.object({
      intent: z.literal("share"),
      creatureId: z.coerce.number({ error: "quests:errors.pickBeamkin" }).int().min(1).max(2_147_483_647),
      catches: z.coerce.number({ error: "quests:errors.catches" }).int().min(1, { error: "quests:errors.catches" }).max(CATCH_RULES.gmMaxCatches, { error: "quests:errors.catches" }).optional(),
      days: z.coerce.number({ error: "quests:errors.days" }).int().min(1, { error: "quests:errors.days" }).max(CATCH_RULES.gmMaxDays, { error: "quests:errors.days" }).optional(),
    }),
  ],
  { error: "errors:validation.invalid" },
);

const playId = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);

/** /playquest's four forms: open a prize box, skip a solo quest, replay a finished one, scan a step's code. */
export const PlayIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open-box"), boxId: playId }),
    z.object({ intent: z.literal("skip"), runId: playId }),
    z.object({ intent: z.literal("replay"), questId: playId }),
    z.object({ intent: z.literal("scan"), code: z.string().trim().min(1, { error: "quests:errors.codeRequired" }).max(64, { error: "quests:errors.codeUnknown" }) }),
  ],
  { error: "errors:validation.invalid" },
);

/** The game master's quest and step fields (/gamemaster/quests, the quest commands in game-master.server.ts). */
const text = (max: number, key: string) => z.string().trim().max(max, { error: key });

export const QuestFields = z.object({
  titleEn: text(80, "quests:errors.titleTooLong").min(1, { error: "quests:errors.titleRequired" }),
  titleZh: text(80, "quests:errors.titleTooLong").default(""),
  rewardEn: text(120, "quests:errors.rewardTooLong").min(1, { error: "quests:errors.rewardRequired" }),
  rewardZh: text(120, "quests:errors.rewardTooLong").default(""),
  timeNeeded: z.coerce
    .number({ error: "quests:errors.time" })
    .int({ error: "quests:errors.time" })
    .min(0, { error: "quests:errors.time" })
    .max(86_400, { error: "quests:errors.time" }),
  status: z.enum(["draft", "published"], { error: "quests:errors.status" }),
  kind: z.enum(["solo", "party"], { error: "quests:errors.kind" }),
});
export type QuestInput = z.output<typeof QuestFields>;

export const StepFields = z.object({
  objective: z.enum(questObjectives.filter((o) => o !== "signup") as ["visit", ...string[]], { error: "quests:errors.objective" }),
  target: text(200, "quests:errors.targetTooLong").default(""),
  unlock: z.enum(stepUnlocks, { error: "quests:errors.unlock" }),
  lineEn: text(300, "quests:errors.lineTooLong").min(1, { error: "quests:errors.lineRequired" }),
  lineZh: text(300, "quests:errors.lineTooLong").default(""),
  lightReward: z.coerce.number({ error: "quests:errors.light" }).int({ error: "quests:errors.light" }).min(0, { error: "quests:errors.light" }).max(100, { error: "quests:errors.light" }),
  points: z.coerce.number({ error: "quests:errors.points" }).int({ error: "quests:errors.points" }).min(0, { error: "quests:errors.points" }).max(1000, { error: "quests:errors.points" }),
});
export type StepInput = z.output<typeof StepFields>;

const gmQuestId = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);
const gmQuestIds = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined || v === "" ? [] : [v]),
  z.array(gmQuestId).min(1, { error: "quests:errors.selectSome" }).max(200),
);

/** /gamemaster/quests' forms: a quest's dialog, a row's buttons, the bulk buttons, the steps editor. */
export const QuestTableIntent = z.discriminatedUnion(
  "intent",
  [
    QuestFields.extend({ intent: z.literal("create") }),
    QuestFields.extend({ intent: z.literal("update"), questId: gmQuestId }),
    z.object({ intent: z.literal("delete"), questId: gmQuestId }),
    z.object({ intent: z.literal("duplicate"), questId: gmQuestId }),
    z.object({ intent: z.enum(["publish-selected", "draft-selected", "delete-selected"]), ids: gmQuestIds }),
    StepFields.extend({ intent: z.literal("add-step"), questId: gmQuestId }),
    z.object({ intent: z.literal("remove-step"), questId: gmQuestId, stepId: gmQuestId }),
  ],
  { error: "errors:validation.invalid" },
);
