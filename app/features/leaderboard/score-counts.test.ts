/**
 * The score counts behind a member's own rank (decision 1010): whoever writes a score, the
 * counts follow in the same transaction, and every rank read from them is the one a count
 * of all members gives (database; on PostgreSQL too in the second pass of .ci/run).
 */
import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { LEADERBOARD_PAGE_SIZE, listMemberBoard, ownRank } from "./leaderboard.server";
import { awardScore, recomputeScores, weekStart } from "./score.server";
import { seedLeaderboardBench } from "../../../bench/world-seed";

const postgres = Boolean(process.env.TEST_DATABASE_URL);
/** "Now" for the weekly board: the week of 23 November 2026; last week's points are stale. */
const NOW = new Date("2026-11-25T12:00:00Z");
const LAST_WEEK = new Date("2026-11-18T12:00:00Z");

beforeAll(async () => {
  await createTestDatabase();
});

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** Members' scores as the boards read them: [id, all-time score, this week's score]. */
async function everyone() {
  const all = await db().select({ id: members.id, score: members.score, weekScore: members.weekScore, scoreWeek: members.scoreWeek }).from(members);
  const week = weekStart(NOW);
  return all.map((m) => ({ id: m.id, all: m.score, week: m.scoreWeek === week ? m.weekScore : 0 }));
}

/** A member's rank and page by counting every member: the answer the counts must give. */
function bruteForce(people: { id: number; all: number; week: number }[], id: number, board: "all" | "week") {
  const me = people.find((p) => p.id === id)!;
  const mine = me[board];
  if (mine <= 0) return null;
  const above = people.filter((p) => p[board] > mine).length;
  const tiedBefore = people.filter((p) => p[board] === mine && p.id < id).length;
  return { rank: above + 1, score: mine, page: Math.floor((above + tiedBefore) / LEADERBOARD_PAGE_SIZE) + 1 };
}

/** Every member's own rank on both boards agrees with the brute-force count. */
async function expectRanksAgree(only?: number[]) {
  const people = await everyone();
  const ids = only ?? people.map((p) => p.id);
  for (const id of ids) {
    for (const board of ["all", "week"] as const) {
      const expected = bruteForce(people, id, board);
      const got = await ownRank(id, board, NOW);
      expect({ id, board, got }).toEqual({ id, board, got: expected });
    }
  }
}

/** The counts equal a count of members by score, for all time and for every week. */
async function expectCountsAgree() {
  const kept = rowsOf<{ score: number; n: number }>(
    await db().execute(sql`select score, sum(members)::int as n from score_counts group by score having sum(members) <> 0 order by score`),
  );
  const counted = rowsOf<{ score: number; n: number }>(
    await db().execute(sql`select score, count(*)::int as n from members where score > 0 group by score order by score`),
  );
  expect(kept).toEqual(counted);
  const keptWeeks = rowsOf<{ week: string; score: number; n: number }>(
    await db().execute(sql`select week::text, score, sum(members)::int as n from week_score_counts
                            group by week, score having sum(members) <> 0 order by week, score`),
  );
  const countedWeeks = rowsOf<{ week: string; score: number; n: number }>(
    await db().execute(sql`select score_week::text as week, week_score as score, count(*)::int as n from members
                            where week_score > 0 and score_week is not null group by score_week, week_score order by 1, 2`),
  );
  expect(keptWeeks).toEqual(countedWeeks);
}

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

let ids: number[] = [];

describe("a member's own rank from the score counts", () => {
  it("agrees with counting every member after awards in two weeks, ties and a fix by hand", async () => {
    const made = await db()
      .insert(members)
      .values(Array.from({ length: 120 }, (_, i) => ({ phone: `+1555777${String(i).padStart(4, "0")}`, firstName: `Ranked${i}` })))
      .returning({ id: members.id });
    ids = made.map((m) => m.id);
    const random = generator(26);
    for (let i = 0; i < 300; i++) {
      const id = ids[random(ids.length)]!;
      const at = random(3) === 0 ? LAST_WEEK : NOW;
      await db().transaction((tx) => awardScore(tx, id, random(4) === 0 ? { starsReceived: 1 + random(3) } : { gemsReceived: 1 + random(5) }, at));
    }
    // Ties: an operator's fix by hand puts ten members on one score (not through awardScore).
    await db().update(members).set({ score: 42, weekScore: 7, scoreWeek: weekStart(NOW) }).where(inArray(members.id, ids.slice(0, 10)));
    await expectCountsAgree();
    await expectRanksAgree();
    // A board page that starts mid-tie numbers its first row from the counts too.
    const list = await listMemberBoard("all", 2, "en", NOW);
    const people = await everyone();
    for (const row of list.rows) expect(row.rank).toBe(bruteForce(people, row.id, "all")!.rank);
  });

  it("stays exact when members score at once", async () => {
    const random = generator(7);
    await Promise.all(
      Array.from({ length: 60 }, () => {
        const id = ids[random(20)]!; // twenty members, often the same one twice
        return db().transaction((tx) => awardScore(tx, id, { gemsReceived: 1 + random(2) }, NOW));
      }),
    );
    await expectCountsAgree();
    await expectRanksAgree(ids.slice(0, 30));
  });

  it.runIf(postgres)("an award never waits for another member's open award on the same scores (PostgreSQL)", async () => {
    // Two members on the same score; the first one's award stays open while the second scores.
    const [a, b] = ids.slice(100, 102) as [number, number];
    await db().update(members).set({ score: 500 }).where(inArray(members.id, [a, b]));
    let awarded!: () => void;
    let finish!: () => void;
    const firstAwarded = new Promise<void>((resolve) => (awarded = resolve));
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = db().transaction(async (tx) => {
      await awardScore(tx, a, { gemsReceived: 1 }, NOW);
      awarded();
      await held;
    });
    await firstAwarded;
    const second = db().transaction((tx) => awardScore(tx, b, { gemsReceived: 1 }, NOW));
    const outcome = await Promise.race([second.then(() => "done"), new Promise((resolve) => setTimeout(() => resolve("waited"), 5_000))]);
    finish();
    await first;
    await second;
    expect(outcome).toBe("done");
    await expectCountsAgree();
    expect(await ownRank(a, "all", NOW)).toEqual(bruteForce(await everyone(), a, "all"));
  });

  it("keeps one row per score members hold: each change folds the rows of the scores it touches", async () => {
    // Quiet now: one more award for everyone touches every score held, folding what the
    // concurrent awards left side by side (rows an open transaction held were skipped).
    for (const id of ids) await db().transaction((tx) => awardScore(tx, id, { gemsReceived: 1 }, NOW));
    const split = rowsOf<{ score: number }>(
      await db().execute(sql`select score from score_counts where score in (select score from members where score > 0)
                              group by score having count(*) > 1`),
    );
    expect(split).toEqual([]);
    await expectCountsAgree();
  });

  it("follows members who leave, a bulk seed, and a recompute from the source tables", async () => {
    await db().delete(members).where(inArray(members.id, ids.slice(110)));
    await expectCountsAgree();
    expect(await seedLeaderboardBench(db(), { members: 3_000, posts: 10 })).toBe(true);
    await expectCountsAgree();
    const people = await everyone();
    // Deep in a board of three thousand: every 97th member, both boards.
    await expectRanksAgree(people.filter((_, i) => i % 97 === 0).map((p) => p.id));
    await recomputeScores(db(), NOW); // no salutes or quests here: everyone back to zero
    await expectCountsAgree();
    expect((await listMemberBoard("all", 1, "en", NOW)).rows).toEqual([]);
    expect(await ownRank(ids[0]!, "all", NOW)).toBeNull();
  });
});
