/**
 * The claim form as both treasure screens read it, and how its refusals are answered.
 */
import { href } from "react-router";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Language } from "~/platform/i18n";
import { SENT_KEY_PATTERN } from "~/platform/sent-keys.server";
import { formatMoment } from "~/ui/dates";
import type { DoneAnswer, Translate } from "~/platform/respond.server";
import type { ClaimDone, ClaimOutcome } from "./treasures.server";

export const ClaimFields = z.object({
  code: z.string().trim().min(1, { error: "treasures:errors.codeRequired" }).max(64, { error: "treasures:errors.codeWrong" }),
  key: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(SENT_KEY_PATTERN).optional()),
});

export const claimRefusals = {
  "wrong-code": { status: 400, message: "treasures:errors.codeWrong", field: "code" },
  "too-many-wrong": { status: 429, message: "treasures:errors.tooManyWrong", field: "code" },
  "not-open": { status: 409, message: "treasures:errors.notOpen", field: "code" },
  closed: { status: 410, message: "treasures:errors.closed", field: "code" },
  "already-yours": { status: 409, message: "treasures:errors.alreadyYours", field: "code" },
} as const;

/** The window's moments in the reader's words ("opens May 3, 2026 at 8:00 PM UTC"). */
export function claimInWords(outcome: ClaimOutcome, lang: Language): ClaimOutcome {
  if (outcome.ok || !outcome.details) return outcome;
  const details = { ...outcome.details };
  for (const name of ["opens", "closed"] as const) {
    if (typeof details[name] === "string") details[name] = formatMoment(details[name], lang);
  }
  return { ...outcome, details };
}

export function claimDone(found: Extract<ClaimOutcome, { ok: true }>["value"], t: Translate): DoneAnswer<ClaimDone> {
  return {
    redirectTo: href("/treasure/:id", { id: String(found.treasureId) }),
    toast:
      found.status === "review"
        ? t("treasures:toast.review", { name: found.name })
        : t("treasures:toast.found", { name: found.name, count: found.points }),
    result: found,
  };
}

/** A fresh key for the page's claim form: a double press of one form counts once. */
export const formKey = () => randomBytes(16).toString("hex");
