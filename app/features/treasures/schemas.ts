/**
 * The game master's treasure forms. Messages are translation keys (treasures namespace).
 */
import { z } from "zod";

const optionalMoment = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    // <input type="datetime-local"> sends "2026-05-01T10:00" with no zone: Glow's pages speak UTC.
    const at = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "treasures:errors.moment" });
      return z.NEVER;
    }
    return at;
  });

const id = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);

const HideForm = z
  .object({
    intent: z.literal("hide"),
    name: z.string().trim().min(1, { error: "treasures:errors.nameRequired" }).max(80, { error: "treasures:errors.nameTooLong" }),
    hint: z.string().trim().max(200, { error: "treasures:errors.hintTooLong" }).default(""),
    points: z.coerce.number({ error: "treasures:errors.points" }).int({ error: "treasures:errors.points" }).min(0, { error: "treasures:errors.points" }).max(1000, { error: "treasures:errors.points" }),
    lightReward: z.coerce.number({ error: "treasures:errors.light" }).int({ error: "treasures:errors.light" }).min(0, { error: "treasures:errors.light" }).max(100, { error: "treasures:errors.light" }),
    opensAt: optionalMoment,
    closesAt: optionalMoment,
  })
  .refine((t) => !t.opensAt || !t.closesAt || t.opensAt < t.closesAt, { path: ["closesAt"], error: "treasures:errors.window" });

/** What hiding a treasure takes: the hide form's fields. */
export type TreasureInput = Omit<z.output<typeof HideForm>, "intent">;

const OTHER_INTENTS: readonly unknown[] = ["rotate", "approve", "reject"];

/**
 * /gamemaster/treasures' forms, told apart by `intent`: rotate a leaked code, approve or
 * reject a held find, or hide a treasure.
 */
export const TreasureForm = z.preprocess(
  // A post naming none of the other intents has always meant the hide form (a script's post may leave it out).
  (input) => (input && typeof input === "object" && !OTHER_INTENTS.includes((input as { intent?: unknown }).intent) ? { ...input, intent: "hide" } : input),
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("rotate"), treasureId: id }),
    z.object({ intent: z.enum(["approve", "reject"]), treasureId: id, memberId: id }),
    HideForm,
  ]),
);
