/** The contests the party screens name: where a member may build a party, and their names. */
import { and, asc, inArray, ne, sql } from "drizzle-orm";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { db } from "~/platform/db/db.server";
import { contests, parties, partyMembers } from "~/platform/db/schema";

/**
 * Contests where these roles make their holder a ringleader, and that still take parties,
 * each with the member's party there (a member is in one party per contest: they build
 * another only after leaving it).
 */
export async function ringleaderContests(roles: readonly MemberRole[], memberId: number) {
  const ids = [...new Set(roles.filter((r) => r.role === "ringleader" && r.contestId !== null).map((r) => Number(r.contestId)))];
  if (ids.length === 0) return [];
  const rows = await db()
    .select({
      id: contests.id,
      name: contests.name,
      party: sql<string | null>`(select p.name from ${partyMembers} pm join ${parties} p on p.id = pm.party_id where pm.contest_id = ${contests.id} and pm.member_id = ${memberId} limit 1)`,
    })
    .from(contests)
    .where(and(inArray(contests.id, ids), ne(contests.status, "Ended")))
    .orderBy(asc(contests.id));
  return rows.filter((c) => hasRole(roles, "ringleader", c.id));
}

/** Contest names by id. */
export async function contestNames(ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db().select({ id: contests.id, name: contests.name }).from(contests).where(inArray(contests.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
