/**
 * The statements behind the pages members open most use indexes, so their cost stays flat
 * as the game grows (issue 26; `npm run bench` measures the pages at 1× and 100×). The
 * statements are the real ones, captured through a drizzle logger while the feed, the
 * leaderboard and the session lookup run, then EXPLAINed on a world with tens of thousands
 * of members, posts, glows and sessions and fresh statistics (database).
 */
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/features/auth/session-store.server";
import { findSessionMember } from "~/features/auth/principal.server";
import { findPost, listFeed } from "~/features/feed/feed.server";
import { seedLeaderboardBench } from "../../bench/world-seed";
import { listMemberBoard, ownRank } from "~/features/leaderboard/leaderboard.server";
import { weekStart } from "~/features/leaderboard/score.server";
import { db, setConnection, type Connection, type Database } from "~/platform/db/db.server";
import * as schema from "~/platform/db/schema";
import { createTestDatabase } from "../support/db";

/** Tables that grow with the game: a sequential scan of one of them is a page that slows down. */
const GROWING = ["members", "posts", "reactions", "sessions"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

interface Statement {
  query: string;
  params: unknown[];
}

let conn: Connection;
let client: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/** The statements `work` sends, as drizzle hands them to the driver. */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const raw = (conn.db as unknown as { $client: unknown }).$client;
  const capturing = (
    conn.target.kind === "postgres"
      ? drizzlePg(raw as pg.Pool, { schema, logger })
      : drizzlePglite(raw as PGlite, { schema, logger })
  ) as unknown as Database;
  setConnection({ ...conn, db: capturing });
  try {
    await work();
  } finally {
    setConnection(conn);
  }
  return sent;
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(statement: Statement): Promise<PlanNode[]> {
  // The planner is asked whether an index can serve the statement (seq scans priced out):
  // on a test database's few thousand rows PostgreSQL may rightly prefer a scan, which says
  // nothing about the large tables the indexes are for. A missing index still shows as a scan.
  const session = conn.target.kind === "postgres" ? await (client as unknown as pg.Pool).connect() : null;
  const on = (session ?? client) as unknown as { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
  try {
    await on.query("set enable_seqscan = off");
    const { rows } = await on.query(`explain (format json) ${statement.query}`, statement.params);
    const json = (rows[0] as Record<string, unknown>)["QUERY PLAN"];
    const [top] = (typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    return nodesOf(top.Plan);
  } finally {
    if (session) {
      await session.query("reset enable_seqscan");
      session.release();
    }
  }
}

/** Every statement of `work` that reads a growing table, with the indexes its plan uses. */
async function plansOf(work: () => Promise<unknown>) {
  const found = [];
  for (const statement of await statementsOf(work)) {
    if (!/^\s*select/i.test(statement.query)) continue;
    const nodes = await planOf(statement);
    found.push({
      query: statement.query.replace(/\s+/g, " ").slice(0, 160),
      seqScans: nodes.filter((n) => n["Node Type"] === "Seq Scan" && GROWING.includes(n["Relation Name"] ?? "")).map((n) => n["Relation Name"]),
      indexes: nodes.map((n) => n["Index Name"]).filter(Boolean),
    });
  }
  return found;
}

let memberId: number;
let topMemberId: number;
let deepMemberId: number;
let sid: string;

beforeAll(async () => {
  conn = await createTestDatabase();
  client = (conn.db as unknown as { $client: typeof client }).$client;
  await seedLeaderboardBench(db(), { members: 5_000, posts: 20_000, glowedPosts: 500 });
  // A session for every member, as after a busy week.
  await db().execute(sql`
    insert into sessions (id_hash, member_id, created_at, last_seen_at, expires_at)
    select md5(m.id::text), m.id, now(), now(), now() + interval '3 days' from members m`);
  await db().execute(sql`analyze`);
  const pick = async (query: ReturnType<typeof sql>) => {
    const result = (await db().execute(query)) as unknown as { rows?: { id: number }[] } | { id: number }[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    return Number(rows[0]!.id);
  };
  memberId = await pick(sql`select id from members where phone like '+1888%' order by id limit 1`);
  // The best of those on both boards: a quarter of the seeded members have no points this
  // week, and a member off the week's board has no week rank to plan (CI drew one).
  topMemberId = await pick(sql`select id from members where week_score > 0 and score_week = ${weekStart()}::date order by score desc, id limit 1`);
  // Thousands ahead on both boards.
  deepMemberId = await pick(sql`select id from members where score between 1 and 20 and week_score between 1 and 5 and score_week = ${weekStart()}::date order by id limit 1`);
  sid = await startSession(memberId);
}, 120_000);

describe("the hot statements use indexes, not scans of growing tables (database)", () => {
  it("the member feed: its page off the newest-posts index, people and glows by key", async () => {
    const plans = await plansOf(() => listFeed(null, memberId));
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.flatMap((p) => p.seqScans)).toEqual([]);
    expect(plans.flatMap((p) => p.indexes)).toEqual(expect.arrayContaining(["posts_newest_idx", "members_pkey", "reactions_post_id_member_id_pk"]));
  });

  it("an older feed page walks the same index from its cursor", async () => {
    const first = await listFeed(null, null);
    expect(first.nextCursor).not.toBeNull();
    const plans = await plansOf(() => listFeed(first.nextCursor, memberId));
    expect(plans.flatMap((p) => p.seqScans)).toEqual([]);
    expect(plans[0]!.indexes).toContain("posts_newest_idx");
  });

  it("a post's own page finds it by key", async () => {
    const [post] = (await listFeed(null, null)).posts;
    const plans = await plansOf(() => findPost(post!.id));
    expect(plans.flatMap((p) => p.seqScans)).toEqual([]);
    expect(plans.flatMap((p) => p.indexes)).toContain("posts_pkey");
  });

  it("the leaderboards, all time and this week, read their ranking indexes", async () => {
    const all = await plansOf(() => listMemberBoard("all", 1, "en"));
    expect(all.flatMap((p) => p.seqScans)).toEqual([]);
    expect(all.flatMap((p) => p.indexes)).toContain("members_score_rank_idx");
    const week = await plansOf(() => listMemberBoard("week", 1, "en"));
    expect(week.flatMap((p) => p.seqScans)).toEqual([]);
    expect(week.flatMap((p) => p.indexes)).toContain("members_week_score_rank_idx");
    // A page deep in the board, starting mid-tie, ranks its first row by counting above it.
    const deep = await plansOf(() => listMemberBoard("all", 40, "en"));
    expect(deep.flatMap((p) => p.seqScans)).toEqual([]);
  });

  it("a member's own rank, at the top or deep in the board, sums the score counts and counts only their tie", async () => {
    // The statement that counts (the last: the first reads the member's own score by key).
    const tieRangeOf = (plans: { indexes: unknown[] }[]) =>
      plans.at(-1)!.indexes.some((name) => ["members_score_rank_idx", "members_week_score_rank_idx", "members_pkey"].includes(String(name)));
    for (const id of [topMemberId, deepMemberId]) {
      // Members ahead: the counts of the scores above (decision 1010); their place in a tie:
      // an index range, either the ranking index's range of that one score or, when the
      // member's id is low, the key's range below it (the planner picks whichever is shorter
      // on the drawn world's statistics; a CI run drew the key).
      const all = await plansOf(() => ownRank(id, "all"));
      expect(all.flatMap((p) => p.seqScans)).toEqual([]);
      expect(all.at(-1)!.indexes).toContain("score_counts_score_idx");
      expect(tieRangeOf(all)).toBe(true);
      const week = await plansOf(() => ownRank(id, "week"));
      expect(week.flatMap((p) => p.seqScans)).toEqual([]);
      expect(week.at(-1)!.indexes).toContain("week_score_counts_week_score_idx");
      expect(tieRangeOf(week)).toBe(true);
    }
  });

  it("every page's session lookup finds the session by its key", async () => {
    const plans = await plansOf(() => findSessionMember(sid));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.seqScans).toEqual([]);
    expect(plans[0]!.indexes).toEqual(expect.arrayContaining(["sessions_pkey", "members_pkey"]));
  });
});
