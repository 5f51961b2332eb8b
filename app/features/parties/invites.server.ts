/**
 * Invitations: one random token stands behind an invitation's link, its email and its QR
 * code. It names the party (and its contest), who invites, the role offered and how it was
 * sent; it is good for 7 days, holds a place in the party while pending, and can be resent
 * (a new token; the old one stops) or revoked. Only the token's SHA-256 is stored.
 *
 * Opening the link reads the invitation and spends nothing (mail scanners open links);
 * only the invitee's Accept, a POST, does.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { contests, invites, type Invite, type Party, type PartyRole } from "~/platform/db/schema";
import { db } from "~/platform/db/db.server";
import type { Tx } from "~/platform/db/transaction.server";
import { enqueueEmail } from "~/platform/email/queue.server";
import type { Language } from "~/platform/i18n";
import { done, refused } from "~/platform/outcome";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { inviteEmail } from "./invite-email.server";
import { formatJoinCode } from "./join-code";
import { peopleByIds } from "./people.server";
import { addToRoster, ledParty, lockParty, seatsTaken, type JoinRefusal, type ManageRefusal } from "./roster.server";
import { INVITE_TTL_MS, PARTY_RULES } from "./rules";
import { inTransaction } from "./tx.server";

export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A party's invitation (the table also holds a contest's role invitations, which name no party). */
export type PartyInvite = Invite & { partyId: number; role: PartyRole };
const isPartyInvite = (row: Invite): row is PartyInvite => row.partyId !== null && row.role !== "judge";

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** What a token looks like (anything else is not looked up). */
export const isTokenShaped = (value: string | null | undefined): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);

/**
 * An invitation's link: the spec's Accept Invite path (party, then contest, inviter, role
 * and how it was sent, where the party has a contest) with the token in the query, which
 * sign-in keeps on the way back.
 */
export function inviteLink(origin: string, invite: Pick<Invite, "partyId" | "contestId" | "inviterId" | "role" | "channel">, token: string) {
  const segments =
    invite.contestId === null
      ? [invite.partyId]
      : [invite.partyId, invite.contestId, invite.inviterId ?? 0, invite.role, invite.channel];
  return `${origin}/accept-invite/${segments.join("/")}?invite=${token}`;
}

/** The link a party's QR code and poster carry: its join code, which works until rotated. */
export function codeLink(origin: string, party: Pick<Party, "id" | "contestId" | "joinCode">) {
  const segments = party.contestId === null ? [party.id] : [party.id, party.contestId];
  return `${origin}/accept-invite/${segments.join("/")}?code=${party.joinCode}`;
}

export type InviteRefusal = ManageRefusal | "full" | "too-many-emails";

interface Made {
  inviteId: number;
  partyId: number;
  token: string;
  link: string;
  channel: Invite["channel"];
  email: string | null;
}

async function makeInvite(
  tx: Tx,
  party: Party,
  values: { inviterId: number; role: PartyRole; channel: Invite["channel"]; email: string | null; language: Language | null },
  origin: string,
  now: Date,
): Promise<Made> {
  const token = newToken();
  const [invite] = await tx
    .insert(invites)
    .values({
      tokenHash: hashInviteToken(token),
      partyId: party.id,
      contestId: party.contestId,
      inviterId: values.inviterId,
      role: values.role,
      channel: values.channel,
      email: values.email,
      language: values.language,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      createdAt: now,
    })
    .returning();
  const link = inviteLink(origin, invite!, token);
  if (invite!.channel === "email" && invite!.email) {
    const people = await peopleByIds([values.inviterId], tx, values.language ?? "en");
    const [contest] = party.contestId === null ? [] : await tx.select({ name: contests.name }).from(contests).where(eq(contests.id, party.contestId));
    const email = await inviteEmail({
      language: values.language ?? "en",
      inviter: people.get(values.inviterId)?.name ?? "",
      party: party.name,
      motto: party.motto,
      contest: contest?.name ?? null,
      role: values.role,
      link,
      code: formatJoinCode(party.joinCode),
      expiresAt: invite!.expiresAt,
    });
    await enqueueEmail(tx, { ...email, to: invite!.email, kind: "party-invite" }, now);
  }
  return { inviteId: invite!.id, partyId: party.id, token, link, channel: invite!.channel, email: invite!.email };
}

/** A ringleader invites by link (shown once, with its QR code) or by email (queued). */
export async function invite(
  ringleaderId: number,
  partyId: number,
  options: { channel: "link" | "email"; role: PartyRole; email?: string; language?: Language },
  origin: string,
  now = new Date(),
) {
  if (options.channel === "email") {
    // Counted before the transaction: a refused send costs nothing else.
    const limit = await hitRateLimit("party-invite-email", String(ringleaderId), { limit: PARTY_RULES.emailsPerHour, windowMs: 60 * 60 * 1000 }, now);
    if (!limit.allowed) return refused<InviteRefusal>("too-many-emails", { retryAfter: limit.retryAfterSeconds });
  }
  return inTransaction<Made, InviteRefusal>(async (tx) => {
    const party = await ledParty(tx, partyId, ringleaderId);
    if ((await seatsTaken(tx, party.id, now)) >= party.cap) return refused("full", { details: { cap: party.cap } });
    const made = await makeInvite(
      tx,
      party,
      { inviterId: ringleaderId, role: options.role, channel: options.channel, email: options.email ?? null, language: options.language ?? null },
      origin,
      now,
    );
    return done(made);
  });
}

export type ChangeInviteRefusal = ManageRefusal | "unknown-invite" | "not-pending" | "full";

/**
 * The invitation, locked, once its party's row is locked and `ringleaderId` leads it: every
 * roster change locks the party first, then the invitation, so two of them never wait on
 * each other.
 */
async function lockInviteOfLedParty(tx: Tx, inviteId: number, ringleaderId: number) {
  if (!Number.isSafeInteger(inviteId) || inviteId < 1 || inviteId > 2_147_483_647) return null;
  const [found] = await tx.select({ partyId: invites.partyId }).from(invites).where(eq(invites.id, inviteId));
  if (!found || found.partyId === null) return null;
  const party = await ledParty(tx, found.partyId, ringleaderId);
  const [row] = await tx.select().from(invites).where(eq(invites.id, inviteId)).for("update");
  return row && isPartyInvite(row) ? { party, invite: row } : null;
}

/**
 * Resends an invitation: a new token (a new link, a new email for an email invitation) for
 * another 7 days; the old token stops working at once. An expired invitation may be resent
 * too, when the party has room for it again.
 */
export function resendInvite(ringleaderId: number, inviteId: number, origin: string, now = new Date()) {
  return inTransaction<Made, ChangeInviteRefusal>(async (tx) => {
    const locked = await lockInviteOfLedParty(tx, inviteId, ringleaderId);
    if (!locked) return refused("unknown-invite");
    const { party, invite: old } = locked;
    if (old.status !== "pending") return refused("not-pending");
    const expired = old.expiresAt.getTime() <= now.getTime();
    // A pending invitation's place passes to its replacement; an expired one held none.
    if (expired && (await seatsTaken(tx, party.id, now)) >= party.cap) return refused("full");
    const made = await makeInvite(
      tx,
      party,
      { inviterId: ringleaderId, role: old.role, channel: old.channel, email: old.email, language: (old.language as Language | null) ?? null },
      origin,
      now,
    );
    await tx.update(invites).set({ status: "replaced", decidedAt: now, replacedBy: made.inviteId }).where(eq(invites.id, old.id));
    return done(made);
  });
}

/** Revokes a pending invitation: its link stops working and its place is free again. */
export function revokeInvite(ringleaderId: number, inviteId: number, now = new Date()) {
  return inTransaction<{ partyId: number; email: string | null }, ChangeInviteRefusal>(async (tx) => {
    const locked = await lockInviteOfLedParty(tx, inviteId, ringleaderId);
    if (!locked) return refused("unknown-invite");
    const { party, invite: found } = locked;
    if (found.status !== "pending") return refused("not-pending");
    await tx.update(invites).set({ status: "revoked", decidedAt: now }).where(eq(invites.id, found.id));
    return done({ partyId: party.id, email: found.email });
  });
}

/** Why an invitation cannot be accepted, as the Accept Invite screen explains it. */
export type InviteProblem = "unknown-invite" | "expired" | "revoked" | "replaced" | "declined" | "used";

/** The state of a pending invitation for its reader (no lock: the screen only reads). */
export function inviteProblem(invite: Invite, now: Date, viewerId: number | null): InviteProblem | "mine" | null {
  if (invite.status === "accepted") return invite.acceptedBy === viewerId ? "mine" : "used";
  if (invite.status !== "pending") return invite.status;
  if (invite.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}

/** The invitation behind a token, if it names the party of the link. */
export async function findInvite(token: string | null | undefined, partyId?: number, executor: Pick<Tx, "select"> = db()) {
  if (!isTokenShaped(token)) return null;
  const [row] = await executor.select().from(invites).where(eq(invites.tokenHash, hashInviteToken(token)));
  if (!row || !isPartyInvite(row) || (partyId !== undefined && row.partyId !== partyId)) return null;
  return row;
}

export type AcceptRefusal = InviteProblem | JoinRefusal;

/** The invitee's Accept: the one thing that spends an invitation. */
export function acceptInvite(memberId: number, token: string, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number; role: PartyRole; promoted: boolean }, AcceptRefusal>(async (tx) => {
    const found = await findInvite(token, partyId, tx);
    if (!found) return refused("unknown-invite");
    // The party first, then the invitation: every roster change locks in that order.
    const party = await lockParty(tx, found.partyId);
    if (!party) return refused("unknown-invite");
    const [invite] = (await tx.select().from(invites).where(eq(invites.id, found.id)).for("update")).filter(isPartyInvite);
    const problem = inviteProblem(invite!, now, memberId);
    if (problem === "mine") return refused("already-member");
    if (problem) return refused(problem);
    const joined = await addToRoster(tx, party, memberId, { role: invite!.role, via: "invite", exceptInvite: invite!.id, now });
    if (!joined.ok) return joined;
    await tx.update(invites).set({ status: "accepted", decidedAt: now, acceptedBy: memberId }).where(eq(invites.id, invite!.id));
    return done(joined.value);
  });
}

/** The invitee's Decline: the invitation ends and its place is free again. */
export function declineInvite(memberId: number, token: string, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number }, InviteProblem>(async (tx) => {
    const found = await findInvite(token, partyId, tx);
    if (!found) return refused("unknown-invite");
    const ended = await tx
      .update(invites)
      .set({ status: "declined", decidedAt: now })
      .where(and(eq(invites.id, found.id), eq(invites.status, "pending"), sql`${invites.expiresAt} > ${now.toISOString()}`))
      .returning({ id: invites.id });
    if (ended.length === 0) {
      const problem = inviteProblem(found, now, memberId);
      return refused(problem === "mine" || problem === null ? "used" : problem);
    }
    return done({ partyId: found.partyId });
  });
}

/** Invitations of a party for its dashboard: pending first (expired ones marked), then recent. */
export async function partyInvites(partyId: number, lang: Language, now = new Date()) {
  const rows = await db()
    .select({
      id: invites.id,
      channel: invites.channel,
      email: invites.email,
      role: invites.role,
      status: invites.status,
      expiresAt: invites.expiresAt,
      createdAt: invites.createdAt,
      inviterId: invites.inviterId,
      acceptedBy: invites.acceptedBy,
    })
    .from(invites)
    .where(and(eq(invites.partyId, partyId), sql`(${invites.status} = 'pending' or ${invites.decidedAt} > ${new Date(now.getTime() - INVITE_TTL_MS).toISOString()})`))
    .orderBy(sql`${invites.status} = 'pending' desc`, sql`${invites.createdAt} desc`)
    .limit(50);
  const people = await peopleByIds(rows.flatMap((row) => [row.inviterId, row.acceptedBy]), db(), lang);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    email: row.email,
    role: row.role,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inviter: row.inviterId === null ? null : (people.get(row.inviterId)?.name ?? null),
    acceptedBy: row.acceptedBy === null ? null : (people.get(row.acceptedBy)?.name ?? null),
    expired: row.status === "pending" && row.expiresAt.getTime() <= now.getTime(),
  }));
}

