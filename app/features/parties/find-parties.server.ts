/**
 * The parties a JSON caller may list (GET /api/getparties/): parties still going (not
 * disbanded), each with its first ringleader and its head count. Section 7 allows exactly
 * four combinations of filters: all three, the contest only, the member only, or the zipcode
 * only.
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { contests, members, parties, partyMembers } from "~/platform/db/schema";
import { displayName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";

export interface PartyFilter {
  memberId?: number;
  contestId?: number;
  zipcode?: string;
}

/** The combinations section 7 allows, as the names of the filters given. */
export const ALLOWED_PARTY_FILTERS = [["memberid", "contestid", "zipcode"], ["contestid"], ["memberid"], ["zipcode"]] as const;

/** Whether these filters (by name) are one of the allowed combinations. */
export function isAllowedPartyFilter(given: readonly string[]): boolean {
  const set = [...new Set(given)].sort().join(",");
  return ALLOWED_PARTY_FILTERS.some((combination) => [...combination].sort().join(",") === set);
}

export interface PartyListing {
  PartyID: number;
  Name: string;
  ContestID: number | null;
  ContestName: string | null;
  Zipcode: string | null;
  RingleaderID: number | null;
  Ringleader: string | null;
  MemberCount: number;
}

export const PARTY_LIST_LIMIT = 200;

/** A party's ringleader who has led it longest (a party may have co-ringleaders). */
const firstRingleader = sql`(select ${partyMembers.memberId} from ${partyMembers} where ${partyMembers.partyId} = ${parties.id} and ${partyMembers.role} = 'ringleader' order by ${partyMembers.joinedAt}, ${partyMembers.memberId} limit 1)`;

/** The parties `filter` finds; a ringleader without a chosen name is named in `lang` (0512). */
export async function findParties(filter: PartyFilter, lang: Language): Promise<PartyListing[]> {
  const conditions: SQL[] = [isNull(parties.disbandedAt)];
  if (filter.contestId !== undefined) conditions.push(eq(parties.contestId, filter.contestId));
  if (filter.zipcode !== undefined) conditions.push(sql`lower(${parties.zipcode}) = lower(${filter.zipcode})`);
  if (filter.memberId !== undefined) {
    conditions.push(sql`exists (select 1 from ${partyMembers} pm where pm.party_id = ${parties.id} and pm.member_id = ${filter.memberId})`);
  }
  const rows = await db()
    .select({
      party: parties,
      contestName: contests.name,
      leader: { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username },
      memberCount: sql<number>`(select count(*)::int from ${partyMembers} pm where pm.party_id = ${parties.id})`,
    })
    .from(parties)
    .leftJoin(contests, eq(contests.id, parties.contestId))
    .leftJoin(members, eq(members.id, firstRingleader))
    .where(and(...conditions))
    .orderBy(asc(parties.id))
    .limit(PARTY_LIST_LIMIT);
  return rows.map((r) => ({
    PartyID: r.party.id,
    Name: r.party.name,
    ContestID: r.party.contestId,
    ContestName: r.contestName,
    Zipcode: r.party.zipcode,
    RingleaderID: r.leader?.id ?? null,
    Ringleader: r.leader?.id ? displayName({ id: r.leader.id, firstName: r.leader.firstName, lastName: r.leader.lastName, username: r.leader.username }, lang) : null,
    MemberCount: Number(r.memberCount),
  }));
}
