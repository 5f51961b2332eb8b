/**
 * The contests a JSON caller may list (GET /api/getcontests/, optionally for one member):
 * the smallest read the API needs until the contests capability owns its queries.
 */
import { asc, eq, or, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { contests, memberRoles, parties, partyMembers } from "~/platform/db/schema";

export interface ContestListing {
  ContestID: number;
  Name: string;
  Description: string;
  /** Section 4: a contest's status is Active unless one is recorded. */
  Status: string;
  StartsAt: string | null;
  EndsAt: string | null;
  GameMasterID: number | null;
}

export const CONTEST_LIST_LIMIT = 200;

/** Every contest, or those a member takes part in (a role in it, or a party of it). */
export async function findContests(memberId?: number): Promise<ContestListing[]> {
  const takesPart =
    memberId === undefined
      ? undefined
      : or(
          sql`exists (select 1 from ${memberRoles} r where r.contest_id = ${contests.id} and r.member_id = ${memberId})`,
          sql`exists (select 1 from ${partyMembers} pm join ${parties} p on p.id = pm.party_id where p.contest_id = ${contests.id} and pm.member_id = ${memberId})`,
          eq(contests.gameMasterId, memberId),
        );
  const rows = await db().select().from(contests).where(takesPart).orderBy(asc(contests.id)).limit(CONTEST_LIST_LIMIT);
  return rows.map((c) => ({
    ContestID: c.id,
    Name: c.name,
    Description: c.description,
    Status: c.status || "Active",
    StartsAt: c.startsAt?.toISOString() ?? null,
    EndsAt: c.endsAt?.toISOString() ?? null,
    GameMasterID: c.gameMasterId,
  }));
}
