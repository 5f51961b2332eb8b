/**
 * Who is in a party, and every way that changes: joining (by invitation, by code, an open
 * party, an accepted request), leaving, being removed, and who leads. The rules
 * (docs/parties.md) are held here, inside one transaction per change, with the party's row
 * locked so concurrent changes to one roster take turns:
 * - a member is in at most one party per contest (also a unique index);
 * - members plus pending invitations never exceed the party's cap;
 * - while a round of the party's contest is open, its roster is locked;
 * - a party always has a ringleader while it has members.
 */
import { and, asc, count, eq, gt, ne, sql } from "drizzle-orm";
import { memberRoles, contestRounds, contests, invites, parties, partyEvents, partyJoinRequests, partyMembers, type Party, type PartyRole } from "~/platform/db/schema";
import { enqueueEmail } from "~/platform/email/queue.server";
import type { Tx } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { escapeHtml } from "~/platform/escape-html";
import { supportedLanguages, type Language } from "~/platform/i18n";
import { translatorFor } from "~/platform/i18n.server";
import { afterJoin, type JoinedVia } from "./after-join.server";
import { peopleByIds } from "./people.server";
import { inTransaction, refuse } from "./tx.server";

export type JoinRefusal = "unknown-party" | "disbanded" | "already-member" | "locked" | "other-party" | "full";

/** The party's row, locked for this transaction (null when there is no such party). */
export async function lockParty(tx: Tx, partyId: number): Promise<Party | null> {
  if (!Number.isSafeInteger(partyId) || partyId < 1 || partyId > 2_147_483_647) return null;
  const [party] = await tx.select().from(parties).where(eq(parties.id, partyId)).for("update");
  return party ?? null;
}

/** Whether a round of this contest is open (its parties' rosters are then locked). */
export async function rosterLocked(tx: Tx, contestId: number | null): Promise<boolean> {
  if (contestId === null) return false;
  const [open] = await tx
    .select({ id: contestRounds.id })
    .from(contestRounds)
    .where(and(eq(contestRounds.contestId, contestId), eq(contestRounds.state, "open")))
    .limit(1);
  return Boolean(open);
}

/** Places taken: members, and invitations still pending and not expired (but `exceptInvite`). */
export async function seatsTaken(tx: Tx, partyId: number, now: Date, exceptInvite?: number): Promise<number> {
  const [roster] = await tx.select({ n: count() }).from(partyMembers).where(eq(partyMembers.partyId, partyId));
  const [pending] = await tx
    .select({ n: count() })
    .from(invites)
    .where(
      and(
        eq(invites.partyId, partyId),
        eq(invites.status, "pending"),
        gt(invites.expiresAt, now),
        exceptInvite === undefined ? undefined : ne(invites.id, exceptInvite),
      ),
    );
  return (roster?.n ?? 0) + (pending?.n ?? 0);
}

/** The member's role in the party, or null when they are not in it. */
export async function roleIn(tx: Tx, partyId: number, memberId: number): Promise<PartyRole | null> {
  const [row] = await tx
    .select({ role: partyMembers.role })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.memberId, memberId)));
  return row?.role ?? null;
}

/** The member's party in a contest, if any. */
export async function partyInContest(tx: Tx, memberId: number, contestId: number) {
  const [row] = await tx
    .select({ id: parties.id, name: parties.name })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.contestId, contestId)));
  return row ?? null;
}

/** A contest party's ringleader also holds the contest's ringleader role (section 6). */
async function grantContestRingleader(tx: Tx, memberId: number, contestId: number | null) {
  if (contestId === null) return;
  await tx.insert(memberRoles).values({ memberId, contestId, role: "ringleader" }).onConflictDoNothing();
}

/**
 * Puts a member on a locked party's roster, after every rule: the join path of every way in.
 * `exceptInvite` is the invitation being accepted (its place is the one taken).
 */
export async function addToRoster(
  tx: Tx,
  party: Party,
  memberId: number,
  options: { role?: PartyRole; via: JoinedVia; exceptInvite?: number; now: Date },
): Promise<Outcome<{ partyId: number; role: PartyRole; promoted: boolean }, JoinRefusal>> {
  const role = options.role ?? "member";
  if (party.disbandedAt) return refused("disbanded");
  const current = await roleIn(tx, party.id, memberId);
  if (current) {
    // An invitation to co-lead, accepted by a member already in: they are promoted.
    if (role === "ringleader" && current === "member") {
      await setRole(tx, party, memberId, "ringleader", null, options.now);
      return done({ partyId: party.id, role, promoted: true });
    }
    return refused("already-member");
  }
  if (await rosterLocked(tx, party.contestId)) return refused("locked");
  if (party.contestId !== null) {
    const other = await partyInContest(tx, memberId, party.contestId);
    if (other) return refused("other-party", { details: { party: other.name } });
  }
  if ((await seatsTaken(tx, party.id, options.now, options.exceptInvite)) >= party.cap) return refused("full");
  const inserted = await tx
    .insert(partyMembers)
    .values({ partyId: party.id, memberId, contestId: party.contestId, role, joinedAt: options.now })
    // The one-party-per-contest index: a join to another party of the contest that
    // committed meanwhile (its party's lock is not this one) leaves nothing to insert.
    .onConflictDoNothing()
    .returning({ memberId: partyMembers.memberId });
  if (inserted.length === 0) {
    const other = party.contestId === null ? null : await partyInContest(tx, memberId, party.contestId);
    return refused("other-party", { details: { party: other?.name ?? "" } });
  }
  if (role === "ringleader") await grantContestRingleader(tx, memberId, party.contestId);
  await afterJoin(tx, { party, memberId, via: options.via, at: options.now });
  return done({ partyId: party.id, role, promoted: false });
}

/** Changes a member's role; records a hand-over or a new co-ringleader. */
async function setRole(tx: Tx, party: Party, memberId: number, role: PartyRole, actorId: number | null, now: Date) {
  await tx
    .update(partyMembers)
    .set({ role })
    .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, memberId)));
  if (role === "ringleader") {
    await grantContestRingleader(tx, memberId, party.contestId);
    await tx.insert(partyEvents).values({ partyId: party.id, kind: "ringleader", actorId, subjectId: memberId, createdAt: now });
  }
}

export type ManageRefusal = "unknown-party" | "not-ringleader" | "disbanded";

/** The locked party, when `memberId` leads it; a refusal otherwise (rolled back). */
export async function ledParty(tx: Tx, partyId: number, memberId: number): Promise<Party> {
  const party = await lockParty(tx, partyId);
  if (!party) refuse(refused("unknown-party"));
  if ((await roleIn(tx, party.id, memberId)) !== "ringleader") refuse(refused("not-ringleader"));
  if (party.disbandedAt) refuse(refused("disbanded"));
  return party;
}

export type LeaveRefusal = "unknown-party" | "not-member" | "locked";

/**
 * A member leaves. Their points stay with the party. The last ringleader to leave hands the
 * party to the longest-standing member (the game master is told); the last member to leave
 * disbands it (pending invitations and requests end with it).
 */
export function leaveParty(memberId: number, partyId: number, now = new Date()) {
  return inTransaction<{ partyId: number; disbanded: boolean; successor: number | null }, LeaveRefusal>(async (tx) => {
    const party = await lockParty(tx, partyId);
    if (!party) return refused("unknown-party");
    const role = await roleIn(tx, party.id, memberId);
    if (!role) return refused("not-member");
    if (await rosterLocked(tx, party.contestId)) return refused("locked");
    await tx.delete(partyMembers).where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, memberId)));
    await tx.insert(partyEvents).values({ partyId: party.id, kind: "left", actorId: memberId, subjectId: memberId, createdAt: now });
    const after = await keepALeader(tx, party, now);
    return done({ partyId: party.id, ...after });
  });
}

export type RemoveRefusal = ManageRefusal | "not-member" | "self" | "ringleader" | "locked";

/**
 * A ringleader removes a member, with a reason the member is shown. The answer names the
 * member in `lang`, the ringleader's (a generated name has a form in each language).
 */
export function removeMember(ringleaderId: number, partyId: number, memberId: number, reason: string, lang: Language, now = new Date()) {
  return inTransaction<{ partyId: number; memberName: string }, RemoveRefusal>(async (tx) => {
    const party = await ledParty(tx, partyId, ringleaderId);
    if (memberId === ringleaderId) return refused("self");
    const role = await roleIn(tx, party.id, memberId);
    if (!role) return refused("not-member");
    // Ringleaders are not removed by each other: one hands over, or leaves.
    if (role === "ringleader") return refused("ringleader");
    if (await rosterLocked(tx, party.contestId)) return refused("locked");
    await tx.delete(partyMembers).where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, memberId)));
    await tx.insert(partyEvents).values({ partyId: party.id, kind: "removed", actorId: ringleaderId, subjectId: memberId, note: reason, createdAt: now });
    const people = await peopleByIds([memberId], tx, lang);
    return done({ partyId: party.id, memberName: people.get(memberId)?.name ?? "" });
  });
}

export type LeadRefusal = ManageRefusal | "not-member" | "self" | "already-ringleader";

/**
 * A ringleader hands the party over (`stepDown`: they become a member) or makes another
 * member a co-ringleader. The answer names the member in `lang`, the ringleader's.
 */
export function changeLeader(ringleaderId: number, partyId: number, memberId: number, stepDown: boolean, lang: Language, now = new Date()) {
  return inTransaction<{ partyId: number; memberName: string }, LeadRefusal>(async (tx) => {
    const party = await ledParty(tx, partyId, ringleaderId);
    if (memberId === ringleaderId) return refused("self");
    const role = await roleIn(tx, party.id, memberId);
    if (!role) return refused("not-member");
    if (role === "ringleader" && !stepDown) return refused("already-ringleader");
    if (role !== "ringleader") await setRole(tx, party, memberId, "ringleader", ringleaderId, now);
    if (stepDown) {
      await tx
        .update(partyMembers)
        .set({ role: "member" })
        .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, ringleaderId)));
      await tx.insert(partyEvents).values({ partyId: party.id, kind: "handover", actorId: ringleaderId, subjectId: memberId, createdAt: now });
    }
    const people = await peopleByIds([memberId], tx, lang);
    return done({ partyId: party.id, memberName: people.get(memberId)?.name ?? "" });
  });
}

/**
 * After someone left: a party with members but no ringleader gets its longest-standing
 * member as ringleader (and its game master is told); a party with no one disbands.
 */
async function keepALeader(tx: Tx, party: Party, now: Date): Promise<{ disbanded: boolean; successor: number | null }> {
  const roster = await tx
    .select({ memberId: partyMembers.memberId, role: partyMembers.role })
    .from(partyMembers)
    .where(eq(partyMembers.partyId, party.id))
    .orderBy(asc(partyMembers.joinedAt), asc(partyMembers.memberId));
  if (roster.length === 0) {
    await tx.update(parties).set({ disbandedAt: now }).where(eq(parties.id, party.id));
    await tx.update(invites).set({ status: "revoked", decidedAt: now }).where(and(eq(invites.partyId, party.id), eq(invites.status, "pending")));
    await tx
      .update(partyJoinRequests)
      .set({ status: "declined", decidedAt: now })
      .where(and(eq(partyJoinRequests.partyId, party.id), eq(partyJoinRequests.status, "pending")));
    await tx.insert(partyEvents).values({ partyId: party.id, kind: "disbanded", createdAt: now });
    return { disbanded: true, successor: null };
  }
  if (roster.some((r) => r.role === "ringleader")) return { disbanded: false, successor: null };
  const successor = roster[0]!.memberId;
  await tx
    .update(partyMembers)
    .set({ role: "ringleader" })
    .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.memberId, successor)));
  await grantContestRingleader(tx, successor, party.contestId);
  await tx.insert(partyEvents).values({ partyId: party.id, kind: "succession", subjectId: successor, createdAt: now });
  await tellGameMaster(tx, party, successor);
  return { disbanded: false, successor };
}

/**
 * The game master hears of a succession on their role screen (the party's events) and, when
 * they gave an email address, by email. Glow keeps no language for a member (theirs lives in
 * their browser), so the email says it in both, each part naming the new ringleader in its
 * own language: a generated name has an English and a Chinese form (decision 1021).
 */
async function tellGameMaster(tx: Tx, party: Party, successor: number) {
  if (party.contestId === null) return;
  const [contest] = await tx
    .select({ name: contests.name, email: sql<string | null>`(select email from members where id = ${contests.gameMasterId})` })
    .from(contests)
    .where(eq(contests.id, party.contestId));
  if (!contest?.email) return;
  // Language after language: the names are read through the transaction's one connection,
  // which answers one query at a time.
  const parts = [];
  for (const lang of supportedLanguages) {
    const [people, t] = await Promise.all([peopleByIds([successor], tx, lang), translatorFor(lang)]);
    const values = { party: party.name, contest: contest.name, member: people.get(successor)?.name ?? "" };
    parts.push({ lang, subject: t("parties:email.succession.subject", values), text: t("parties:email.succession.text", values) });
  }
  await enqueueEmail(tx, {
    to: contest.email,
    subject: parts.map((p) => p.subject).join(" · "),
    text: parts.map((p) => p.text).join("\n\n"),
    html: parts.map((p) => `<p lang="${p.lang === "zh" ? "zh-Hans" : "en"}">${escapeHtml(p.text)}</p>`).join(""),
    kind: "party-succession",
  });
}
