/**
 * The salute forms, validated on the server (platform/forms.server.ts). Error messages are
 * `salutes:` translation keys, translated by the responder.
 */
import { z } from "zod";
import { secretPrompts } from "~/platform/db/schema/secret-prompts";
import { reportReasons } from "./report-reasons";
import { SALUTE_RULES } from "./rules";
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

const id = whole("salutes:errors.recipient", 1, 2_147_483_647);
const message = z
  .string({ error: "salutes:errors.messageRequired" })
  .trim()
  .min(1, "salutes:errors.messageRequired")
  .max(SALUTE_RULES.messageMax, "salutes:errors.messageTooLong");
/** Gems are optional: an empty field gives none. */
const gems = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? 0 : v),
  whole("salutes:errors.gems", 0, SALUTE_RULES.maxGemsPerSalute),
);

export const ComplimentForm = z.object({ recipientId: id, message, gems });

export const StarSaluteForm = z.object({
  recipientId: id,
  message,
  gems,
  stars: whole("salutes:errors.stars", 1, SALUTE_RULES.starsMax),
});

export const SecretSaluteForm = z.object({
  recipientId: id,
  prompt: z.enum(secretPrompts, { error: "salutes:errors.prompt" }),
  note: z
    .string()
    .trim()
    .max(SALUTE_RULES.noteMax, "salutes:errors.noteTooLong")
    .default("")
    .superRefine((note, ctx) => {
      const problem = note ? checkNote(note) : null;
      if (problem) ctx.addIssue({ code: "custom", message: `salutes:errors.note.${problem}` });
    }),
});

const closedSaluteId = z.coerce.number({ error: "salutes:received.refused" }).int().positive().max(2_147_483_647);

/** A received salute closed by its recipient: hidden, or reported with a reason (/salute-received). */
export const SaluteClosing = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hide"), saluteId: closedSaluteId }),
    z.object({ intent: z.literal("report"), saluteId: closedSaluteId, reason: z.enum(reportReasons, { error: "salutes:received.refused" }).default("other") }),
  ],
  { error: "salutes:received.refused" },
);
