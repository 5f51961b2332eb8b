/**
 * What the party screens show, read in as few statements as the screen needs. Every person
 * is a name and an avatar, never an id; dates travel as ISO text.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/platform/db/db.server";
import { characters, contestRounds, contests, invites, members, parties, partyEvents, partyJoinRequests, partyMembers, type JoinPolicy, type PartyEventKind, type PartyRole } from "~/platform/db/schema";
import { formatJoinCode } from "./join-code";
import { peopleByIds, personOf, type Person } from "./people.server";
import { partyContributions, partyStanding, type Contribution } from "./points.server";
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

/** Members plus pending invitations: the places taken. */
interface PlacesTaken {
  members: number;
  pending: number;
}

/** The party's facts and its places taken (every party screen shows both), in one statement. */
async function partyFacts(partyId: number, now: Date): Promise<(PartyFacts & { joinCode: string; createdAt: Date; taken: PlacesTaken }) | null> {
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
      takenMembers: sql<number>`(select count(*) from ${partyMembers} pm where pm.party_id = ${parties.id})::int`,
      takenPending: sql<number>`(select count(*) from ${invites} i where i.party_id = ${parties.id} and i.status = 'pending' and i.expires_at > ${now.toISOString()})::int`,
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
    taken: { members: Number(row.takenMembers), pending: Number(row.takenPending) },
  };
}

/** The columns a person is read from (people.server.ts `personOf`), for a statement joined to `members` and `characters`. */
const personColumns = (m: typeof members, c: typeof characters) => ({
  id: m.id,
  firstName: m.firstName,
  lastName: m.lastName,
  username: m.username,
  version: c.version,
});

/**
 * The roster, ringleaders first, then by who joined first, each named in the same statement;
 * with what each earned for the party (`contributions`, which the page reads anyway).
 */
async function roster(partyId: number, lang: Language, contributions: Promise<Contribution[]>): Promise<RosterEntry[]> {
  const [rows, contributed] = await Promise.all([
    db()
      .select({ memberId: partyMembers.memberId, role: partyMembers.role, joinedAt: partyMembers.joinedAt, person: personColumns(members, characters) })
      .from(partyMembers)
      .innerJoin(members, eq(members.id, partyMembers.memberId))
      .leftJoin(characters, eq(characters.memberId, partyMembers.memberId))
      .where(eq(partyMembers.partyId, partyId))
      .orderBy(sql`${partyMembers.role} = 'ringleader' desc`, asc(partyMembers.joinedAt), asc(partyMembers.memberId)),
    contributions,
  ]);
  const earned = new Map(contributed.map((c) => [c.memberId, c.points]));
  return rows.map((r) => ({
    ...personOf(r.person, lang),
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

const actors = alias(members, "actor");
const subjects = alias(members, "subject");

/**
 * What happened lately, with who did it and to whom named in the same statement. Removal
 * reasons are not activity: only the member removed sees theirs.
 */
async function activity(partyId: number, lang: Language): Promise<ActivityItem[]> {
  const rows = await db()
    .select({
      id: partyEvents.id,
      kind: partyEvents.kind,
      actor: { id: actors.id, firstName: actors.firstName, lastName: actors.lastName, username: actors.username },
      subject: { id: subjects.id, firstName: subjects.firstName, lastName: subjects.lastName, username: subjects.username },
      at: partyEvents.createdAt,
    })
    .from(partyEvents)
    .leftJoin(actors, eq(actors.id, partyEvents.actorId))
    .leftJoin(subjects, eq(subjects.id, partyEvents.subjectId))
    .where(eq(partyEvents.partyId, partyId))
    .orderBy(desc(partyEvents.createdAt), desc(partyEvents.id))
    .limit(PARTY_RULES.activityShown);
  // A left-joined member who is not there (no actor) comes back as null.
  const nameOf = (who: NameRow | null) => (who ? personOf({ ...who, version: null }, lang).name : null);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: nameOf(r.actor),
    subject: nameOf(r.subject),
    at: r.at.toISOString(),
  }));
}

type NameRow = { id: number; firstName: string | null; lastName: string | null; username: string | null };

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

/** Where the viewer stands with the party: their role, a pending request, their party in its contest. One statement. */
async function viewerPlace(partyId: number, contestId: number | null, viewerId: number) {
  const [row] = await db()
    .select({
      role: sql<PartyRole | null>`(select pm.role from ${partyMembers} pm where pm.party_id = ${partyId} and pm.member_id = ${viewerId})`,
      requested: sql<boolean>`exists (select 1 from ${partyJoinRequests} r where r.party_id = ${partyId} and r.member_id = ${viewerId} and r.status = 'pending')`,
      otherParty:
        contestId === null
          ? sql<null>`null`
          : sql<{ id: number; name: string } | null>`(select json_build_object('id', p.id, 'name', p.name) from ${partyMembers} pm join ${parties} p on p.id = pm.party_id where pm.member_id = ${viewerId} and pm.contest_id = ${contestId} and p.id <> ${partyId} limit 1)`,
    })
    .from(parties)
    .where(eq(parties.id, partyId));
  const other = row?.otherParty ?? null;
  return { role: row?.role ?? null, requested: Boolean(row?.requested), otherParty: other ? { id: Number(other.id), name: other.name } : null };
}

/**
 * The party page. Null for a party that does not exist (the not-found page). A private
 * party (by invitation only) shows non-members its name alone.
 */
export async function partyPage(partyId: number, viewerId: number | null, lang: Language, now = new Date()) {
  const party = await partyFacts(partyId, now);
  if (!party) return null;
  const place = viewerId === null ? { role: null, requested: false, otherParty: null } : await viewerPlace(party.id, party.contest?.id ?? null, viewerId);
  const removal = viewerId !== null && !place.role ? await removalOf(party.id, viewerId, lang) : null;
  const { joinCode: _code, createdAt, taken, ...facts } = party;
  if (party.joinPolicy === "invite" && !place.role) {
    return { private: true as const, party: { id: party.id, name: party.name, disbanded: party.disbanded }, viewer: place, removal };
  }
  const contributing = partyContributions(party.id);
  const [members, standing, contributions, recent] = await Promise.all([
    roster(party.id, lang, contributing),
    partyStanding(party.id),
    contributing,
    activity(party.id, lang),
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

/** A party as its poster shows it: name, contest and join code; null when there is none. */
export async function posterParty(partyId: number) {
  const [row] = await db()
    .select({ id: parties.id, name: parties.name, contestId: parties.contestId, joinCode: parties.joinCode })
    .from(parties)
    .where(eq(parties.id, partyId));
  return row ?? null;
}

/** Whether the member is one of the party's ringleaders. */
export async function leadsParty(partyId: number, memberId: number) {
  const [row] = await db()
    .select({ role: partyMembers.role })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.memberId, memberId)));
  return row?.role === "ringleader";
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
  const party = await partyFacts(partyId, now);
  if (!party) return null;
  const [members, standing, requests] = await Promise.all([
    roster(party.id, lang, partyContributions(party.id)),
    partyStanding(party.id),
    db()
      .select({ id: partyJoinRequests.id, memberId: partyJoinRequests.memberId, createdAt: partyJoinRequests.createdAt })
      .from(partyJoinRequests)
      .where(and(eq(partyJoinRequests.partyId, party.id), eq(partyJoinRequests.status, "pending")))
      .orderBy(asc(partyJoinRequests.createdAt)),
  ]);
  const askers = await peopleByIds(requests.map((r) => r.memberId), db(), lang);
  const { joinCode, createdAt, taken, ...facts } = party;
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
  const party = await partyFacts(partyId, now);
  if (!party) return null;
  const leaders = await db()
    .select({ memberId: partyMembers.memberId })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, party.id), eq(partyMembers.role, "ringleader")))
    .orderBy(asc(partyMembers.joinedAt));
  const people = await peopleByIds(leaders.map((l) => l.memberId), db(), lang);
  const { joinCode, createdAt: _at, taken, ...facts } = party;
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
