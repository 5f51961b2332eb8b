/**
 * The member acting in this request, for every loader and action: `currentMember` (or
 * null), `requireMember` (or sign-in), `requireRole` (or 403), each read through the
 * request's principal holder (platform/principal.server.ts), so the session is looked up
 * once however many ask. Here too is that lookup (a session id → its member, with access
 * level, roles and active beamkin) and the spec's session validation.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { db } from "~/platform/db/db.server";
import { characters, members, sessions, type Member } from "~/platform/db/schema";
import { getInstance } from "~/platform/i18n.server";
import { log } from "~/platform/log.server";
import { lookUpOnce, principalRequest } from "~/platform/principal.server";
import { forbidden, jsonRefusal, wantsJson } from "~/platform/respond.server";
import { sessionIdOf } from "~/platform/session.server";
import { hashSessionId, SESSION_TTL_MS } from "./session-store.server";
import { keepDraftCookie, signInUrl } from "./sign-in-return.server";

export type AccessLevel = 0 | 1 | 2;

export interface MemberRole {
  role: "gamemaster" | "ringleader" | "judge";
  contestId: number | null;
}

export interface CurrentMember {
  member: Member;
  sid: string;
  accessLevel: AccessLevel;
  roles: MemberRole[];
  /** The fingerprint stored with the session (a soft signal only). */
  fingerprint: string | null;
  /** The saved look's version (part of its avatar URL), or null before one is saved. */
  avatarVersion: number | null;
  /** The member's active beamkin as stored (name is a translation key), for the companion. */
  activeBeamkin: { id: number; slug: string; name: string; light: number } | null;
}

/** Access level 1 is signed in without an avatar, 2 with one (or, on restore, with a Zipcode). */
export function accessLevelFor(member: Pick<Member, "zipcode">, hasAvatar: boolean): AccessLevel {
  return hasAvatar || member.zipcode?.trim() ? 2 : 1;
}

/** Kept for callers that hold a member row only. */
export async function accessLevelOf(member: Member): Promise<AccessLevel> {
  const [row] = await db()
    .select({ memberId: characters.memberId })
    .from(characters)
    .where(eq(characters.memberId, member.id))
    .limit(1);
  return accessLevelFor(member, Boolean(row));
}

type SessionMember = Omit<CurrentMember, "sid">;

/**
 * The member a session id belongs to — with avatar, roles and active beamkin, in one
 * query (every page needs them) — if the session exists and is younger than 3 days.
 */
export async function findSessionMember(sid: string, now = new Date()): Promise<SessionMember | null> {
  if (!sid || sid.length > 100) return null;
  const [row] = await sessionMemberStatement().execute({
    idHash: hashSessionId(sid),
    now: now.toISOString(),
    // Whatever the cookie says, a session older than 3 days is over.
    since: new Date(now.getTime() - SESSION_TTL_MS).toISOString(),
  });
  if (!row) return null;
  return {
    member: row.member,
    fingerprint: row.fingerprint,
    accessLevel: accessLevelFor(row.member, row.avatarVersion !== null),
    avatarVersion: row.avatarVersion === null ? null : Number(row.avatarVersion),
    roles: row.roles ?? [],
    activeBeamkin: beamkinOf(row.beamkin),
  };
}

/**
 * Every page asks this, so it is a prepared statement: built once per database (and, on
 * PostgreSQL, planned once per connection). Sub-selects rather than joins: the embedded
 * database plans it on every page view, and five joined tables took longer to plan than
 * to run.
 */
function buildSessionMemberStatement(database: ReturnType<typeof db>) {
  return database
    .select({
      member: members,
      fingerprint: sessions.fingerprint,
      avatarVersion: sql<number | null>`(select c.version from characters c where c.member_id = ${members.id})`,
      roles: sql<MemberRole[] | null>`(select json_agg(json_build_object('role', r.role, 'contestId', r.contest_id)) from member_roles r where r.member_id = ${members.id})`,
      beamkin: sql<BeamkinRow | null>`(select json_build_object('id', cr.id, 'slug', cr.slug, 'name', cr.name, 'light', mc.light) from member_creatures mc join creatures cr on cr.id = mc.creature_id where mc.member_id = ${members.id} and mc.creature_id = ${members.creatureId})`,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.createdAt, sql.placeholder("since")),
      ),
    )
    .limit(1)
    .prepare("glow_session_member");
}

let sessionMember: { database: unknown; statement: ReturnType<typeof buildSessionMemberStatement> } | null = null;

function sessionMemberStatement() {
  const database = db();
  if (sessionMember?.database !== database) {
    sessionMember = { database, statement: buildSessionMemberStatement(database) };
  }
  return sessionMember.statement;
}

type BeamkinRow = { id: number; slug: string; name: string; light: number };

function beamkinOf(row: BeamkinRow | null): CurrentMember["activeBeamkin"] {
  if (!row) return null;
  return { id: Number(row.id), slug: row.slug, name: row.name, light: Number(row.light) };
}

/**
 * The member whose session this request's cookie carries, or null. Loaders and actions ask
 * the request's principal instead (principal.server.ts), which looks this up once.
 */
export async function memberOfRequest(request: Request): Promise<CurrentMember | null> {
  const sid = await sessionIdOf(request);
  if (!sid) return null;
  const found = await findSessionMember(sid);
  return found ? { ...found, sid } : null;
}

/** The role flags the spec recomputes from the role list. */
export function roleFlags(roles: MemberRole[]) {
  const has = (role: MemberRole["role"]) => roles.some((r) => r.role === role);
  return { isGamemaster: has("gamemaster"), isRingleader: has("ringleader"), isJudge: has("judge") };
}

type Context = Readonly<RouterContextProvider>;

/** The signed-in member, or null for a visitor. */
export function currentMember(context: Context): Promise<CurrentMember | null> {
  return lookUpOnce(context, "member", memberOfRequest);
}

/**
 * The signed-in member. A visitor's page request goes to /signin and comes back after (a
 * form posted after the session ended keeps what was typed); a JSON caller gets 401 with
 * the catalogue's UNAUTHORIZED entry.
 */
export async function requireMember(context: Context): Promise<CurrentMember> {
  const member = await currentMember(context);
  if (member) return member;
  const request = principalRequest(context);
  if (wantsJson(request)) throw jsonRefusal(401, getInstance(context).t("errors:types.UNAUTHORIZED.message"));
  const draft = await keepDraftCookie(request, context);
  throw redirect(signInUrl(request), draft ? { headers: { "Set-Cookie": draft } } : undefined);
}

export type RoleName = MemberRole["role"];

/**
 * Whether `roles` hold `role`, overall or for one contest (section 6: contest ids are
 * compared as strings, so "7" and 7 are the same contest).
 */
export function hasRole(roles: readonly MemberRole[], role: RoleName, contestId?: string | number | null): boolean {
  return roles.some(
    (entry) => entry.role === role && (contestId === undefined || contestId === null || String(entry.contestId) === String(contestId)),
  );
}

/** The signed-in member holding `role` (for `contestId` when given); 403 otherwise. */
export async function requireRole(context: Context, role: RoleName, options: { contestId?: string | number | null } = {}): Promise<CurrentMember> {
  const member = await requireMember(context);
  if (hasRole(member.roles, role, options.contestId)) return member;
  forbidden(principalRequest(context), context);
}

/**
 * The spec's session validation: is this cookie's session alive? The device fingerprint
 * is stored with the session as a soft signal — a change is logged and recorded, never
 * a reason to sign anyone in or out.
 */
export async function validateSession(request: Request, fingerprint: string | null) {
  const current = await memberOfRequest(request);
  if (!current) return null;
  await recordFingerprint(current, fingerprint);
  return current;
}

/** The same for a session id given by a JSON caller (in the body, or as a Bearer header). */
export async function validateSessionId(sid: string, fingerprint: string | null): Promise<CurrentMember | null> {
  const found = await findSessionMember(sid);
  if (!found) return null;
  const current = { ...found, sid };
  await recordFingerprint(current, fingerprint);
  return current;
}

async function recordFingerprint(current: CurrentMember, fingerprint: string | null) {
  const print = fingerprint?.slice(0, 200) || null;
  if (print && print !== current.fingerprint) {
    if (current.fingerprint) log.info("session device fingerprint changed", { memberId: current.member.id });
    await db()
      .update(sessions)
      .set({ fingerprint: print, lastSeenAt: new Date() })
      .where(eq(sessions.idHash, hashSessionId(current.sid)));
  }
}
