/**
 * The session store: the `sessionID` cookie (signed, 3 days, SameSite=Strict) carries a
 * random 256-bit id; the database keeps only its SHA-256, so a leaked table signs no one in.
 * Here a session is made and ended, and the cookies that sign a browser in and out are
 * written. Who a session's member is, is the current principal's (principal.server.ts).
 */
import { hash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { members, sessions } from "~/platform/db/schema";
import { endCookie, SESSION_MAX_AGE_SECONDS, sessionHintCookie, signedOutCookie } from "~/platform/cookies.server";
import { commitSession, destroySession, getSession, type GlowSession } from "~/platform/session.server";

export const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;

export const hashSessionId = (sid: string) => hash("sha256", sid, "hex");

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

const signedOutMark = new RegExp(`(?:^|;)\\s*${signedOutCookie.name}=`);
/** Whether this browser signed out on purpose since its last sign-in (0111). */
export const signedOutHere = (request: Request) => signedOutMark.test(request.headers.get("Cookie") ?? "");

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

/**
 * The headers of a deliberate sign-out's answer: the signed-out cookies, and the browser's
 * cache of this site emptied. Member pages are `private, no-cache`, so the browser keeps a
 * copy and its back/forward memory keeps the page itself: on a phone two members share, Back
 * after "Sign out" showed the last member's page again. "cache" only: "storage" would also
 * drop the posts kept on the phone for their owner (kept posts wait for them).
 */
export async function signedOutHeaders(request: Request, notice: boolean) {
  const headers = new Headers({ "Clear-Site-Data": '"cache"' });
  for (const cookie of await signedOutCookies(request, notice)) headers.append("Set-Cookie", cookie);
  return headers;
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
