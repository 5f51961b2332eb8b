import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { LEADERBOARD_PAGE_SIZE, listMemberBoard, ownRank, viewBoard } from "./leaderboard.server";
import { forgetSharedBoards, sharedBoard, SHARED_BOARD_TTL_MS } from "./shared-board.server";
import { awardScore, recomputeScores, scoreOf, weekStart } from "./score.server";
import { seedLeaderboardBench } from "../../../bench/world-seed";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

describe("the score", () => {
  it("is gems received + 5 × stars received + quest points + judged contest points", () => {
    expect(scoreOf({ gemsReceived: 3, starsReceived: 2, questPoints: 10, contestPoints: 7 })).toBe(3 + 10 + 10 + 7);
    expect(scoreOf({})).toBe(0);
  });

  it("weeks start on Monday (UTC)", () => {
    expect(weekStart(new Date("2026-11-22T23:59:00Z"))).toBe("2026-11-16"); // a Sunday
    expect(weekStart(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // a Monday
  });

  it("a new week's points start from zero while the all-time score keeps growing", async () => {
    const [m] = await db().insert(members).values({ phone: "+15559990001", firstName: "Weeky" }).returning();
    await awardScore(db(), m!.id, { starsReceived: 2 }, new Date("2026-11-18T12:00:00Z"));
    await awardScore(db(), m!.id, { gemsReceived: 4 }, new Date("2026-11-24T12:00:00Z"));
    const [row] = await db().select().from(members).where(eq(members.id, m!.id));
    expect(row).toMatchObject({ score: 14, weekScore: 4, scoreWeek: "2026-11-23" });
  });

  it("concurrent awards are never lost", async () => {
    const [m] = await db().insert(members).values({ phone: "+15559990002", firstName: "Busy" }).returning();
    await Promise.all(Array.from({ length: 20 }, () => awardScore(db(), m!.id, { gemsReceived: 1 })));
    const [row] = await db().select().from(members).where(eq(members.id, m!.id));
    expect(row!.score).toBe(20);
  });
});

describe("the leaderboard", () => {
  it("ranks best first with shared ranks for ties, and shows a member's own rank beyond page one", async () => {
    // 130 members: scores 130, 129, … with a tie at the top.
    await db().execute(sql`
      insert into members (phone, first_name, score, week_score, score_week)
      select '+1666' || lpad(i::text, 7, '0'), 'Player' || i, 1000 - i, 0, ${weekStart()}::date
        from generate_series(1, 130) as i`);
    await db().execute(sql`update members set score = 999 where phone = '+16660000002'`); // ties with #1
    const first = await listMemberBoard("all", 1, "en");
    expect(first.rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(first.rows.slice(0, 3).map((r) => [r.rank, r.score])).toEqual([[1, 999], [1, 999], [3, 997]]);
    const scores = first.rows.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    const [last] = await db().select().from(members).where(eq(members.phone, "+16660000130"));
    const mine = await ownRank(last!.id, "all");
    expect(mine).toMatchObject({ score: 870, page: 3 });
    const third = await listMemberBoard("all", mine!.page, "en");
    const row = third.rows.find((r) => r.id === last!.id);
    expect(row?.rank).toBe(mine!.rank);
    // Page three starts with the right rank, not 1.
    expect(third.rows[0]!.rank).toBe(2 * LEADERBOARD_PAGE_SIZE + 1);
  });

  it("leaves members with no points this week off the weekly board", async () => {
    const week = await listMemberBoard("week", 1, "en");
    expect(week.rows.every((r) => r.score > 0)).toBe(true);
    const [quiet] = await db().select().from(members).where(eq(members.phone, "+16660000001"));
    expect(await ownRank(quiet!.id, "week")).toBeNull();
  });

  it("recomputes the demo world's scores from its salutes and judged parties", async () => {
    const [before] = await db().select().from(members).where(eq(members.username, "ada"));
    await recomputeScores(db());
    const [ada] = await db().select().from(members).where(eq(members.username, "ada"));
    // Ada: a 3-star salute (15), The Lanterns' 50 points for first place in round 1,
    // 'Complete Signup' (10 quest points) and the fountain's secret, found (10).
    expect(ada!.score).toBe(15 + 50 + 10 + 10);
    expect(before!.score).toBe(ada!.score); // the demo seed already did this
  });
});

describe("the shared top of the board", () => {
  const row = async (phone: string) => (await db().select().from(members).where(eq(members.phone, phone)))[0]!;

  it("a member sees their new score at once after scoring, and so does everyone in this process", async () => {
    const [m] = await db().insert(members).values({ phone: "+15559990101", firstName: "Riser" }).returning();
    const anonymous = await viewBoard("all", 1, null, "en");
    expect(anonymous.list.rows.some((r) => r.id === m!.id)).toBe(false);
    await awardScore(db(), m!.id, { starsReceived: 400 }); // 2000 points: the top of the board
    const mine = await viewBoard("all", 1, await row("+15559990101"), "en");
    expect(mine.mine).toMatchObject({ rank: 1, score: 2000 });
    expect(mine.list.rows[0]).toMatchObject({ id: m!.id, rank: 1, score: 2000 });
    // awardScore forgot the shared page: a visitor sees it too.
    expect((await viewBoard("all", 1, null, "en")).list.rows[0]).toMatchObject({ id: m!.id, score: 2000 });
  });

  it("a score written elsewhere (another instance) reaches its member at once, whatever is shared", async () => {
    await viewBoard("all", 1, null, "en"); // the shared page, before the write
    const [m] = await db().insert(members).values({ phone: "+15559990102", firstName: "Elsewhere" }).returning();
    // Not through awardScore: nothing in this process is told.
    await db().execute(sql`update members set score = 5000 where id = ${m!.id}`);
    const mine = await viewBoard("all", 1, await row("+15559990102"), "en");
    expect(mine.list.rows[0]).toMatchObject({ id: m!.id, rank: 1, score: 5000 });
    expect(mine.mine).toMatchObject({ rank: 1, score: 5000, page: 1 });
  });

  it("keeps an answer for SHARED_BOARD_TTL_MS, then reads again", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const start = Date.now() + 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      expect(await sharedBoard("test:ttl", read)).toBe(1);
      vi.setSystemTime(start + SHARED_BOARD_TTL_MS - 5);
      expect(await sharedBoard("test:ttl", read)).toBe(1);
      vi.setSystemTime(start + SHARED_BOARD_TTL_MS + 5);
      expect(await sharedBoard("test:ttl", read)).toBe(2);
      // Requests that miss together share one read.
      const together = await Promise.all([sharedBoard("test:once", read), sharedBoard("test:once", read)]);
      expect(together).toEqual([3, 3]);
      // A score written while a read is under way: that read is not kept.
      let release!: () => void;
      const slow = sharedBoard("test:write", () => new Promise<number>((resolve) => (release = () => resolve(++reads))));
      forgetSharedBoards();
      release();
      expect(await slow).toBe(4);
      expect(await sharedBoard("test:write", read)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a viewer with no points takes their rank from their row without reading it again", async () => {
    const [m] = await db().insert(members).values({ phone: "+15559990103", firstName: "Quiet" }).returning();
    expect((await viewBoard("all", 1, m!, "en")).mine).toBeNull();
    expect((await viewBoard("week", 1, m!, "en")).mine).toBeNull();
  });
});

describe("the benchmark seed", () => {
  it("makes members and posts quickly with generate_series, once", async () => {
    expect(await seedLeaderboardBench(db(), { members: 2000, posts: 300 })).toBe(true);
    expect(await seedLeaderboardBench(db(), { members: 2000, posts: 300 })).toBe(false);
    const [n] = await db().select({ n: sql<number>`count(*)::int` }).from(members).where(sql`phone like '+1888%'`);
    expect(n!.n).toBe(2000);
    const page = await listMemberBoard("all", 2, "en");
    expect(page.rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
  });
});
