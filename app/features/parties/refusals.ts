/**
 * How every refusal of the party commands is answered: its status and its message (in the
 * parties namespace, en and zh), the same for a form post and a JSON call. A refusal's
 * details fill its message ("You're already in {{party}} in this contest").
 */
import type { RefusalAnswer } from "~/platform/respond.server";

export const PARTY_REFUSALS = {
  "unknown-party": { status: 404, message: "parties:refusals.unknown-party" },
  "unknown-contest": { status: 404, message: "parties:refusals.unknown-contest", field: "contestId" },
  "unknown-invite": { status: 404, message: "parties:refusals.unknown-invite" },
  "no-request": { status: 404, message: "parties:refusals.no-request" },
  "no-such-code": { status: 404, message: "parties:refusals.no-such-code", field: "code" },
  "not-ringleader": { status: 403, message: "parties:refusals.not-ringleader" },
  "invite-only": { status: 403, message: "parties:refusals.invite-only" },
  self: { status: 400, message: "parties:refusals.self" },
  disbanded: { status: 410, message: "parties:refusals.disbanded" },
  expired: { status: 410, message: "parties:refusals.expired" },
  revoked: { status: 410, message: "parties:refusals.revoked" },
  replaced: { status: 410, message: "parties:refusals.replaced" },
  declined: { status: 410, message: "parties:refusals.declined" },
  "stale-code": { status: 410, message: "parties:refusals.stale-code", field: "code" },
  used: { status: 409, message: "parties:refusals.used" },
  full: { status: 409, message: "parties:refusals.full" },
  locked: { status: 409, message: "parties:refusals.locked" },
  "other-party": { status: 409, message: "parties:refusals.other-party" },
  "already-member": { status: 409, message: "parties:refusals.already-member" },
  "already-ringleader": { status: 409, message: "parties:refusals.already-ringleader" },
  "already-requested": { status: 409, message: "parties:refusals.already-requested" },
  "request-only": { status: 409, message: "parties:refusals.request-only" },
  "not-by-request": { status: 409, message: "parties:refusals.not-by-request" },
  "not-member": { status: 409, message: "parties:refusals.not-member" },
  "not-pending": { status: 409, message: "parties:refusals.not-pending" },
  ringleader: { status: 409, message: "parties:refusals.ringleader" },
  "contest-ended": { status: 409, message: "parties:refusals.contest-ended", field: "contestId" },
  "name-taken": { status: 409, message: "parties:refusals.name-taken", field: "name" },
  "too-many-emails": { status: 429, message: "parties:refusals.too-many-emails" },
  "too-many-tries": { status: 429, message: "parties:refusals.too-many-tries", field: "code" },
} as const satisfies Record<string, RefusalAnswer>;

export type PartyRefusal = keyof typeof PARTY_REFUSALS;
