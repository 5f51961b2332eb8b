/**
 * What the party screens show, read in as few statements as the screen needs. Every person
 * is a name and an avatar, never an id; dates travel as ISO text.
 */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { contestRounds, contests, invites, parties, partyEvents, partyJoinRequests, partyMembers, type JoinPolicy, type PartyEventKind, type PartyRole } from "~/platform/db/schema";
import { formatJoinCode } from "./join-code";
import { peopleByIds, type Person } from "./people.server";
import { partyContributions, partyStanding } from "./points.server";
import { PARTY_RULES } from "./rules";
import type { Language } from "~/platform/i18n";

export interface RosterEntry extends Person {
  role: PartyRole;
  joinedAt: string;
  points: number;
}

export interface PartyFacts {
  id: number;
  name: string;
  motto: string;
  zipcode: string | null;
  cap: number;
  joinPolicy: JoinPolicy;
  contest: { id: number; name: string } | null;
  disbanded: boolean;
  /** A round of its contest is open: nobody joins or leaves until it closes. */
  locked: boolean;
}

async function partyFacts(partyId: number): Promise<(PartyFacts & { joinCode: string; createdAt: Date }) | null> {
  if (!Number.isSafeInteger(partyId) || partyId < 1 || partyId > 2_147_483_647) return null;
  const [row] = await db()
    .select({
      id: parties.id,
      name: parties.name,
      motto: parties.motto,
      zipcode: parties.zipcode,
      cap: parties.cap,
      joinPolicy: parties.joinPolicy,
      joinCode: parties.joinCode,
      createdAt: parties.createdAt,
      disbandedAt: parties.disbandedAt,
      contestId: parties.contestId,
      contestName: contests.name,
      locked: sql<boolean>`exists (select 1 from ${contestRounds} r where r.contest_id = ${parties.contestId} and r.state = 'open')`,
    })
    .from(parties)
    .leftJoin(contests, eq(contests.id, parties.contestId))
    .where(eq(parties.id, partyId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    motto: row.motto,
    zipcode: row.zipcode,
    cap: row.cap,
    joinPolicy: row.joinPolicy,
    joinCode: row.joinCode,
    createdAt: row.createdAt,
    contest: row.contestId === null ? null : { id: row.contestId, name: row.contestName ?? "" },
    disbanded: row.disbandedAt !== null,
    locked: Boolean(row.locked),
  };
}

/** The roster, ringleaders first, then by who joined first; with what each earned for the party. */
async function roster(partyId: number, lang: Language): Promise<RosterEntry[]> {
  const rows = await db()
    .select({ memberId: partyMembers.memberId, role: partyMembers.role, joinedAt: partyMembers.joinedAt })
    .from(partyMembers)
    .where(eq(partyMembers.partyId, partyId))
    .orderBy(sql`${partyMembers.role} = 'ringleader' desc`, asc(partyMembers.joinedAt), asc(partyMembers.memberId));
  const [people, contributions] = await Promise.all([peopleByIds(rows.map((r) => r.memberId), db(), lang), partyContributions(partyId)]);
  const earned = new Map(contributions.map((c) => [c.memberId, c.points]));
  return rows.map((r) => ({
    ...(people.get(r.memberId) ?? { id: r.memberId, name: "", avatarUrl: "" }),
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
    points: earned.get(r.memberId) ?? 0,
  }));
}

export interface ActivityItem {
  id: number;
  kind: PartyEventKind;
  actor: string | null;
  subject: string | null;
  at: string;
}

/** What happened lately. Removal reasons are not activity: only the member removed sees theirs. */
async function activity(partyId: number, lang: Language): Promise<ActivityItem[]> {
  const rows = await db()
    .select({ id: partyEvents.id, kind: partyEvents.kind, actorId: partyEvents.actorId, subjectId: partyEvents.subjectId, at: partyEvents.createdAt })
    .from(partyEvents)
    .where(eq(partyEvents.partyId, partyId))
    .orderBy(desc(partyEvents.createdAt), desc(partyEvents.id))
    .limit(PARTY_RULES.activityShown);
  const people = await peopleByIds(rows.flatMap((r) => [r.actorId, r.subjectId]), db(), lang);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: r.actorId === null ? null : (people.get(r.actorId)?.name ?? null),
    subject: r.subjectId === null ? null : (people.get(r.subjectId)?.name ?? null),
    at: r.at.toISOString(),
  }));
}

/** The latest time this member was removed from the party: by whom, why, when. */
async function removalOf(partyId: number, memberId: number, lang: Language) {
  const [row] = await db()
    .select({ actorId: partyEvents.actorId, note: partyEvents.note, at: partyEvents.createdAt })
    .from(partyEvents)
    .where(and(eq(partyEvents.partyId, partyId), eq(partyEvents.subjectId, memberId), eq(partyEvents.kind, "removed")))
    .orderBy(desc(partyEvents.createdAt))
    .limit(1);
  if (!row) return null;
  const people = await peopleByIds([row.actorId], db(), lang);
  return { by: row.actorId === null ? null : (people.get(row.actorId)?.name ?? null), reason: row.note ?? "", at: row.at.toISOString() };
}

async function viewerPlace(partyId: number, contestId: number | null, viewerId: number) {
  const [[mine], [request], [other]] = await Promise.all([
    db().select({ role: partyMembers.role }).from(partyMembers).where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.memberId, viewerId))),
    db()
      .select({ id: partyJoinRequests.id })
      .from(partyJoinRequests)
      .where(and(eq(partyJoinRequests.partyId, partyId), eq(partyJoinRequests.memberId, viewerId), eq(partyJoinRequests.status, "pending"))),
    contestId === null
      ? Promise.resolve([])
      : db()
          .select({ id: parties.id, name: parties.name })
          .from(partyMembers)
          .innerJoin(parties, eq(parties.id, partyMembers.partyId))
          .where(and(eq(partyMembers.memberId, viewerId), eq(partyMembers.contestId, contestId), sql`${parties.id} <> ${partyId}`)),
  ]);
  return { role: mine?.role ?? null, requested: Boolean(request), otherParty: other ?? null };
}

/** Members plus pending invitations: the places taken. */
async function placesTaken(partyId: number, now: Date) {
  const [[m], [i]] = await Promise.all([
    db().select({ n: count() }).from(partyMembers).where(eq(partyMembers.partyId, partyId)),
    db()
      .select({ n: count() })
      .from(invites)
      .where(and(eq(invites.partyId, partyId), eq(invites.status, "pending"), gt(invites.expiresAt, now))),
  ]);
  return { members: m?.n ?? 0, pending: i?.n ?? 0 };
}

/**
 * The party page. Null for a party that does not exist (the not-found page). A private
 * party (by invitation only) shows non-members its name alone.
 */
export async function partyPage(partyId: number, viewerId: number | null, lang: Language, now = new Date()) {
  const party = await partyFacts(partyId);
  if (!party) return null;
  const place = viewerId === null ? { role: null, requested: false, otherParty: null } : await viewerPlace(party.id, party.contest?.id ?? null, viewerId);
  const removal = viewerId !== null && !place.role ? await removalOf(party.id, viewerId, lang) : null;
  const { joinCode: _code, createdAt, ...facts } = party;
  if (party.joinPolicy === "invite" && !place.role) {
    return { private: true as const, party: { id: party.id, name: party.name, disbanded: party.disbanded }, viewer: place, removal };
  }
  const [members, standing, contributions, recent, taken] = await Promise.all([
    roster(party.id, lang),
    partyStanding(party.id),
    partyContributions(party.id),
    activity(party.id, lang),
    placesTaken(party.id, now),
  ]);
  const current = new Set(members.map((m) => m.id));
  const formerIds = contributions.filter((c) => c.memberId === null || !current.has(c.memberId));
  const former = await peopleByIds(formerIds.map((c) => c.memberId), db(), lang);
  const contributed = contributions.map((c) => ({
    name: c.memberId === null ? null : current.has(c.memberId) ? members.find((m) => m.id === c.memberId)!.name : (former.get(c.memberId)?.name ?? null),
    points: c.points,
    current: c.memberId !== null && current.has(c.memberId),
  }));
  return {
    private: false as const,
    party: { ...facts, createdAt: createdAt.toISOString() },
    members,
    ringleaders: members.filter((m) => m.role === "ringleader").map((m) => m.name),
    standing,
    contributed,
    activity: recent,
    seats: { ...taken, cap: party.cap },
    viewer: place,
    removal,
  };
}

export interface LedParty {
  id: number;
  name: string;
}

/** The parties a member leads (not disbanded), oldest first. */
export async function partiesLedBy(memberId: number): Promise<LedParty[]> {
  return db()
    .select({ id: parties.id, name: parties.name })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.role, "ringleader"), sql`${parties.disbandedAt} is null`))
    .orderBy(asc(parties.createdAt), asc(parties.id));
}

/** The parties a member is in, with their role. */
export async function partiesOf(memberId: number) {
  return db()
    .select({ id: parties.id, name: parties.name, role: partyMembers.role, contestId: parties.contestId, contestName: contests.name })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .leftJoin(contests, eq(contests.id, parties.contestId))
    .where(eq(partyMembers.memberId, memberId))
    .orderBy(asc(partyMembers.joinedAt));
}

/** One led party as its dashboard shows it. */
export async function managedParty(partyId: number, lang: Language, now = new Date()) {
  const party = await partyFacts(partyId);
  if (!party) return null;
  const [members, standing, taken, requests] = await Promise.all([
    roster(party.id, lang),
    partyStanding(party.id),
    placesTaken(party.id, now),
    db()
      .select({ id: partyJoinRequests.id, memberId: partyJoinRequests.memberId, createdAt: partyJoinRequests.createdAt })
      .from(partyJoinRequests)
      .where(and(eq(partyJoinRequests.partyId, party.id), eq(partyJoinRequests.status, "pending")))
      .orderBy(asc(partyJoinRequests.createdAt)),
  ]);
  const askers = await peopleByIds(requests.map((r) => r.memberId), db(), lang);
  const { joinCode, createdAt, ...facts } = party;
  return {
    party: { ...facts, createdAt: createdAt.toISOString(), joinCode, joinCodeShown: formatJoinCode(joinCode) },
    members,
    standing,
    seats: { ...taken, cap: party.cap },
    requests: requests.map((r) => ({ id: r.id, person: askers.get(r.memberId) ?? null, at: r.createdAt.toISOString() })),
  };
}

/** The party facts an invitation or a code names (null when there is no such party). */
export async function invitationParty(partyId: number, lang: Language, now = new Date()) {
  const party = await partyFacts(partyId);
  if (!party) return null;
  const [taken, leaders] = await Promise.all([
    placesTaken(party.id, now),
    db()
      .select({ memberId: partyMembers.memberId })
      .from(partyMembers)
      .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.role, "ringleader")))
      .orderBy(asc(partyMembers.joinedAt)),
  ]);
  const people = await peopleByIds(leaders.map((l) => l.memberId), db(), lang);
  const { joinCode, createdAt: _at, ...facts } = party;
  return { ...facts, joinCode, members: taken.members, pending: taken.pending, ringleaders: leaders.map((l) => people.get(l.memberId)!).filter(Boolean) };
}

/** Recent successions in the contests a game master runs: a party lost its last ringleader. */
export async function successionsFor(contestIds: number[], lang: Language) {
  if (contestIds.length === 0) return [];
  const rows = await db()
    .select({ id: partyEvents.id, partyId: parties.id, party: parties.name, contest: contests.name, subjectId: partyEvents.subjectId, at: partyEvents.createdAt })
    .from(partyEvents)
    .innerJoin(parties, eq(parties.id, partyEvents.partyId))
    .innerJoin(contests, eq(contests.id, parties.contestId))
    .where(and(eq(partyEvents.kind, "succession"), inArray(parties.contestId, contestIds)))
    .orderBy(desc(partyEvents.createdAt))
    .limit(10);
  const people = await peopleByIds(rows.map((r) => r.subjectId), db(), lang);
  return rows.map((r) => ({
    id: r.id,
    partyId: r.partyId,
    party: r.party,
    contest: r.contest,
    member: r.subjectId === null ? null : (people.get(r.subjectId)?.name ?? null),
    at: r.at.toISOString(),
  }));
}

/** Removals from parties a member was told about: the party, who, why. */
export async function removalsOf(memberId: number, lang: Language) {
  const rows = await db()
    .select({ id: partyEvents.id, partyId: parties.id, party: parties.name, actorId: partyEvents.actorId, note: partyEvents.note, at: partyEvents.createdAt })
    .from(partyEvents)
    .innerJoin(parties, eq(parties.id, partyEvents.partyId))
    .where(and(eq(partyEvents.subjectId, memberId), eq(partyEvents.kind, "removed")))
    .orderBy(desc(partyEvents.createdAt))
    .limit(5);
  const people = await peopleByIds(rows.map((r) => r.actorId), db(), lang);
  return rows.map((r) => ({
    id: r.id,
    partyId: r.partyId,
    party: r.party,
    by: r.actorId === null ? null : (people.get(r.actorId)?.name ?? null),
    reason: r.note ?? "",
    at: r.at.toISOString(),
  }));
}
