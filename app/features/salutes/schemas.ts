/**
 * The salute forms, validated on the server. Error messages are `salutes:` translation
 * keys; the route translates them.
 */
import { z } from "zod";
import { secretPrompts } from "./prompts";
import { checkNote } from "./word-filter";

const id = z.coerce.number({ error: "errors.recipient" }).int().min(1, "errors.recipient").max(2_147_483_647, "errors.recipient");
const message = z
  .string()
  .trim()
  .min(1, "errors.messageRequired")
  .max(280, "errors.messageTooLong");
const gems = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? 0 : v),
  z.coerce.number({ error: "errors.gems" }).int("errors.gems").min(0, "errors.gems").max(10, "errors.gems"),
);

export const ComplimentForm = z.object({ recipientId: id, message, gems });

export const StarSaluteForm = z.object({
  recipientId: id,
  message,
  gems,
  stars: z.coerce.number({ error: "errors.stars" }).int("errors.stars").min(1, "errors.stars").max(3, "errors.stars"),
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
