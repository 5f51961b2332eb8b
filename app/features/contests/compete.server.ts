/**
 * A member's view of their contests (/compete): each contest they play in with its status,
 * their party, the open round's challenge and deadline, their party's entry (any member of
 * the party submits or changes it until the round closes) and published results only.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { inTransaction } from "~/features/parties/index.server";
import { db } from "~/platform/db/db.server";
import { contestRequests, contestRounds, contests, entryPhotos, memberRoles, parties, partyMembers, roundEntries } from "~/platform/db/schema";
import type { Queryable } from "~/platform/db/transaction.server";
import { done, refused } from "~/platform/outcome";
import { notifyContest } from "./live.server";
import type { PhotoChange } from "./photos.server";
import { contestStatus, entriesOpen } from "./rules";

export type EntryRefusal = "unknown-round" | "not-in-party" | "round-closed" | "contest-not-active";

/** The contests a member plays in (through a party), with their party there. */
export async function memberContests(memberId: number) {
  const rows = await db()
    .select({ id: contests.id, name: contests.name, description: contests.description, status: contests.status, startsAt: contests.startsAt, endsAt: contests.endsAt, partyId: parties.id, party: parties.name })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .innerJoin(contests, eq(contests.id, partyMembers.contestId))
    .where(eq(partyMembers.memberId, memberId))
    .orderBy(asc(contests.id));
  return rows.map((r) => ({ ...r, status: contestStatus(r.status), startsAt: r.startsAt?.toISOString() ?? null, endsAt: r.endsAt?.toISOString() ?? null }));
}

/** The rounds a member sees (drafts are the game master's own), with their party's entry in each. */
export async function roundsForParty(contestId: number, partyId: number, now = new Date()) {
  const rounds = await db().select().from(contestRounds).where(eq(contestRounds.contestId, contestId)).orderBy(asc(contestRounds.number));
  const shown = rounds.filter((r) => r.state !== "draft");
  const entries = shown.length
    ? await db()
        .select({ id: roundEntries.id, roundId: roundEntries.roundId, text: roundEntries.text, link: roundEntries.link, submittedAt: roundEntries.submittedAt, removedAt: roundEntries.removedAt, photo: entryPhotos.entryId })
        .from(roundEntries)
        .leftJoin(entryPhotos, eq(entryPhotos.entryId, roundEntries.id))
        .where(and(inArray(roundEntries.roundId, shown.map((r) => r.id)), eq(roundEntries.partyId, partyId)))
    : [];
  return shown.map((r) => {
    const entry = entries.find((e) => e.roundId === r.id && !e.removedAt) ?? null;
    return {
      id: r.id,
      number: r.number,
      state: r.state,
      challenge: r.challenge,
      criteria: r.criteria,
      closesAt: r.closesAt?.toISOString() ?? null,
      canSubmit: entriesOpen(r, now),
      entry: entry ? { id: entry.id, text: entry.text, link: entry.link, hasPhoto: entry.photo !== null, submittedAt: entry.submittedAt.toISOString() } : null,
    };
  });
}

/**
 * A party member submits (or resubmits) the party's entry for an open round; a
 * resubmission keeps the photo, replaces it or removes it.
 */
export function submitEntry(memberId: number, roundId: number, values: { text: string; link: string | null; photo?: PhotoChange }, now = new Date()) {
  return inTransaction<{ roundId: number; contestId: number }, EntryRefusal>(async (tx) => {
    const [round] = await tx.select().from(contestRounds).where(eq(contestRounds.id, roundId)).for("share");
    if (!round) return refused("unknown-round");
    const [contest] = await tx.select().from(contests).where(eq(contests.id, round.contestId));
    const [mine] = await tx
      .select({ partyId: partyMembers.partyId })
      .from(partyMembers)
      .where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.contestId, round.contestId)));
    if (!mine) return refused("not-in-party");
    if (contestStatus(contest?.status) !== "Active") return refused("contest-not-active");
    if (!entriesOpen(round, now)) return refused("round-closed");
    const [entry] = await tx
      .insert(roundEntries)
      .values({ roundId, partyId: mine.partyId, text: values.text, link: values.link, submittedBy: memberId, submittedAt: now })
      .onConflictDoUpdate({
        target: [roundEntries.roundId, roundEntries.partyId],
        set: { text: values.text, link: values.link, submittedBy: memberId, submittedAt: now, removedAt: null },
      })
      .returning({ id: roundEntries.id });
    const photo = values.photo ?? { kind: "keep" };
    if (photo.kind === "remove") await tx.delete(entryPhotos).where(eq(entryPhotos.entryId, entry!.id));
    if (photo.kind === "replace") {
      const stored = { bytes: photo.bytes, contentType: photo.contentType, size: photo.bytes.length, createdAt: now };
      await tx
        .insert(entryPhotos)
        .values({ entryId: entry!.id, ...stored })
        .onConflictDoUpdate({ target: entryPhotos.entryId, set: stored });
    }
    notifyContest(round.contestId);
    return done({ roundId, contestId: round.contestId });
  });
}

// ——— A member's requests to a contest's game master: to join it, or for a role in it ———

export type MemberRequestRefusal = "unknown-contest" | "contest-not-active" | "already-in-contest" | "not-in-contest" | "already-has-role" | "request-pending";

/**
 * Whether a member is in a contest: in one of its parties, holding a role in it, or let in
 * by its game master (an accepted join request; decision 0709).
 */
export async function isInContest(executor: Queryable, memberId: number, contestId: number) {
  const [row] = await executor
    .select({
      // The contest's id as a parameter: a column inside a selected expression is not qualified.
      inside: sql<boolean>`exists (select 1 from ${partyMembers} pm where pm.member_id = ${memberId} and pm.contest_id = ${contestId})
        or exists (select 1 from ${memberRoles} r where r.member_id = ${memberId} and r.contest_id = ${contestId})
        or exists (select 1 from ${contestRequests} q where q.member_id = ${memberId} and q.contest_id = ${contestId} and q.kind = 'join' and q.status = 'approved')
        or ${contests.gameMasterId} is not distinct from ${memberId}`,
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  return Boolean(row?.inside);
}

/**
 * A member asks to join a contest they are not in, or for a role (judge or ringleader) in
 * one they are in, with a short message. One pending request of each kind per contest: a
 * second is refused (the database's partial unique index holds it against a double post).
 */
export function askGameMaster(memberId: number, ask: { kind: "join"; contestId: number; message: string } | { kind: "role"; contestId: number; role: "judge" | "ringleader"; message: string }) {
  return inTransaction<{ contestId: number }, MemberRequestRefusal>(async (tx) => {
    const [contest] = await tx.select().from(contests).where(eq(contests.id, ask.contestId));
    if (!contest) return refused("unknown-contest");
    const inside = await isInContest(tx, memberId, contest.id);
    if (ask.kind === "join") {
      if (contestStatus(contest.status) !== "Active") return refused("contest-not-active");
      if (inside) return refused("already-in-contest");
    } else {
      if (!inside) return refused("not-in-contest");
      if (contestStatus(contest.status) === "Ended") return refused("contest-not-active");
      const [held] = await tx.select({ id: memberRoles.id }).from(memberRoles).where(and(eq(memberRoles.memberId, memberId), eq(memberRoles.contestId, contest.id), eq(memberRoles.role, ask.role)));
      if (held) return refused("already-has-role");
    }
    const inserted = await tx
      .insert(contestRequests)
      .values({ contestId: contest.id, memberId, kind: ask.kind, role: ask.kind === "role" ? ask.role : null, message: ask.message })
      .onConflictDoNothing()
      .returning({ id: contestRequests.id });
    if (inserted.length === 0) return refused("request-pending");
    notifyContest(contest.id);
    return done({ contestId: contest.id });
  });
}

/** A member's join and role requests, newest first, with the game master's answer or reason. */
export async function requestsOf(memberId: number) {
  const rows = await db()
    .select({ id: contestRequests.id, contestId: contestRequests.contestId, contest: contests.name, kind: contestRequests.kind, role: contestRequests.role, message: contestRequests.message, answer: contestRequests.answer, status: contestRequests.status, at: contestRequests.createdAt })
    .from(contestRequests)
    .innerJoin(contests, eq(contests.id, contestRequests.contestId))
    .where(and(eq(contestRequests.memberId, memberId), inArray(contestRequests.kind, ["join", "role"])))
    .orderBy(desc(contestRequests.createdAt), desc(contestRequests.id))
    .limit(30);
  return rows.map((r) => ({ ...r, kind: r.kind as "join" | "role", at: r.at.toISOString() }));
}

/** Active contests a member may ask to join (they are in none of these), newest first. */
export async function joinableContests(memberId: number) {
  const rows = await db()
    .select({ id: contests.id, name: contests.name, description: contests.description, status: contests.status })
    .from(contests)
    .where(
      and(
        or(isNull(contests.status), eq(contests.status, "Active")),
        sql`not exists (select 1 from ${partyMembers} pm where pm.member_id = ${memberId} and pm.contest_id = ${contests.id})`,
        sql`not exists (select 1 from ${memberRoles} r where r.member_id = ${memberId} and r.contest_id = ${contests.id})`,
        sql`not exists (select 1 from ${contestRequests} q where q.member_id = ${memberId} and q.contest_id = ${contests.id} and q.kind = 'join' and q.status = 'approved')`,
        or(isNull(contests.gameMasterId), sql`${contests.gameMasterId} <> ${memberId}`),
      ),
    )
    .orderBy(desc(contests.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description }));
}

/** Contests a member was let into (an accepted join request) without a party there yet. */
export async function admittedWithoutParty(memberId: number) {
  return db()
    .select({ id: contests.id, name: contests.name, status: contests.status })
    .from(contestRequests)
    .innerJoin(contests, eq(contests.id, contestRequests.contestId))
    .where(
      and(
        eq(contestRequests.memberId, memberId),
        eq(contestRequests.kind, "join"),
        eq(contestRequests.status, "approved"),
        sql`not exists (select 1 from ${partyMembers} pm where pm.member_id = ${memberId} and pm.contest_id = ${contests.id})`,
      ),
    )
    .orderBy(asc(contests.id));
}

/** The parties of a contest a member can ask into or join from their page (open or by request). */
export async function partiesTakingMembers(contestId: number) {
  return db()
    .select({ id: parties.id, name: parties.name, joinPolicy: parties.joinPolicy })
    .from(parties)
    .where(and(eq(parties.contestId, contestId), isNull(parties.disbandedAt), inArray(parties.joinPolicy, ["open", "request"])))
    .orderBy(asc(parties.name))
    .limit(50);
}
