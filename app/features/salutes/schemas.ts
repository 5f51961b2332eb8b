/**
 * The salute forms, validated on the server. Error messages are `salutes:` translation
 * keys; the route translates them.
 */
import { z } from "zod";
import { secretPrompts } from "./prompts";
import { checkNote } from "./word-filter";

/**
 * Plain whole numbers only, as digits: `Number()` (and so `z.coerce.number`) also reads
 * "1e1" as 10, "0x3" as 3 and "" as 0, none of which a member typed as a count. Anything
 * else becomes NaN, which the number schema refuses with the field's own message.
 * Spaces around the digits are let go, as a number input would.
 */
const toWhole = (value: unknown) => {
  if (typeof value === "number") return value;
  const text = typeof value === "string" ? value.trim() : "";
  return /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
};
const whole = (message: string, min: number, max: number) =>
  z.preprocess(toWhole, z.number({ error: message }).int(message).min(min, message).max(max, message));

const id = whole("errors.recipient", 1, 2_147_483_647);
const message = z
  .string()
  .trim()
  .min(1, "errors.messageRequired")
  .max(280, "errors.messageTooLong");
/** Gems are optional: an empty field gives none. */
const gems = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? 0 : v),
  whole("errors.gems", 0, 10),
);

export const ComplimentForm = z.object({ recipientId: id, message, gems });

export const StarSaluteForm = z.object({
  recipientId: id,
  message,
  gems,
  stars: whole("errors.stars", 1, 3),
});

export const SecretSaluteForm = z.object({
  recipientId: id,
  prompt: z.enum(secretPrompts, { error: "errors.prompt" }),
  note: z
    .string()
    .trim()
    .max(80, "errors.noteTooLong")
    .default("")
    .superRefine((note, ctx) => {
      const problem = note ? checkNote(note) : null;
      if (problem) ctx.addIssue({ code: "custom", message: `errors.note.${problem}` });
    }),
});

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, as translation keys. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}
