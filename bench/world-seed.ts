/**
 * Benchmark world: many members with scores and a long newsfeed, made with
 * generate_series so 100 000 members take seconds, not minutes. For `npm run bench` only;
 * never part of the demo seed or the tests' fixtures.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import { weekStart } from "~/features/leaderboard/score.server";

export interface BenchSeedOptions {
  members?: number;
  posts?: number;
  /** How many of the newest posts get glows (1 to 12 each). */
  glowedPosts?: number;
  now?: Date;
}

/** Bench members' phones are +1888xxxxxxx, so they never collide with real or demo ones. */
export const BENCH_PHONE_PREFIX = "+1888";

/**
 * Seeds `members` (default 100 000) members with all-time and weekly scores and `posts`
 * (default 10 000) newsfeed posts with some glows. Idempotent: returns false and does
 * nothing when bench members already exist.
 */
export async function seedLeaderboardBench(db: Database, options: BenchSeedOptions = {}): Promise<boolean> {
  const memberCount = options.members ?? 100_000;
  const postCount = options.posts ?? 10_000;
  const glowedPosts = options.glowedPosts ?? 200;
  const now = options.now ?? new Date();
  const week = weekStart(now);
  const first = `${BENCH_PHONE_PREFIX}0000001`;
  const existing = await db.execute(sql`select 1 from members where phone = ${first} limit 1`);
  if (rowsOf(existing).length > 0) return false;

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into members (phone, username, first_name, last_name, zipcode, created_at, score, week_score, score_week)
      select ${BENCH_PHONE_PREFIX} || lpad(i::text, 7, '0'),
             'bench' || i,
             (array['Ada','Grace','Alan','Mei','Linus','Rosa','Zhen','Kofi','Ines','Omar'])[1 + i % 10],
             'Bench ' || i,
             lpad((i % 99999)::text, 5, '0'),
             ${now}::timestamptz - (i % 365) * interval '1 day',
             -- Skewed like a real game: most have a little, a few have a lot, many ties.
             floor(power(random(), 3) * 2000)::int,
             floor(power(random(), 4) * 200)::int,
             ${week}::date
        from generate_series(1, ${memberCount}) as i`);

    // Bench members' ids are one contiguous run (inserted together above).
    await tx.execute(sql`
      with people as (
        select min(id) as first, count(*)::int as n from members where phone like ${`${BENCH_PHONE_PREFIX}%`}
      )
      insert into posts (type, actor_id, subject_id, ref_id, text, data, created_at)
      select t.type,
             -- bigint: at a million posts i × 104729 is past an int's range.
             case when t.type in ('secretsalute', 'contest') then null
                  else people.first + ((i::bigint * 7919) % people.n)::int end,
             case when t.type in ('compliment', 'starsalute', 'secretsalute')
                  then people.first + ((i::bigint * 104729) % people.n)::int end,
             null,
             case when t.type = 'compliment' then 'Thanks for lighting up the hunt, #' || i else '' end,
             case when t.type = 'starsalute' then jsonb_build_object('stars', 1 + i % 3)
                  when t.type = 'secretsalute' then jsonb_build_object('prompt', 'kindness')
                  else '{}'::jsonb end,
             ${now}::timestamptz - i * interval '37 seconds'
        from generate_series(1, ${postCount}) as i
        cross join people
        cross join lateral (select (array['compliment','starsalute','secretsalute','quest','party','treasure','beamkin','contest'])[1 + i % 8] as type) t`);

    // Glows on the newest posts, so the feed's counts have work to do.
    await tx.execute(sql`
      insert into reactions (post_id, member_id)
      select p.id, m.id
        from (select id from posts order by created_at desc, id desc limit ${glowedPosts}) p
        cross join lateral (
          select id from members where phone like ${`${BENCH_PHONE_PREFIX}%`}
           order by id limit (1 + p.id % 12)
        ) m
      on conflict do nothing`);
  });
  // Fresh statistics and visibility maps, so the planner uses the ranking indexes (index-only).
  for (const table of ["members", "posts", "reactions"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return true;
}

function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}

/**
 * The `npm run bench` seed contract (bench/pages.mjs → bench/seed-runner.mjs):
 * `seedBench({ db, log, scale })` returns a one-line summary. Scale 1 is the demo's data
 * as the bench counts it (1 000 members, 10 000 posts); the growth part compares it with
 * scale 100 (100 000 members, 1 000 000 posts).
 */
export async function seedBench({
  db,
  log,
  scale = 1,
}: {
  db: Database;
  databaseUrl?: string;
  log?: (message: string) => void;
  scale?: number;
}) {
  const members = 1_000 * scale;
  const posts = 10_000 * scale;
  const seeded = await seedLeaderboardBench(db, { members, posts, glowedPosts: 200 * scale });
  if (!seeded) log?.("bench members already present; left as they are");
  return `${members.toLocaleString("en")} members with scores, ${posts.toLocaleString("en")} posts`;
}
