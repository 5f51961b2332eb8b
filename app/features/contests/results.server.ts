/**
 * Results: each judge's weighted totals per round, normalised and ranked (rules.ts), raw and
 * normalised side by side with the step of the tie-break chain that placed each entry, and
 * which judge scored what. Publishing a round awards points (awardScore, so each party
 * earns its members' points) and writes the contest results post; players see a round's
 * results only once it is published.
 */
import type { Language } from "~/platform/i18n";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { writePost } from "~/features/feed/index.server";
import { awardScore } from "~/features/leaderboard/index.server";
import { peopleByIds } from "~/features/parties/index.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, entryJudges, entryPhotos, entryScores, judgeScores, parties, partyMembers, roundEntries, type Contest, type ContestRound } from "~/platform/db/schema";
import type { Queryable, Tx } from "~/platform/db/transaction.server";
import { overlapWarnings, pointsForPlace, rankEntries, resultsVisible, shortOfJudges, weightedTotal, type JudgedTotal, type OverlapWarning, type TieBreakStep } from "./rules";

export interface ResultRow {
  entryId: number;
  partyId: number;
  party: string;
  place: number;
  judges: number;
  rawMean: number;
  normalisedMean: number;
  firstPlaces: number;
  decidedBy: TieBreakStep | null;
  submittedAt: string;
  late: boolean;
  points: number;
  /** Each judge's weighted total of this entry (the console only). */
  byJudge: { judge: string; total: number }[];
  /** The judges' notes for the party (shown to players once published). */
  notes: string[];
}

export interface RoundResults {
  roundId: number;
  rows: ResultRow[];
  warnings: (OverlapWarning & { judge?: string })[];
}

interface RoundEntry {
  id: number;
  partyId: number;
  party: string;
  submittedAt: Date;
  late: boolean;
}

interface Hold {
  entryId: number;
  judgeId: number;
  status: string;
  noteForParty: string;
}

interface RoundTotals {
  entries: RoundEntry[];
  totals: JudgedTotal[];
  holds: Hold[];
}

/**
 * Every judge's weighted totals of these rounds' entries (entries removed are left out), by
 * round. One statement for all the rounds: each entry comes with its scores and its judges'
 * holds (a console shows every round's results at once).
 */
async function totalsOf(executor: Queryable, rounds: readonly ContestRound[]): Promise<Map<number, RoundTotals>> {
  const byRound = new Map<number, RoundTotals>(rounds.map((r) => [r.id, { entries: [], totals: [], holds: [] }]));
  if (rounds.length === 0) return byRound;
  const rows = await executor
    .select({
      id: roundEntries.id,
      roundId: roundEntries.roundId,
      partyId: roundEntries.partyId,
      party: parties.name,
      submittedAt: roundEntries.submittedAt,
      late: roundEntries.late,
      scores: sql<{ judgeId: number; criterion: number; score: number }[]>`coalesce((select json_agg(json_build_object('judgeId', s.judge_id, 'criterion', s.criterion, 'score', s.score) order by s.judge_id, s.criterion) from ${entryScores} s where s.entry_id = ${roundEntries.id}), '[]'::json)`,
      holds: sql<Omit<Hold, "entryId">[]>`coalesce((select json_agg(json_build_object('judgeId', h.judge_id, 'status', h.status, 'noteForParty', h.note_for_party) order by h.judge_id) from ${entryJudges} h where h.entry_id = ${roundEntries.id}), '[]'::json)`,
    })
    .from(roundEntries)
    .innerJoin(parties, eq(parties.id, roundEntries.partyId))
    .where(and(inArray(roundEntries.roundId, rounds.map((r) => r.id)), isNull(roundEntries.removedAt)))
    .orderBy(asc(roundEntries.submittedAt), asc(roundEntries.id));
  const criteriaOf = new Map(rounds.map((r) => [r.id, r.criteria]));
  for (const { scores, holds, roundId, ...entry } of rows) {
    const round = byRound.get(roundId)!;
    const criteria = criteriaOf.get(roundId)!;
    round.entries.push(entry);
    const entryHolds = holds.map((h) => ({ ...h, entryId: entry.id, judgeId: Number(h.judgeId) }));
    round.holds.push(...entryHolds);
    const byJudge = new Map<number, (number | null)[]>();
    for (const s of scores) {
      const list = byJudge.get(Number(s.judgeId)) ?? criteria.map(() => null);
      if (s.criterion < list.length) list[s.criterion] = Number(s.score);
      byJudge.set(Number(s.judgeId), list);
    }
    for (const [judgeId, list] of byJudge) {
      // Only a complete score counts: a judge still half-way through an entry is not a judgement yet.
      if (list.some((v) => v === null)) continue;
      const hold = entryHolds.find((h) => h.judgeId === judgeId);
      if (hold && hold.status === "recused") continue;
      const total = weightedTotal(list, criteria);
      if (total !== null) round.totals.push({ entryId: entry.id, judgeId, total });
    }
  }
  return byRound;
}

/** How judges are named in results: by the name members see, unless the caller knows better. */
export type JudgeNames = (judgeIds: number[]) => Promise<Map<number, { name: string }>>;

export async function roundResults(round: ContestRound, executor: Queryable = db(), lang: Language = "en", judgeNames?: JudgeNames): Promise<RoundResults> {
  return (await roundsResults([round], executor, lang, judgeNames)).get(round.id)!;
}

/** The results of several rounds, in two statements whatever their number (entries, judges' names). */
export async function roundsResults(
  rounds: readonly ContestRound[],
  executor: Queryable = db(),
  lang: Language = "en",
  judgeNames?: JudgeNames,
): Promise<Map<number, RoundResults>> {
  const totalsByRound = await totalsOf(executor, rounds);
  const judgeIds = [...totalsByRound.values()].flatMap((r) => r.totals.map((t) => t.judgeId));
  const people = judgeNames ? await judgeNames(judgeIds) : await peopleByIds(judgeIds, executor, lang);
  const results = new Map<number, RoundResults>();
  for (const round of rounds) {
    const { entries, totals, holds } = totalsByRound.get(round.id)!;
    const ranked = rankEntries(
      entries.map((e) => ({ entryId: e.id, submittedAt: e.submittedAt })),
      totals,
    );
    const rows = ranked.map((r): ResultRow => {
      const entry = entries.find((e) => e.id === r.entryId)!;
      return {
        ...r,
        partyId: entry.partyId,
        party: entry.party,
        submittedAt: entry.submittedAt.toISOString(),
        late: entry.late,
        points: r.judges > 0 ? pointsForPlace(r.place) : 0,
        byJudge: totals.filter((t) => t.entryId === r.entryId).map((t) => ({ judge: people.get(t.judgeId)?.name ?? "", total: t.total })),
        notes: holds.filter((h) => h.entryId === r.entryId && h.noteForParty.trim()).map((h) => h.noteForParty),
      };
    });
    const warnings = overlapWarnings(totals).map((w) => (w.kind === "few-scores" ? { ...w, judge: people.get(w.judgeId)?.name ?? "" } : w));
    results.set(round.id, { roundId: round.id, rows, warnings });
  }
  return results;
}

/**
 * The round's entries with fewer judges than `minJudges` (judges whose score sheet of it is
 * complete; a recused judge does not count), fewest first: what stops its publishing.
 */
export async function judgeShortfall(executor: Queryable, round: ContestRound, minJudges: number) {
  const { entries, totals } = (await totalsOf(executor, [round])).get(round.id)!;
  const judged = entries.map((e) => ({ entryId: e.id, party: e.party, judges: totals.filter((t) => t.entryId === e.id).length }));
  return shortOfJudges(judged, minJudges).sort((a, b) => a.judges - b.judges || a.party.localeCompare(b.party));
}

/**
 * Within `advanceRound`'s transaction: every member of each ranked party earns the place's
 * points for that party (awardScore credits the party too), and the feed says who won.
 */
export async function publishRoundIn(tx: Tx, contest: Contest, round: ContestRound, gameMasterId: number, now: Date) {
  const results = await roundResults(round, tx);
  for (const row of results.rows) {
    if (row.points <= 0) continue;
    // The party's points for the round, as the contest's board and recomputeScores read them
    // (`judge_scores`: one row per party and round, written by the game master who published).
    await tx.insert(judgeScores).values({ contestId: contest.id, partyId: row.partyId, judgeId: gameMasterId, round: round.number, points: row.points, createdAt: now });
    const roster = await tx.select({ memberId: partyMembers.memberId }).from(partyMembers).where(eq(partyMembers.partyId, row.partyId));
    for (const { memberId } of roster) await awardScore(tx, memberId, { contestPoints: row.points }, now, { contestId: contest.id });
  }
  const winner = results.rows.find((r) => r.judges > 0);
  // The facts, not a sentence: each reader's card says it in their language (feed/post-card).
  await writePost(
    {
      type: "contest",
      actorId: gameMasterId,
      refId: contest.id,
      text: "",
      data: { contest: contest.name, round: round.number, ...(winner ? { winner: winner.party } : {}) },
      createdAt: now,
    },
    tx,
  );
  return results;
}

/**
 * What players see of a contest's results: published rounds only (nothing of a round
 * before it is published, not even that it has scores), and the overall standing from them.
 */
export async function publishedResults(contestId: number) {
  const rounds = await db().select().from(contestRounds).where(eq(contestRounds.contestId, contestId)).orderBy(asc(contestRounds.number));
  const published = rounds.filter((r) => resultsVisible(r.state));
  const [resultsByRound, photos] = await Promise.all([roundsResults(published), photosOfRounds(published.map((r) => r.id))]);
  const perRound = [];
  const overall = new Map<number, { partyId: number; party: string; points: number }>();
  for (const round of published) {
    const results = resultsByRound.get(round.id)!;
    const rows = results.rows.map((r) => ({ entryId: r.entryId, hasPhoto: photos.has(r.entryId), place: r.place, partyId: r.partyId, party: r.party, normalisedMean: r.normalisedMean, rawMean: r.rawMean, decidedBy: r.decidedBy, points: r.points, notes: r.notes }));
    for (const r of rows) {
      const held = overall.get(r.partyId) ?? { partyId: r.partyId, party: r.party, points: 0 };
      held.points += r.points;
      overall.set(r.partyId, held);
    }
    perRound.push({ roundId: round.id, number: round.number, challenge: round.challenge, publishedAt: round.publishedAt?.toISOString() ?? null, rows });
  }
  const standing = [...overall.values()].sort((a, b) => b.points - a.points || a.party.localeCompare(b.party));
  return { rounds: perRound, standing };
}

/** The entries of these rounds that have a photo. */
async function photosOfRounds(roundIds: number[]): Promise<Set<number>> {
  if (roundIds.length === 0) return new Set();
  const rows = await db()
    .select({ id: entryPhotos.entryId })
    .from(entryPhotos)
    .innerJoin(roundEntries, eq(roundEntries.id, entryPhotos.entryId))
    .where(inArray(roundEntries.roundId, roundIds));
  return new Set(rows.map((p) => p.id));
}
