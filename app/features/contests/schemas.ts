/**
 * The contest forms' fields. Messages are translation keys (contests namespace); a
 * too-long value's message gets {{max}}.
 */
import { z } from "zod";
import { supportedLanguages } from "~/platform/i18n";
import { CONTEST_RULES, CONTEST_STATUSES } from "./rules";

const id = (message = "contests:errors.unknown") =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** A date and time typed in a `datetime-local` field, read as UTC (the form says so). */
const when = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(`${v}Z`))), { error: "contests:errors.date" })
  .transform((v) => (v === "" ? null : new Date(`${v}Z`)));

const reason = z
  .string({ error: "contests:errors.reasonRequired" })
  .trim()
  .min(1, { error: "contests:errors.reasonRequired" })
  .max(CONTEST_RULES.reasonMax, { error: "contests:errors.tooLong" });

const contestFields = {
  name: text(CONTEST_RULES.nameMax, "contests:errors.nameRequired", "contests:errors.tooLong"),
  description: z.string().trim().max(CONTEST_RULES.descriptionMax, { error: "contests:errors.tooLong" }).default(""),
  startsAt: when,
  endsAt: when,
  minJudges: z.coerce
    .number({ error: "contests:errors.minJudges" })
    .int({ error: "contests:errors.minJudges" })
    .min(CONTEST_RULES.minJudgesLeast, { error: "contests:errors.minJudges" })
    .max(CONTEST_RULES.minJudgesMost, { error: "contests:errors.minJudges" })
    // Left out (a JSON caller editing the name): the contest keeps what it has.
    .optional(),
};

const criterionName = (i: number) =>
  z
    .string()
    .trim()
    .max(CONTEST_RULES.criterionNameMax, { error: "contests:errors.tooLong" })
    .default("")
    .describe(`criterion${i}`);
const weight = z.coerce
  .number({ error: "contests:errors.weight" })
  .int({ error: "contests:errors.weight" })
  .min(CONTEST_RULES.weightMin, { error: "contests:errors.weight" })
  .max(CONTEST_RULES.weightMax, { error: "contests:errors.weight" })
  .default(1);

const criteriaFields = Object.fromEntries(
  Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => [
    [`criterion${i}`, criterionName(i)],
    [`weight${i}`, weight],
  ]).flat(),
) as Record<`criterion${number}` | `weight${number}`, z.ZodType>;

/** A round's form (create or edit): its fields, read into a round with its criteria listed. */
const roundForm = (intent: "create-round" | "edit-round") =>
  z
    .object({
      intent: z.literal(intent),
      contestId: id(),
      roundId: z.string().default(""),
      challenge: text(CONTEST_RULES.challengeMax, "contests:errors.challengeRequired", "contests:errors.tooLong"),
      opensAt: when,
      closesAt: when,
      ...criteriaFields,
    })
    .transform((v, ctx) => {
      const record = v as Record<string, unknown>;
      const criteria = Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => ({ name: String(record[`criterion${i}`] ?? ""), weight: Number(record[`weight${i}`] ?? 1) })).filter(
        (c) => c.name !== "",
      );
      if (criteria.length < CONTEST_RULES.criteriaMin) {
        ctx.addIssue({ code: "custom", path: ["criterion0"], message: "contests:errors.criteriaRequired" });
        return z.NEVER;
      }
      if (v.opensAt && v.closesAt && v.closesAt <= v.opensAt) {
        ctx.addIssue({ code: "custom", path: ["closesAt"], message: "contests:errors.closesBeforeOpens" });
        return z.NEVER;
      }
      return { intent: v.intent, contestId: v.contestId, roundId: v.roundId, challenge: v.challenge, opensAt: v.opensAt, closesAt: v.closesAt, criteria };
    });

/** The console's forms (/gamemaster), told apart by `intent`. */
export const ConsoleForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("switch"), contestId: id() }),
  roundForm("create-round"),
  roundForm("edit-round"),
  z.object({ intent: z.literal("create-contest"), ...contestFields }),
  z.object({ intent: z.literal("edit-contest"), contestId: id(), ...contestFields }),
  z.object({
    intent: z.literal("status"),
    contestId: id(),
    to: z.enum(CONTEST_STATUSES, { error: "contests:errors.unknown" }),
    confirm: z.literal("yes", { error: "contests:errors.confirm" }),
  }),
  z
    .object({
      intent: z.literal("advance"),
      roundId: id(),
      from: z.enum(["draft", "open", "judging"], { error: "contests:errors.unknown" }),
      /** Publishing can't be undone: its form is a second step that says so (decision 1221). */
      confirm: z.literal("yes", { error: "contests:errors.confirmPublish" }).optional(),
      /** Publishing while entries are short of judges: why, for the audit trail. */
      overrideReason: z.string().trim().max(CONTEST_RULES.reasonMax, { error: "contests:errors.tooLong" }).default(""),
    })
    .refine((v) => v.from !== "judging" || v.confirm === "yes", { path: ["confirm"], error: "contests:errors.confirmPublish" }),
  z.object({ intent: z.literal("freeze"), contestId: id(), confirm: z.literal("yes", { error: "contests:errors.confirm" }) }),
  z.object({
    intent: z.literal("invite"),
    contestId: id(),
    role: z.enum(["judge", "ringleader"], { error: "contests:errors.role" }),
    channel: z.enum(["link", "email"], { error: "contests:errors.unknown" }),
    email: z
      .string()
      .trim()
      .max(254, { error: "contests:errors.email" })
      .default("")
      .pipe(z.union([z.literal(""), z.email({ error: "contests:errors.email" })])),
    language: z.enum(supportedLanguages, { error: "contests:errors.unknown" }).default("en"),
  }),
  z.object({
    intent: z.literal("answer"),
    requestId: id(),
    decision: z.enum(["accept", "decline", "reply"], { error: "contests:errors.unknown" }),
    text: z.string().trim().max(CONTEST_RULES.questionMax, { error: "contests:errors.tooLong" }).default(""),
  }),
  z.object({ intent: z.literal("reopen-round"), roundId: id(), reason }),
  z.object({ intent: z.literal("remove-entry"), entryId: id(), reason }),
  z.object({
    intent: z.literal("reassign-ringleader"),
    /** One select over every party's members: "partyId:memberId" (a plain form has no dependent selects). */
    choice: z
      .string({ error: "contests:errors.newRingleader" })
      .regex(/^\d{1,9}:\d{1,9}$/, { error: "contests:errors.newRingleader" })
      .transform((v) => {
        const [partyId, memberId] = v.split(":").map(Number);
        return { partyId: partyId!, memberId: memberId! };
      }),
    reason,
  }),
  z.object({
    intent: z.literal("admit-late"),
    roundId: id(),
    partyId: id("contests:errors.party"),
    text: text(CONTEST_RULES.entryMax, "contests:errors.entryRequired", "contests:errors.tooLong"),
    reason,
  }),
]);

const score = z.coerce
  .number({ error: "contests:errors.score" })
  .int({ error: "contests:errors.score" })
  .min(CONTEST_RULES.scoreMin, { error: "contests:errors.score" })
  .max(CONTEST_RULES.scoreMax, { error: "contests:errors.score" });

export const JudgingForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("switch"), contestId: id() }),
  z.object({ intent: z.literal("claim"), contestId: id() }),
  z.object({ intent: z.literal("recuse"), entryId: id() }),
  z.object({ intent: z.literal("skip"), entryId: id() }),
  z.object({
    intent: z.literal("score"),
    entryId: id(),
    criteria: z.coerce.number().int().min(1).max(CONTEST_RULES.criteriaMax),
    noteForParty: z.string().trim().max(CONTEST_RULES.noteMax, { error: "contests:errors.tooLong" }).default(""),
    noteForGameMaster: z.string().trim().max(CONTEST_RULES.noteMax, { error: "contests:errors.tooLong" }).default(""),
    ...Object.fromEntries(Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => [`score${i}`, score.optional()])),
  }),
]);

export const EntryForm = z.object({
  intent: z.literal("entry"),
  roundId: id(),
  text: text(CONTEST_RULES.entryMax, "contests:errors.entryRequired", "contests:errors.tooLong"),
  link: z
    .string()
    .trim()
    .max(500, { error: "contests:errors.link" })
    .default("")
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), { error: "contests:errors.link" })
    .transform((v) => v || null),
  /** A file input left empty sends an empty file: no photo chosen. */
  photo: z
    .unknown()
    .optional()
    .transform((v) => (v instanceof Blob && v.size > 0 ? v : null))
    .refine((v) => v === null || v.size <= CONTEST_RULES.photoMaxBytes, { error: "contests:errors.photoTooLarge" }),
  removePhoto: z.literal("yes", { error: "contests:errors.unknown" }).optional(),
});

export const QuestionForm = z.object({
  intent: z.literal("question"),
  contestId: id(),
  question: text(CONTEST_RULES.questionMax, "contests:errors.questionRequired", "contests:errors.tooLong"),
});

const requestMessage = z.string().trim().max(CONTEST_RULES.requestMessageMax, { error: "contests:errors.tooLong" }).default("");

export const CompeteForm = z.discriminatedUnion("intent", [
  EntryForm,
  QuestionForm,
  z.object({ intent: z.literal("switch"), contestId: id() }),
  z.object({ intent: z.literal("ask-join"), contestId: id(), message: requestMessage }),
  z.object({ intent: z.literal("ask-role"), contestId: id(), role: z.enum(["judge", "ringleader"], { error: "contests:errors.role" }), message: requestMessage }),
]);

/** /judge-onboarding's two forms: accept the invitation, or score the calibration entry (never stored). */
export const OnboardingForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({
    intent: z.literal("calibrate"),
    ...Object.fromEntries(Array.from({ length: CONTEST_RULES.criteriaMax }, (_, i) => [`score${i}`, z.coerce.number().int().min(1).max(5).optional()])),
  }),
]);
