/**
 * The beamkins' form posts, read with zod before anything reaches the database. A field
 * that is missing, not a whole number or out of range becomes the refusal a member gets
 * for it: a creature id that can name no beamkin is "unknown-creature" (404), as
 * /beamkins/active and /beamkins/obtain have always answered; a bad amount of light is
 * "invalid-amount" (400).
 */
import { z } from "zod";
import { BeamkinRefusal, refusalStatus, type RefusalCode } from "./errors";
import { CHAT_MESSAGE_MAX, CREATURE_ID_MAX, LIGHT_MAX } from "./rules";

/** A whole number typed in a form, within min–max; anything else is the refusal `code`. */
function wholeNumberField(code: RefusalCode, min: number, max: number) {
  return z
    .string({ error: code })
    .trim()
    .regex(/^\d{1,10}$/, { error: code })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: code }).max(max, { error: code }));
}

const creatureId = wholeNumberField("unknown-creature", 1, CREATURE_ID_MAX);

/** /beamkins and /beamkins/give-light: {creatureId, light}. */
export const giveLightForm = z.object({
  creatureId,
  light: wholeNumberField("invalid-amount", 1, LIGHT_MAX),
});

/** /beamkins/obtain: {creatureId}. */
export const obtainForm = z.object({ creatureId });

/** /beamkins/active: {creatureId}, where 0 means no companion. */
export const chooseActiveForm = z.object({ creatureId: wholeNumberField("unknown-creature", 0, CREATURE_ID_MAX) });

/** /beamkins/backpack: {corralled: "true" | "false"}. */
export const backpackForm = z.object({
  corralled: z.enum(["true", "false"], { error: "invalid-backpack" }).transform((choice) => choice === "true"),
});

/**
 * /beamkins/chat: {message, creatureId?, hour?}. No creatureId (or "") is the active
 * beamkin and 0 the creature-less chat. The hour is the browser's clock, only a hint for
 * the brain: one that is not 0–23 is left out rather than refused.
 */
export const chatForm = z.object({
  message: z
    .string({ error: "empty-message" })
    .trim()
    .min(1, { error: "empty-message" })
    .refine((message) => [...message].length <= CHAT_MESSAGE_MAX, { error: "message-too-long" }),
  creatureId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    wholeNumberField("unknown-creature", 0, CREATURE_ID_MAX).optional(),
  ),
  hour: wholeNumberField("invalid-form", 0, 23).optional().catch(undefined),
});

/** The form's fields as the schema reads them, or the refusal for the first field that is wrong. */
export function readForm<S extends z.ZodType>(schema: S, form: FormData): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (parsed.success) return parsed.data;
  const said = parsed.error.issues[0]?.message;
  throw new BeamkinRefusal(said !== undefined && said in refusalStatus ? (said as RefusalCode) : "invalid-form");
}
