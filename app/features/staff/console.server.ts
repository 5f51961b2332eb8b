/**
 * What the admin's console reads: members looked up (with their suspension), and contests at
 * a glance. Reads only; what changes goes through the commands with their trail entries.
 */
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/db.server";
import { contests, memberRoles, members, memberSuspensions, parties, partyMembers, staffAudit } from "~/platform/db/schema";
import { displayName } from "~/features/members/index.server";
import { digitsOf, displayPhone } from "~/features/auth";
import { recordStaffAction, type Actor } from "./audit.server";
import type { Language } from "~/platform/i18n";

export const MemberLookup = z.object({
  q: z.string().trim().max(100, { error: "errors:validation.tooLong" }).default(""),
});

export interface MemberAtAGlance {
  id: number;
  name: string;
  username: string | null;
  phone: string;
  joinedAt: string;
  suspension: { reason: string; at: string } | null;
}

const LOOKUP_LIMIT = 20;
/** The same look-up again within this time is not written to the trail again. */
const LOOKUP_SAME_FOR_MS = 10 * 60_000;

/**
 * Members matching `query`: `#12` or a bare id, a phone number (10 digits or more, any
 * formatting), or part of a name or username. Written to the trail: who looked whom up.
 */
export async function lookUpMembers(actor: Actor, query: string, lang: Language): Promise<MemberAtAGlance[]> {
  const q = query.trim();
  if (!q) return [];
  const digits = digitsOf(q);
  const idMatch = /^#?\d{1,9}$/.test(q) && digits.length < 10 ? Number(digits) : null;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [
    ...(idMatch ? [eq(members.id, idMatch)] : []),
    ...(digits.length >= 10 ? [sql`right(${members.phone}, ${Math.min(digits.length, 15)}) = ${digits.slice(-15)}`] : []),
    ilike(members.username, like),
    ilike(sql`coalesce(${members.firstName}, '') || ' ' || coalesce(${members.lastName}, '')`, like),
  ];
  const rows = await db()
    .select({ member: members, suspension: memberSuspensions })
    .from(members)
    .leftJoin(memberSuspensions, eq(memberSuspensions.memberId, members.id))
    .where(or(...conditions))
    .orderBy(asc(members.id))
    .limit(LOOKUP_LIMIT);
  // Written once per query and person a while: a page shown again after a suspension (or a
  // reload) is the same look-up, not another.
  const [last] = await db()
    .select({ details: staffAudit.details, at: staffAudit.at })
    .from(staffAudit)
    .where(and(eq(staffAudit.staffUsername, actor.username), eq(staffAudit.action, "look-up-members")))
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(1);
  const seenJustNow = last && last.details.query === q.slice(0, 100) && Date.now() - last.at.getTime() < LOOKUP_SAME_FOR_MS;
  if (!seenJustNow) await recordStaffAction(db(), actor, "look-up-members", null, { query: q.slice(0, 100), found: rows.length });
  return rows.map(({ member, suspension }) => ({
    id: member.id,
    name: displayName(member, lang),
    username: member.username,
    phone: displayPhone(member.phone),
    joinedAt: member.joinedAt.toISOString(),
    suspension: suspension ? { reason: suspension.reason, at: suspension.suspendedAt.toISOString() } : null,
  }));
}

/** Every suspended member, most recent first. */
export async function suspendedMembers(lang: Language): Promise<MemberAtAGlance[]> {
  const rows = await db()
    .select({ member: members, suspension: memberSuspensions })
    .from(memberSuspensions)
    .innerJoin(members, eq(members.id, memberSuspensions.memberId))
    .orderBy(desc(memberSuspensions.suspendedAt))
    .limit(100);
  return rows.map(({ member, suspension }) => ({
    id: member.id,
    name: displayName(member, lang),
    username: member.username,
    phone: displayPhone(member.phone),
    joinedAt: member.joinedAt.toISOString(),
    suspension: { reason: suspension.reason, at: suspension.suspendedAt.toISOString() },
  }));
}

export interface ContestAtAGlance {
  id: number;
  name: string;
  status: string;
  startsAt: string | null;
  endsAt: string | null;
  gameMaster: string | null;
  parties: number;
  players: number;
  roles: number;
}

/** Every contest with its game master and head counts, newest first. */
export async function contestsAtAGlance(lang: Language): Promise<ContestAtAGlance[]> {
  const rows = await db()
    .select({
      contest: contests,
      gm: { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username },
      parties: sql<number>`(select count(*)::int from ${parties} p where p.contest_id = ${contests.id})`,
      players: sql<number>`(select count(distinct pm.member_id)::int from ${partyMembers} pm join ${parties} p on p.id = pm.party_id where p.contest_id = ${contests.id})`,
      roles: sql<number>`(select count(*)::int from ${memberRoles} r where r.contest_id = ${contests.id})`,
    })
    .from(contests)
    .leftJoin(members, eq(members.id, contests.gameMasterId))
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.contest.id,
    name: r.contest.name,
    status: r.contest.status,
    startsAt: r.contest.startsAt?.toISOString() ?? null,
    endsAt: r.contest.endsAt?.toISOString() ?? null,
    gameMaster: r.gm?.id ? displayName({ id: r.gm.id, firstName: r.gm.firstName, lastName: r.gm.lastName, username: r.gm.username }, lang) : null,
    parties: Number(r.parties),
    players: Number(r.players),
    roles: Number(r.roles),
  }));
}
