/**
 * The quest screens' forms. Messages are translation keys (quests namespace); a form that
 * is not one of a page's intents is simply invalid.
 */
import { z } from "zod";
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
