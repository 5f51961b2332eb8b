/**
 * A party's points and its fair score (docs/parties.md): a member's points count for the
 * parties they are in when they earn them, and stay there when they leave. The score shares
 * a party's points among everyone who counts for it, so a large party does not win by
 * size alone and a tiny one not by one lucky member.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import { db } from "~/platform/db/db.server";
import { PARTY_RULES } from "./rules";

type Executor = Pick<Database, "execute">;

/**
 * Credits `points` a member just earned to the parties they are in now: all of them, or,
 * for points of one contest (a judged round), only their party in that contest. Called by
 * `awardScore`, inside the transaction that awards the points.
 */
export async function creditParties(tx: Executor, memberId: number, points: number, at: Date, scope: { contestId?: number } = {}) {
  if (points <= 0) return;
  await tx.execute(sql`
    insert into party_points (party_id, member_id, points, created_at)
    select pm.party_id, pm.member_id, ${points}, ${at.toISOString()}
      from party_members pm join parties p on p.id = pm.party_id
     where pm.member_id = ${memberId} and p.disbanded_at is null
       ${scope.contestId === undefined ? sql`` : sql`and pm.contest_id = ${scope.contestId}`}`);
}

export interface PartyStanding {
  id: number;
  name: string;
  contestId: number | null;
  /** Points its members earned while in it. */
  points: number;
  /** Everyone who counts for it: members now, and those who left having earned points there. */
  headcount: number;
  members: number;
  /** The fair score: points shared by the headcount, and by at least the floor. */
  score: number;
  rank: number;
}

/** The standings of every party that has not disbanded, best first (score, then points, then age). */
const standingsQuery = (where: ReturnType<typeof sql>) => sql`
  with totals as (
    select party_id, sum(points)::int as points from party_points group by party_id
  ),
  heads as (
    select party_id, count(*)::int as headcount from (
      select party_id, member_id from party_members
      union
      select party_id, member_id from party_points where member_id is not null
    ) people group by party_id
  ),
  sizes as (
    select party_id, count(*)::int as members from party_members group by party_id
  ),
  scored as (
    select p.id, p.name, p.contest_id as "contestId",
           coalesce(t.points, 0) as points,
           coalesce(h.headcount, 0) as headcount,
           coalesce(s.members, 0) as members,
           round(coalesce(t.points, 0)::numeric / greatest(${PARTY_RULES.fairShareFloor}, coalesce(h.headcount, 0)))::int as score
      from parties p
      left join totals t on t.party_id = p.id
      left join heads h on h.party_id = p.id
      left join sizes s on s.party_id = p.id
     where p.disbanded_at is null
  ),
  ranked as (
    select *, rank() over (order by score desc)::int as rank from scored
  )
  select * from ranked ${where} order by rank, points desc, id`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The parties board: the best `limit` parties. */
export async function partyStandings(limit = 50, executor: Executor = db()): Promise<PartyStanding[]> {
  const result = await executor.execute(sql`${standingsQuery(sql``)} limit ${limit}`);
  return rowsOf<PartyStanding>(result).map(numbers);
}

/** One party's standing, or null for a party that disbanded or does not exist. */
export async function partyStanding(partyId: number, executor: Executor = db()): Promise<PartyStanding | null> {
  const result = await executor.execute(standingsQuery(sql`where id = ${partyId}`));
  const [row] = rowsOf<PartyStanding>(result);
  return row ? numbers(row) : null;
}

function numbers(row: PartyStanding): PartyStanding {
  return {
    id: Number(row.id),
    name: row.name,
    contestId: row.contestId === null ? null : Number(row.contestId),
    points: Number(row.points),
    headcount: Number(row.headcount),
    members: Number(row.members),
    score: Number(row.score),
    rank: Number(row.rank),
  };
}

export interface Contribution {
  memberId: number | null;
  points: number;
}

/** Who earned what for a party (members who left included), most first. */
export async function partyContributions(partyId: number, executor: Executor = db()): Promise<Contribution[]> {
  const result = await executor.execute(sql`
    select member_id as "memberId", sum(points)::int as points from party_points
     where party_id = ${partyId} group by member_id order by points desc, member_id`);
  return rowsOf<Contribution>(result).map((r) => ({ memberId: r.memberId === null ? null : Number(r.memberId), points: Number(r.points) }));
}
