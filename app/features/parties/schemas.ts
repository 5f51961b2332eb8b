/**
 * The party forms' fields. Messages are translation keys (parties namespace); a too-long
 * or too-short value's message gets {{max}} or {{min}}.
 */
import { z } from "zod";
import { supportedLanguages } from "~/platform/i18n";
import { JOIN_POLICIES as joinPolicies, PARTY_ROLES as partyRoles, PARTY_RULES } from "./rules";

const id = (message = "parties:errors.unknown") =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

export const BuildPartyForm = z.object({
  /** "none" (or nothing) builds a friends' party outside contests. */
  contestId: z
    .union([z.literal(""), z.literal("none"), id("parties:errors.contest")])
    .optional()
    .transform((v) => (v === undefined || v === "" || v === "none" ? null : v)),
  name: z
    .string({ error: "parties:errors.nameRequired" })
    .trim()
    .min(1, { error: "parties:errors.nameRequired" })
    .max(PARTY_RULES.nameMax, { error: "parties:errors.nameTooLong" }),
  motto: z.string().trim().max(PARTY_RULES.mottoMax, { error: "parties:errors.mottoTooLong" }).default(""),
  zipcode: z
    .string()
    .trim()
    .max(PARTY_RULES.zipcodeMax, { error: "parties:errors.zipcode" })
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]{1,9})?$/, { error: "parties:errors.zipcode" })
    .default("")
    .transform((v) => v || null),
  cap: z.coerce
    .number({ error: "parties:errors.cap" })
    .int({ error: "parties:errors.cap" })
    .min(PARTY_RULES.capMin, { error: "parties:errors.cap" })
    .max(PARTY_RULES.capMax, { error: "parties:errors.cap" }),
  joinPolicy: z.enum(joinPolicies, { error: "parties:errors.joinPolicy" }),
});

const role = z.enum(partyRoles, { error: "parties:errors.role" }).default("member");

export const ManagerForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("invite-link"), partyId: id(), role }),
    z.object({
      intent: z.literal("invite-email"),
      partyId: id(),
      role,
      email: z
        .string({ error: "parties:errors.emailRequired" })
        .trim()
        .min(1, { error: "parties:errors.emailRequired" })
        .max(254, { error: "parties:errors.email" })
        .pipe(z.email({ error: "parties:errors.email" })),
      language: z.enum(supportedLanguages, { error: "parties:errors.language" }).default("en"),
    }),
    z.object({ intent: z.literal("resend"), inviteId: id() }),
    z.object({ intent: z.literal("revoke"), inviteId: id() }),
    z.object({ intent: z.literal("rotate-code"), partyId: id() }),
    z.object({ intent: z.literal("accept-request"), partyId: id(), requestId: id() }),
    z.object({ intent: z.literal("decline-request"), partyId: id(), requestId: id() }),
    z.object({
      intent: z.literal("remove"),
      partyId: id(),
      memberId: id(),
      reason: z
        .string({ error: "parties:errors.reasonRequired" })
        .trim()
        .min(1, { error: "parties:errors.reasonRequired" })
        .max(PARTY_RULES.reasonMax, { error: "parties:errors.reasonTooLong" }),
    }),
    z.object({ intent: z.literal("hand-over"), partyId: id(), memberId: id() }),
    z.object({ intent: z.literal("co-ringleader"), partyId: id(), memberId: id() }),
  ],
  { error: "parties:errors.unknown" },
);
export type ManagerInput = z.output<typeof ManagerForm>;

/** The party page's buttons: join an open party, ask to join a request party, withdraw the ask, leave. */
export const PartyPageForm = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("join") }), z.object({ intent: z.literal("request") }), z.object({ intent: z.literal("withdraw") }), z.object({ intent: z.literal("leave") })],
  { error: "parties:errors.unknown" },
);

/** Accept Invite's two buttons: accept (or join, ask to join) the link's party, or decline its invitation. */
export const AcceptForm = z.discriminatedUnion("intent", [z.object({ intent: z.literal("accept") }), z.object({ intent: z.literal("decline") })], {
  error: "parties:errors.unknown",
});

export const CodeForm = z.object({
  code: z
    .string({ error: "parties:errors.codeRequired" })
    .trim()
    .min(1, { error: "parties:errors.codeRequired" })
    .max(40, { error: "parties:errors.codeShape" }),
});
