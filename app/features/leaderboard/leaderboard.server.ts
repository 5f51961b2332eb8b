/**
 * Leaderboard queries. Members are ranked by the materialised score (see score.server.ts)
 * through the ranking indexes, so a page stays fast at 100 000 members; a rank is counted
 * over the score counts (one row per distinct score, decision 1010), so a member's own rank
 * costs the same at #48 213 as at #3. Ranks are competition ranks: equal scores share a
 * rank (1, 2, 2, 4).
 */
import { and, asc, desc, eq, gt, sql, type AnyColumn } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { contests, judgeScores, members, parties, scoreCounts, weekScoreCounts, type Member } from "~/platform/db/schema";
import { displayName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";
import { partyStandings } from "~/features/parties/index.server";
import { weekStart } from "./score.server";
import { sharedBoard } from "./shared-board.server";

export const LEADERBOARD_PAGE_SIZE = 50;

export const boards = ["all", "week", "parties", "contest"] as const;
export type Board = (typeof boards)[number];

export function isBoard(value: unknown): value is Board {
  return typeof value === "string" && (boards as readonly string[]).includes(value);
}

export interface RankedRow {
  rank: number;
  id: number;
  name: string;
  score: number;
  /** Parties only: how many members. */
  members?: number;
}

export interface MemberBoardPage {
  rows: RankedRow[];
  page: number;
  /** Whether a next page exists (no total count: counting 100 000 rows costs more than the page). */
  hasNext: boolean;
}

function memberColumns(board: "all" | "week", now: Date) {
  const week = weekStart(now);
  return board === "all"
    ? { score: members.score, where: gt(members.score, 0) }
    : {
        score: members.weekScore,
        where: and(eq(members.scoreWeek, week), gt(members.weekScore, 0)),
      };
}

/** One page of members, best first. */
export async function listMemberBoard(board: "all" | "week", page: number, lang: Language, now = new Date()): Promise<MemberBoardPage> {
  const { score, where } = memberColumns(board, now);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), 100_000);
  const offset = (current - 1) * LEADERBOARD_PAGE_SIZE;
  const fetched = await db()
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      username: members.username,
      score,
    })
    .from(members)
    .where(where)
    // Matches the ranking index (score desc nulls last, id), so this is an index scan.
    .orderBy(sql`${score} desc nulls last`, asc(members.id))
    .limit(LEADERBOARD_PAGE_SIZE + 1)
    .offset(offset);
  const found = fetched.slice(0, LEADERBOARD_PAGE_SIZE);
  const rows: RankedRow[] = [];
  let previous: { score: number; rank: number } | null = null;
  for (const [i, r] of found.entries()) {
    let rank: number;
    if (previous && previous.score === r.score) rank = previous.rank;
    else if (previous || offset === 0) rank = offset + i + 1;
    else rank = await rankOfScore(board, r.score, now); // a page may start mid-tie
    rows.push({ rank, id: r.id, name: displayName(r, lang), score: r.score });
    previous = { score: r.score, rank };
  }
  return { rows, page: current, hasNext: fetched.length > LEADERBOARD_PAGE_SIZE };
}

async function rankOfScore(board: "all" | "week", value: number, now: Date) {
  const [row] = await membersAbove(board, value, now);
  return (row?.n ?? 0) + 1;
}

/**
 * How many members have more points than `value` on a board: a sum over the score counts of
 * the distinct scores above it (a few hundred rows however many members play), not a count
 * of the members ahead, which grew with the rank (decision 1010).
 */
function membersAbove(board: "all" | "week", value: number, now: Date) {
  const n = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  return board === "all"
    ? db().select({ n: n(scoreCounts.members) }).from(scoreCounts).where(gt(scoreCounts.score, value))
    : db()
        .select({ n: n(weekScoreCounts.members) })
        .from(weekScoreCounts)
        .where(and(eq(weekScoreCounts.week, weekStart(now)), gt(weekScoreCounts.score, value)));
}

export interface OwnRank {
  rank: number;
  score: number;
  /** The board page that shows the member. */
  page: number;
}

/** A member row's scores, as the session lookup read them. */
export type ScoreRow = Pick<Member, "id" | "score" | "weekScore" | "scoreWeek">;

/** The member's score on a board, from their row (null: no points on it, so not listed). */
function boardScoreOf(row: ScoreRow, board: "all" | "week", now: Date): number | null {
  if (board === "all") return row.score > 0 ? row.score : null;
  return row.scoreWeek === weekStart(now) && row.weekScore > 0 ? row.weekScore : null;
}

/**
 * The member's own standing, wherever it is; null while they have no points on this board.
 * Given the member's row (read in this request), their score costs no statement, and a
 * member with no points none at all.
 */
export async function ownRank(member: number | ScoreRow, board: "all" | "week", now = new Date()): Promise<OwnRank | null> {
  const { score, where } = memberColumns(board, now);
  let mine: number | null;
  let memberId: number;
  if (typeof member === "number") {
    memberId = member;
    const [me] = await db().select({ score }).from(members).where(and(eq(members.id, memberId), where));
    mine = me ? me.score : null;
  } else {
    memberId = member.id;
    mine = boardScoreOf(member, board, now);
  }
  if (mine === null) return null;
  // The page needs the member's place among those tied with them (board order is score, then
  // id): a range of the ranking index as long as their tie, which the score counts cannot say.
  const [ahead] = await db()
    .select({
      above: sql<number>`(${membersAbove(board, mine, now)})`,
      tiedBefore: sql<number>`count(*)::int`,
    })
    .from(members)
    .where(and(where, eq(score, mine), sql`${members.id} < ${memberId}`));
  const above = ahead?.above ?? 0;
  const position = above + (ahead?.tiedBefore ?? 0);
  return { rank: above + 1, score: mine, page: Math.floor(position / LEADERBOARD_PAGE_SIZE) + 1 };
}

/**
 * A board page as a viewer sees it, with their own standing. The page is the shared one
 * (at most SHARED_BOARD_TTL_MS old) unless it disagrees with the viewer's own fresh
 * standing — their row missing, misplaced or with an old score — and is then read afresh:
 * a member always sees their own points at once, on any instance.
 */
export async function viewBoard(board: "all" | "week", page: number, viewer: ScoreRow | null, lang: Language, now = new Date()) {
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), 100_000);
  const [shared, mine] = await Promise.all([
    // Per language: members without a chosen name are named in the reader's (0512).
    sharedBoard(`${board}:${weekStart(now)}:${current}:${lang}`, () => listMemberBoard(board, current, lang, now)),
    viewer ? ownRank(viewer, board, now) : Promise.resolve(null),
  ]);
  const list = viewer && !showsFreshly(shared, viewer.id, mine) ? await listMemberBoard(board, current, lang, now) : shared;
  return { list, mine };
}

function showsFreshly(list: MemberBoardPage, memberId: number, mine: OwnRank | null): boolean {
  const row = list.rows.find((r) => r.id === memberId);
  if (!mine || mine.page !== list.page) return !row;
  return row !== undefined && row.score === mine.score && row.rank === mine.rank;
}

function rankRows(list: { id: number; name: string; score: number; members?: number }[]): RankedRow[] {
  const rows: RankedRow[] = [];
  for (const [i, r] of list.entries()) {
    const prev = rows[i - 1];
    rows.push({ ...r, rank: prev && prev.score === r.score ? prev.rank : i + 1 });
  }
  return rows;
}

/**
 * Parties ranked by their fair score (features/parties/points.server.ts): the points their
 * members earned while in them, shared by their headcount.
 */
export async function listPartyBoard(): Promise<RankedRow[]> {
  const standings = await partyStandings(LEADERBOARD_PAGE_SIZE);
  return standings.map((s) => ({ rank: s.rank, id: s.id, name: s.name, score: s.score, members: s.members }));
}

export async function listContests() {
  return db().select({ id: contests.id, name: contests.name }).from(contests).orderBy(asc(contests.id)).limit(50);
}

/** The contests' tabs, shared by every viewer for at most SHARED_BOARD_TTL_MS. */
export function sharedContests() {
  return sharedBoard("contests", listContests);
}

/** A contest's parties ranked by the points their judges gave. */
export async function listContestBoard(contestId: number): Promise<RankedRow[]> {
  if (!Number.isSafeInteger(contestId) || contestId < 1 || contestId > 2_147_483_647) return [];
  const total = sql<number>`coalesce(sum(${judgeScores.points}), 0)::int`;
  const list = await db()
    .select({ id: parties.id, name: parties.name, score: total })
    .from(parties)
    .leftJoin(judgeScores, and(eq(judgeScores.partyId, parties.id), eq(judgeScores.contestId, contestId)))
    .where(eq(parties.contestId, contestId))
    .groupBy(parties.id)
    .orderBy(desc(total), asc(parties.id))
    .limit(LEADERBOARD_PAGE_SIZE);
  return rankRows(list);
}
