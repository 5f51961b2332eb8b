/** The guess card's form, as /takeaguess/{cardID} reads it, and how its answers are said. */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Translate } from "~/platform/respond.server";
import { SENT_KEY_PATTERN } from "~/platform/sent-keys.server";
import { GUESS_MAX } from "./judge";
import type { GuessDone } from "./guesses.server";

const key = z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(SENT_KEY_PATTERN).optional());

export const GuessIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("guess"),
      guess: z.string().trim().min(1, { error: "guesses:errors.guessRequired" }).max(GUESS_MAX, { error: "guesses:errors.guessTooLong" }),
      key,
    }),
    z.object({ intent: z.literal("hint"), hint: z.coerce.number().int().min(0).max(20) }),
  ],
  { error: "errors:validation.invalid" },
);

export const guessRefusals = {
  "no-card": { status: 404, message: "guesses:errors.noCard" },
  solved: { status: 409, message: "guesses:errors.solved", field: "guess" },
  "no-attempts-left": { status: 409, message: "guesses:errors.noAttemptsLeft", field: "guess" },
  "no-hint": { status: 404, message: "guesses:errors.noHint" },
} as const;

/** The toast a guess gets: right (with the points), close or wrong (with the tries left). */
export function guessToast(result: GuessDone, t: Translate): string {
  if (result.verdict === "right") return t("guesses:toast.right", { count: result.points });
  return t(`guesses:toast.${result.verdict}`, { count: result.attemptsLeft });
}

export const formKey = () => randomBytes(16).toString("hex");
