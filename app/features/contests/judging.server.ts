/**
 * A judge's work: the queue of a contest's open or judging rounds, entries handed out
 * automatically (least-judged first until each has `judgesPerEntry` judges, never the
 * judge's own party, never one another judge holds a live claim on), a claim while
 * scoring, scores per criterion that can change until the round is published, recusal and
 * "skip for now" (an entry skipped `skipsToFlag` times is flagged to the game master).
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { inTransaction } from "~/features/parties/index.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, contests, entryJudges, entryPhotos, entryScores, parties, partyMembers, roundEntries, type ContestRound } from "~/platform/db/schema";
import type { Queryable } from "~/platform/db/transaction.server";
import { done, refused } from "~/platform/outcome";
import { notifyContest } from "./live.server";
import { CONTEST_RULES, scoringOpen } from "./rules";

export type JudgingRefusal = "not-judge" | "unknown-entry" | "own-party" | "recused" | "not-assigned" | "round-closed" | "nothing-to-score" | "claimed";

const claimMs = CONTEST_RULES.claimMinutes * 60_000;

/** The parties (of any contest) the judge is on: a judge never scores them. */
async function judgesParties(executor: Queryable, judgeId: number) {
  const rows = await executor.select({ partyId: partyMembers.partyId }).from(partyMembers).where(eq(partyMembers.memberId, judgeId));
  return new Set(rows.map((r) => r.partyId));
}

/** The rounds of a contest a judge may score in now. */
async function scoringRounds(executor: Queryable, contestId: number) {
  const rounds = await executor.select().from(contestRounds).where(eq(contestRounds.contestId, contestId)).orderBy(asc(contestRounds.number));
  return rounds.filter((r) => scoringOpen(r.state));
}

interface PoolEntry {
  id: number;
  roundId: number;
  partyId: number;
  /** Judges who scored it or hold a live claim on it. */
  judges: number;
  /** Another judge's claim that has not run out. */
  claimedByOther: boolean;
  mine: { status: string; claimedUntil: Date | null } | null;
  scoredByMe: number;
  skips: number;
}

async function poolOf(executor: Queryable, rounds: ContestRound[], judgeId: number, now: Date): Promise<PoolEntry[]> {
  if (rounds.length === 0) return [];
  const entries = await executor
    .select({ id: roundEntries.id, roundId: roundEntries.roundId, partyId: roundEntries.partyId })
    .from(roundEntries)
    .where(and(inArray(roundEntries.roundId, rounds.map((r) => r.id)), isNull(roundEntries.removedAt)))
    .orderBy(asc(roundEntries.id));
  const ids = entries.map((e) => e.id);
  if (ids.length === 0) return [];
  const holds = await executor.select().from(entryJudges).where(inArray(entryJudges.entryId, ids));
  const scored = await executor
    .select({ entryId: entryScores.entryId, judgeId: entryScores.judgeId, n: sql<number>`count(*)::int` })
    .from(entryScores)
    .where(inArray(entryScores.entryId, ids))
    .groupBy(entryScores.entryId, entryScores.judgeId);
  return entries.map((e) => {
    const own = holds.filter((h) => h.entryId === e.id);
    const scoredBy = new Set(scored.filter((s) => s.entryId === e.id).map((s) => s.judgeId));
    const live = own.filter((h) => h.status === "assigned" && h.claimedUntil && h.claimedUntil.getTime() > now.getTime()).map((h) => h.judgeId);
    const mine = own.find((h) => h.judgeId === judgeId);
    return {
      ...e,
      judges: new Set([...scoredBy, ...live]).size,
      claimedByOther: live.some((j) => j !== judgeId && !scoredBy.has(j)),
      mine: mine ? { status: mine.status, claimedUntil: mine.claimedUntil } : null,
      scoredByMe: scored.find((s) => s.entryId === e.id && s.judgeId === judgeId)?.n ?? 0,
      skips: own.filter((h) => h.status === "skipped").length,
    };
  });
}

/**
 * The next entry for this judge: one they hold a live claim on, else the least-judged one
 * they may take (not their party's, not recused, not scored by them, not skipped by them
 * while others are left, not under another judge's claim), entries short of
 * `judgesPerEntry` judges first.
 */
export function pickNext(pool: PoolEntry[], ownParties: Set<number>, now: Date): PoolEntry | null {
  const claimed = pool.find((e) => e.mine?.status === "assigned" && e.mine.claimedUntil && e.mine.claimedUntil.getTime() > now.getTime() && e.scoredByMe === 0);
  if (claimed) return claimed;
  const open = pool.filter((e) => !ownParties.has(e.partyId) && e.mine?.status !== "recused" && e.scoredByMe === 0 && !e.claimedByOther);
  const fresh = open.filter((e) => e.mine?.status !== "skipped");
  const candidates = fresh.length ? fresh : open;
  const short = candidates.filter((e) => e.judges < CONTEST_RULES.judgesPerEntry);
  const from = short.length ? short : candidates;
  return [...from].sort((a, b) => a.judges - b.judges || a.id - b.id)[0] ?? null;
}

/** Claims the next entry for this judge (or keeps their current claim), for `claimMinutes`. */
export function claimNext(judgeId: number, roles: readonly MemberRole[], contestId: number, now = new Date()) {
  return inTransaction<{ entryId: number }, JudgingRefusal>(async (tx) => {
    if (!hasRole(roles, "judge", contestId)) return refused("not-judge");
    // One judge's claims take turns with another's: the contest row is the queue's lock.
    await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, contestId)).for("update");
    const rounds = await scoringRounds(tx, contestId);
    const pool = await poolOf(tx, rounds, judgeId, now);
    const next = pickNext(pool, await judgesParties(tx, judgeId), now);
    if (!next) return refused("nothing-to-score");
    const until = new Date(now.getTime() + claimMs);
    await tx
      .insert(entryJudges)
      .values({ entryId: next.id, judgeId, status: "assigned", claimedUntil: until, updatedAt: now })
      .onConflictDoUpdate({ target: [entryJudges.entryId, entryJudges.judgeId], set: { status: "assigned", claimedUntil: until, updatedAt: now } });
    return done({ entryId: next.id });
  });
}

async function hasScored(executor: Queryable, judgeId: number, entryId: number) {
  const [row] = await executor.select({ entryId: entryScores.entryId }).from(entryScores).where(and(eq(entryScores.entryId, entryId), eq(entryScores.judgeId, judgeId))).limit(1);
  return row !== undefined;
}

/** The entry, its round and contest, when this judge may score it now. */
async function scorable(executor: Queryable, judgeId: number, roles: readonly MemberRole[], entryId: number) {
  const [row] = await executor
    .select({ entry: roundEntries, round: contestRounds })
    .from(roundEntries)
    .innerJoin(contestRounds, eq(contestRounds.id, roundEntries.roundId))
    .where(eq(roundEntries.id, entryId));
  if (!row || row.entry.removedAt) return refused<JudgingRefusal>("unknown-entry");
  if (!hasRole(roles, "judge", row.round.contestId)) return refused<JudgingRefusal>("not-judge");
  if ((await judgesParties(executor, judgeId)).has(row.entry.partyId)) return refused<JudgingRefusal>("own-party");
  if (!scoringOpen(row.round.state)) return refused<JudgingRefusal>("round-closed");
  const [hold] = await executor.select().from(entryJudges).where(and(eq(entryJudges.entryId, entryId), eq(entryJudges.judgeId, judgeId)));
  if (hold?.status === "recused") return refused<JudgingRefusal>("recused");
  // A judge scores what "Score the next entry" handed them, never an entry they picked by
  // its id: that is what keeps every entry at three judges and each judge's load fair. A
  // claim that ran out still counts (a slow judge keeps their work), and so does an entry
  // they already scored (scores change until publish, even after a "skip for now").
  if (hold?.status !== "assigned" && !(await hasScored(executor, judgeId, entryId))) return refused<JudgingRefusal>("not-assigned");
  return done({ ...row, hold: hold ?? null });
}

export interface ScoreSheet {
  entryId: number;
  scores: number[];
  noteForParty: string;
  noteForGameMaster: string;
}

/**
 * Saves a judge's scores, one row per criterion (a later save replaces each), and their
 * notes. Scores can change until the round is published.
 */
export function scoreEntry(judgeId: number, roles: readonly MemberRole[], sheet: ScoreSheet, now = new Date()) {
  return inTransaction<{ entryId: number; contestId: number }, JudgingRefusal>(async (tx) => {
    const found = await scorable(tx, judgeId, roles, sheet.entryId);
    if (!found.ok) return found;
    const { round } = found.value;
    const scores = round.criteria.map((_, i) => sheet.scores[i]).filter((s): s is number => typeof s === "number");
    for (const [criterion, score] of scores.entries()) {
      await tx
        .insert(entryScores)
        .values({ entryId: sheet.entryId, judgeId, criterion, score, updatedAt: now })
        .onConflictDoUpdate({ target: [entryScores.entryId, entryScores.judgeId, entryScores.criterion], set: { score, updatedAt: now } });
    }
    await tx
      .insert(entryJudges)
      .values({ entryId: sheet.entryId, judgeId, status: "assigned", claimedUntil: null, noteForParty: sheet.noteForParty, noteForGameMaster: sheet.noteForGameMaster, updatedAt: now })
      .onConflictDoUpdate({
        target: [entryJudges.entryId, entryJudges.judgeId],
        set: { status: "assigned", claimedUntil: null, noteForParty: sheet.noteForParty, noteForGameMaster: sheet.noteForGameMaster, updatedAt: now },
      });
    notifyContest(round.contestId);
    return done({ entryId: sheet.entryId, contestId: round.contestId });
  });
}

/** Recuse (never offered again) or skip for now (back to the pool for others). */
export function stepAside(judgeId: number, roles: readonly MemberRole[], entryId: number, how: "recused" | "skipped", now = new Date()) {
  return inTransaction<{ entryId: number; contestId: number }, JudgingRefusal>(async (tx) => {
    const [row] = await tx
      .select({ contestId: contestRounds.contestId, removedAt: roundEntries.removedAt })
      .from(roundEntries)
      .innerJoin(contestRounds, eq(contestRounds.id, roundEntries.roundId))
      .where(eq(roundEntries.id, entryId));
    if (!row || row.removedAt) return refused("unknown-entry");
    if (!hasRole(roles, "judge", row.contestId)) return refused("not-judge");
    await tx
      .insert(entryJudges)
      .values({ entryId, judgeId, status: how, claimedUntil: null, updatedAt: now })
      .onConflictDoUpdate({ target: [entryJudges.entryId, entryJudges.judgeId], set: { status: how, claimedUntil: null, updatedAt: now } });
    if (how === "recused") await tx.delete(entryScores).where(and(eq(entryScores.entryId, entryId), eq(entryScores.judgeId, judgeId)));
    return done({ entryId, contestId: row.contestId });
  });
}

/** The judge's screen: their progress per scoring round, what they scored, and the entry they are on. */
export async function judgeDesk(judgeId: number, roles: readonly MemberRole[], contestId: number, openEntryId: number | null, now = new Date()) {
  const rounds = await scoringRounds(db(), contestId);
  const pool = await poolOf(db(), rounds, judgeId, now);
  const ownParties = await judgesParties(db(), judgeId);
  const eligible = pool.filter((e) => !ownParties.has(e.partyId) && e.mine?.status !== "recused");
  const partyNames = new Map(
    eligible.length ? (await db().select({ id: parties.id, name: parties.name }).from(parties).where(inArray(parties.id, eligible.map((e) => e.partyId)))).map((p) => [p.id, p.name]) : [],
  );
  const progress = rounds.map((r) => {
    const own = eligible.filter((e) => e.roundId === r.id);
    return { roundId: r.id, number: r.number, state: r.state, challenge: r.challenge, scored: own.filter((e) => e.scoredByMe >= r.criteria.length).length, total: own.length };
  });
  const scored = eligible
    .filter((e) => e.scoredByMe > 0)
    .map((e) => ({ entryId: e.id, party: partyNames.get(e.partyId) ?? "", round: rounds.find((r) => r.id === e.roundId)!.number }));
  let open = null;
  const onId = openEntryId ?? pickNext(pool, ownParties, now)?.id ?? null;
  const current = onId === null ? null : pool.find((e) => e.id === onId && e.mine?.status === "assigned");
  if (current) {
    const found = await scorable(db(), judgeId, roles, current.id);
    if (found.ok) {
      const { entry, round, hold } = found.value;
      const mine = await db().select().from(entryScores).where(and(eq(entryScores.entryId, entry.id), eq(entryScores.judgeId, judgeId)));
      const [photo] = await db().select({ id: entryPhotos.entryId }).from(entryPhotos).where(eq(entryPhotos.entryId, entry.id));
      open = {
        entryId: entry.id,
        party: partyNames.get(entry.partyId) ?? "",
        text: entry.text,
        link: entry.link,
        hasPhoto: Boolean(photo),
        round: { number: round.number, challenge: round.challenge, criteria: round.criteria },
        scores: round.criteria.map((_, i) => mine.find((s) => s.criterion === i)?.score ?? null),
        noteForParty: hold?.noteForParty ?? "",
        noteForGameMaster: hold?.noteForGameMaster ?? "",
        claimedUntil: hold?.claimedUntil?.toISOString() ?? null,
      };
    }
  }
  const available = pickNext(pool, ownParties, now) !== null;
  return { progress, scored, open, available };
}

/** Entries skipped `skipsToFlag` times or more in a contest's scoring rounds (flagged to the game master). */
export async function flaggedEntries(contestId: number, contestRoundsRead?: readonly ContestRound[]) {
  // The console has read the contest's rounds already: no need to read them again.
  const rounds = contestRoundsRead ? contestRoundsRead.filter((r) => r.contestId === contestId && scoringOpen(r.state)) : await scoringRounds(db(), contestId);
  if (rounds.length === 0) return [];
  const rows = await db()
    .select({ entryId: entryJudges.entryId, party: parties.name, skips: sql<number>`count(*)::int` })
    .from(entryJudges)
    .innerJoin(roundEntries, eq(roundEntries.id, entryJudges.entryId))
    .innerJoin(parties, eq(parties.id, roundEntries.partyId))
    .where(and(inArray(roundEntries.roundId, rounds.map((r) => r.id)), eq(entryJudges.status, "skipped"), isNull(roundEntries.removedAt)))
    .groupBy(entryJudges.entryId, parties.name);
  return rows.filter((r) => r.skips >= CONTEST_RULES.skipsToFlag);
}
