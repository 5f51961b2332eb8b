/**
 * Server-side sessions. The `sessionID` cookie (signed, 3 days, SameSite=Strict) carries a
 * random 256-bit id; the database keeps only its SHA-256, so a leaked table signs no one in.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/platform/db/db.server";
import { characters, members, sessions, type Member } from "~/platform/db/schema";
import { SESSION_MAX_AGE_SECONDS } from "~/platform/cookies.server";
import { commitSession, getSession } from "~/platform/session.server";

export const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;

export const hashSessionId = (sid: string) => createHash("sha256").update(sid).digest("hex");

export type AccessLevel = 0 | 1 | 2;

export interface CurrentMember {
  member: Member;
  sid: string;
  accessLevel: AccessLevel;
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
export async function accessLevelOf(member: Member): Promise<AccessLevel> {
  if (member.zipcode?.trim()) return 2;
  const [row] = await db()
    .select({ memberId: characters.memberId })
    .from(characters)
    .where(eq(characters.memberId, member.id))
    .limit(1);
  return row ? 2 : 1;
}

/** The member a session id belongs to, if the session exists and is younger than 3 days. */
export async function findSessionMember(sid: string, now = new Date()) {
  if (!sid || sid.length > 100) return null;
  const [row] = await db()
    .select({ member: members, session: sessions })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.idHash, hashSessionId(sid)),
        gt(sessions.expiresAt, now),
        // Whatever the cookie says, a session older than 3 days is over.
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_TTL_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The signed-in member for this request, or null. */
export async function getCurrentMember(request: Request): Promise<CurrentMember | null> {
  const session = await getSession(request);
  const sid = session.get("sid");
  if (!sid) return null;
  const found = await findSessionMember(sid);
  if (!found) return null;
  return { member: found.member, sid, accessLevel: await accessLevelOf(found.member) };
}

/** Where a member who must sign in is sent, remembering where they were going. */
export function signInUrl(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === "/" ? "/signin" : `/signin?redirectTo=${encodeURIComponent(back)}`;
}

/** Member screens: anonymous visitors go to /signin and come back after. */
export async function requireMember(request: Request): Promise<CurrentMember> {
  const current = await getCurrentMember(request);
  if (!current) throw redirect(signInUrl(request));
  return current;
}

/** The Set-Cookie header that puts a new session id in the sessionID cookie. */
export async function sessionCookieFor(request: Request, sid: string) {
  const session = await getSession(request);
  session.set("sid", sid);
  return commitSession(session);
}
