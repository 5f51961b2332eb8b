/**
 * The leaderboard score, in one place (PRODUCT.md):
 *   score = gems received + 5 × stars received + quest points + judged contest points
 *
 * Scores are materialised on `members` (all-time `score`, and `week_score` for the week
 * starting `score_week`) so ranking 100 000 members is an index scan. Features that earn
 * points call `awardScore` inside their own transaction; `recomputeScores` rebuilds every
 * member's score from the source tables with the same weights.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import { afterCommit } from "~/platform/db/transaction.server";
import { creditParties } from "~/features/parties/index.server";
import { forgetSharedBoards } from "./shared-board.server";

export const SCORE_WEIGHTS = {
  gemsReceived: 1,
  starsReceived: 5,
  questPoints: 1,
  contestPoints: 1,
} as const;

export type ScoreParts = Partial<Record<keyof typeof SCORE_WEIGHTS, number>>;

/** The points a set of earnings is worth. */
export function scoreOf(parts: ScoreParts): number {
  let total = 0;
  for (const [key, weight] of Object.entries(SCORE_WEIGHTS)) {
    total += (parts[key as keyof ScoreParts] ?? 0) * weight;
  }
  return total;
}

/** The Monday (UTC) that starts the week containing `at`, as YYYY-MM-DD. */
export function weekStart(at: Date = new Date()): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

type Executor = Pick<Database, "execute">;

/**
 * Adds points to a member's all-time and weekly score in one statement, so concurrent
 * awards never lose an update and a new week starts from zero. The parties the member is
 * in earn the same points (only their party of `contestId` for a contest's points), and
 * keep them when the member leaves (docs/parties.md).
 */
export async function awardScore(tx: Executor, memberId: number, parts: ScoreParts, at = new Date(), scope: { contestId?: number } = {}) {
  const points = scoreOf(parts);
  if (points <= 0) return 0;
  const week = weekStart(at);
  await tx.execute(sql`
    update members set
      score = score + ${points},
      week_score = case when score_week = ${week}::date then week_score + ${points} else ${points} end,
      score_week = ${week}::date
    where id = ${memberId}`);
  await creditParties(tx, memberId, points, at, scope);
  // Once committed: a board read in between would otherwise keep the old order.
  afterCommit(forgetSharedBoards);
  return points;
}

/**
 * Rebuilds every member's scores from salutes, quest progress, treasure finds and right
 * guesses (their points as they were earned: quest points), and judged party points (each
 * member of a judged party earns its points). Used after seeding and by operators.
 */
export async function recomputeScores(tx: Executor, at = new Date()) {
  const week = weekStart(at);
  const w = SCORE_WEIGHTS;
  await tx.execute(sql`
    with earned as (
      select s.recipient_id as member_id,
             ${w.gemsReceived} * s.gems + ${w.starsReceived} * coalesce(s.stars, 0) as points,
             s.created_at as at
        from salutes s
      union all
      select qp.member_id, ${w.questPoints} * qp.points, qp.created_at
        from quest_progress qp
      union all
      select tc.member_id, ${w.questPoints} * tc.points, tc.created_at
        from treasure_claims tc where tc.status = 'counted'
      union all
      select ga.member_id, ${w.questPoints} * ga.points, ga.created_at
        from guess_attempts ga where ga.verdict = 'right'
      union all
      select pm.member_id, ${w.contestPoints} * js.points, js.created_at
        from judge_scores js join party_members pm on pm.party_id = js.party_id
    ),
    totals as (
      select member_id,
             sum(points)::int as score,
             coalesce(sum(points) filter (where at >= (${week}::date)::timestamp at time zone 'UTC'), 0)::int as week_score
        from earned group by member_id
    )
    update members m set
      score = coalesce(t.score, 0),
      week_score = coalesce(t.week_score, 0),
      score_week = ${week}::date
    from members m2 left join totals t on t.member_id = m2.id
    where m.id = m2.id`);
  afterCommit(forgetSharedBoards);
}
