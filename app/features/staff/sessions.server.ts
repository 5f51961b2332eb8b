/**
 * Staff sessions: a cookie of their own (`glow_staff`), never the member's `sessionID`, so a
 * browser can hold both and neither ever stands for the other. Shorter-lived than a
 * member's (3 days): 8 hours at most, and over after an hour without use. A new id at
 * every sign-in; the database keeps only the id's SHA-256.
 *
 * The same ids serve the older flow's Bearer header (POST /api/login answers one).
 */
import { hash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rememberedCookie, endCookie, type RememberedCookie } from "~/platform/cookies.server";
import { db } from "~/platform/db/db.server";
import { agents, staffSessions, staffUsers } from "~/platform/db/schema";
import { deriveSecret } from "~/platform/secrets.server";

export const STAFF_SESSION = {
  /** However busy, a staff session ends this long after sign-in. */
  maxAgeMs: 8 * 60 * 60_000,
  /** And sooner when unused this long. */
  idleMs: 60 * 60_000,
  /** Last use is written at most this often (every request would be a write). */
  touchEveryMs: 60_000,
} as const;

export const STAFF_COOKIE_NAME = "glow_staff";

/** Who a staff session belongs to. */
export interface StaffMember {
  id: number;
  username: string;
  isAdmin: boolean;
  /** Their agent id when they are an agent (the older flow's agentid), else null. */
  agentId: number | null;
  /** The session id (cookie or Bearer), for sign-out. */
  sid: string;
}

export const hashStaffSessionId = (sid: string) => hash("sha256", `staff:${sid}`, "hex");

let cookie: { secret: string; cookie: RememberedCookie } | undefined;

/** The signed staff cookie: HttpOnly, Secure, SameSite=Strict, 8 hours. */
export function staffCookie(): RememberedCookie {
  const secret = deriveSecret("staff-session-cookie");
  if (cookie?.secret !== secret) {
    cookie = {
      secret,
      cookie: rememberedCookie(STAFF_COOKIE_NAME, {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "strict",
        maxAge: STAFF_SESSION.maxAgeMs / 1000,
        secrets: [secret],
      }),
    };
  }
  return cookie.cookie;
}

/** The staff session id the request's cookie carries, if any. */
export async function staffSessionIdOf(request: Request): Promise<string | null> {
  const value = await staffCookie().peek(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

export const staffCookieFor = (sid: string) => staffCookie().serialize(sid);
export const endStaffCookie = () => endCookie(staffCookie());

/** A new session for a staff account; answers its random id (for the cookie or the Bearer header). */
export async function startStaffSession(staffUserId: number, now = new Date()): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  await db()
    .insert(staffSessions)
    .values({
      idHash: hashStaffSessionId(sid),
      staffUserId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_SESSION.maxAgeMs),
    });
  // Ended sessions are swept as new ones start, so the table holds live ones only.
  await db().delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  return sid;
}

/** Ends a staff session; its cookie or Bearer id then signs no one in. */
export async function endStaffSession(sid: string) {
  await db().delete(staffSessions).where(eq(staffSessions.idHash, hashStaffSessionId(sid)));
}

/** Ends every session of one staff account (a new password). */
export async function endStaffSessionsOf(staffUserId: number) {
  await db().delete(staffSessions).where(eq(staffSessions.staffUserId, staffUserId));
}

/** The staff member a session id belongs to, while the session is alive (and not idle too long). */
export async function findStaffSession(sid: string, now = new Date()): Promise<StaffMember | null> {
  if (!sid || sid.length > 100) return null;
  const idHash = hashStaffSessionId(sid);
  const [row] = await db()
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      isAdmin: staffUsers.isAdmin,
      agentId: agents.id,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .leftJoin(agents, eq(agents.staffUserId, staffUsers.id))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION.idleMs)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > STAFF_SESSION.touchEveryMs) {
    await db()
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSessions.idHash, idHash), sql`${staffSessions.lastSeenAt} < ${now.toISOString()}::timestamptz`));
  }
  return { id: row.id, username: row.username, isAdmin: row.isAdmin > 0, agentId: row.agentId ?? null, sid };
}
