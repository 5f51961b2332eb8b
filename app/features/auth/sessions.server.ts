/**
 * Server-side sessions. The `sessionID` cookie (signed, 3 days, SameSite=Strict) carries a
 * random 256-bit id; the database keeps only its SHA-256, so a leaked table signs no one in.
 */
import { hash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { db } from "~/platform/db/db.server";
import { characters, members, sessions, type Member } from "~/platform/db/schema";
import { endCookie, readConsent, SESSION_MAX_AGE_SECONDS, sessionHintCookie, signedOutCookie } from "~/platform/cookies.server";
import { log } from "~/platform/log.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { commitSession, destroySession, getSession, sessionIdOf, type GlowSession } from "~/platform/session.server";
import { requestInfoContext } from "~/platform/request-context";
import { keepDraft, pageAddress, readDraftValues } from "./drafts.server";

export const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;

export const hashSessionId = (sid: string) => hash("sha256", sid, "hex");

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

/** Creates a session row for a member and returns the new random id (for the cookie). */
export async function startSession(
  memberId: number,
  details: { fingerprint?: string | null; userAgent?: string | null } = {},
  now = new Date(),
): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      idHash: hashSessionId(sid),
      memberId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      fingerprint: details.fingerprint?.slice(0, 200) ?? null,
      userAgent: details.userAgent?.slice(0, 300) ?? null,
    });
  return sid;
}

/** Deletes the session row; a replay of its cookie is then signed out. */
export async function endSession(sid: string) {
  await db().delete(sessions).where(eq(sessions.idHash, hashSessionId(sid)));
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

/** The /signin parameter saying a member's form arrived after their session ended. */
export const EXPIRED_PARAM = "expired";
/** The same, when the member had signed out in this browser (another tab) meanwhile. */
export const SIGNED_OUT_PARAM = "signedout";

const signedOutMark = new RegExp(`(?:^|;)\\s*${signedOutCookie.name}=`);
/** Whether this browser signed out on purpose since its last sign-in (0111). */
const signedOutHere = (request: Request) => signedOutMark.test(request.headers.get("Cookie") ?? "");

/**
 * Where a member who must sign in is sent, remembering where they were going. A form
 * posted without a session (member forms are only shown to members, so the session ended
 * while the page was open) also says why: /signin then shows the catalogue's
 * EXPIRED_SESSION, or that the member signed out when this browser did so on purpose.
 */
export function signInUrl(request: Request) {
  const { back, posted } = returnAfterSignIn(request);
  const signedOut = posted && signedOutHere(request);
  const query = [
    ...(back === "/" ? [] : [`redirectTo=${encodeURIComponent(back)}`]),
    ...(posted ? [`${signedOut ? SIGNED_OUT_PARAM : EXPIRED_PARAM}=1`] : []),
  ];
  return query.length ? `/signin?${query.join("&")}` : "/signin";
}

/**
 * The page to come back to after signing in: the one asked for, or for a form post the page
 * the form was posted from, not the address it was posted to (a resource that only answers posts).
 */
function returnAfterSignIn(request: Request) {
  const url = new URL(request.url);
  const posted = request.method !== "GET" && request.method !== "HEAD";
  // A GET may be React Router's data request for the page (`/compliment.data?to=9&_routes=…`):
  // come back to the page itself.
  return { back: posted ? postedFrom(request, url.origin) : pageAddress(url), posted };
}

/**
 * A page's form posted after the session ended: its typed text is kept on the server and
 * its key goes into the session cookie, for the page it came from to give back after
 * sign-in (drafts.server.ts). The ended session's id leaves the cookie, so the sign-in page
 * does not clear the cookie as a stale session. Null when there is nothing to keep or
 * cookies were not accepted.
 */
export async function keepDraftCookie(request: Request, context?: Readonly<RouterContextProvider>): Promise<string | null> {
  const { back, posted } = returnAfterSignIn(request);
  if (!posted || back === "/" || (await readConsent(request)) !== "yes") return null;
  const values = await readDraftValues(request);
  if (!values) return null;
  const session = await getSession(request);
  session.unset("sid");
  const clientIp = context ? context.get(requestInfoContext).clientIp : "0.0.0.0";
  if (!(await keepDraft(session, pageAddress(new URL(back, request.url)), values, clientIp))) return null;
  return commitSession(session);
}

/** The page of ours a form was posted from (its Referer), or "/" when unknown. */
function postedFrom(request: Request, origin: string): string {
  let page: URL;
  try {
    page = new URL(request.headers.get("Referer") ?? "");
  } catch {
    return "/";
  }
  if (page.origin !== origin || page.pathname.startsWith("/signin")) return "/";
  return safeRedirectPath(`${page.pathname}${page.search}`, origin, "/");
}

/** The Set-Cookie header that puts a new session id in the sessionID cookie. */
export async function sessionCookieFor(request: Request, sid: string, edit?: (s: GlowSession) => void) {
  const session = await getSession(request);
  session.set("sid", sid);
  session.unset("loginAttempt");
  edit?.(session);
  return commitSession(session);
}

/** Every Set-Cookie header of a sign-in: the session, the Lax "has a session" hint, and the end of a signed-out mark (0111). */
export async function signedInCookies(request: Request, sid: string, edit?: (s: GlowSession) => void) {
  return [
    await sessionCookieFor(request, sid, edit),
    await sessionHintCookie.serialize("1"),
    ...(signedOutHere(request) ? [await endCookie(signedOutCookie)] : []),
  ];
}

/**
 * Sign-out: the row goes (a replayed cookie is then signed out) and the member's story
 * sound is muted, as the spec's sign-out resets it. Throws when the database fails, so
 * the caller can keep the member signed in.
 */
export async function signOut(sid: string) {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(sessions)
      .where(eq(sessions.idHash, hashSessionId(sid)))
      .returning({ memberId: sessions.memberId });
    if (row) await tx.update(members).set({ storyMuted: true }).where(eq(members.id, row.memberId));
  });
}

/** The Set-Cookie headers of a signed-out browser, with the home screen's notice. */
export async function signedOutCookies(request: Request, notice: boolean) {
  const session = await getSession(request);
  let cookie: string;
  if (notice) {
    // The cookie stays only to carry the one-shot notice to the home screen.
    session.unset("sid");
    session.unset("loginAttempt");
    session.flash("loggedOut", true);
    cookie = await commitSession(session);
  } else {
    cookie = await destroySession(session);
  }
  return [
    cookie,
    await endCookie(sessionHintCookie),
    // A deliberate sign-out is remembered, so a page still open elsewhere can say so.
    ...(notice ? [await signedOutCookie.serialize("1")] : []),
  ];
}

/**
 * The spec's session validation: is this cookie's session alive? The device fingerprint
 * is stored with the session as a soft signal — a change is logged and recorded, never
 * a reason to sign anyone in or out.
 */
export async function validateSession(request: Request, fingerprint: string | null) {
  const current = await memberOfRequest(request);
  if (!current) return null;
  const print = fingerprint?.slice(0, 200) || null;
  if (print && print !== current.fingerprint) {
    if (current.fingerprint) log.info("session device fingerprint changed", { memberId: current.member.id });
    await db()
      .update(sessions)
      .set({ fingerprint: print, lastSeenAt: new Date() })
      .where(eq(sessions.idHash, hashSessionId(current.sid)));
  }
  return current;
}
