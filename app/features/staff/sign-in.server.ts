/**
 * Staff sign-in and sign-out (the older username/password flow): one command for the /login
 * page and POST /api/login alike.
 *
 * Whether the username exists changes neither the answer ("wrong username or password")
 * nor the work (one argon2id check either way: passwords.server.ts), and every try counts
 * against the username and the client's network (sign-in-throttle.server.ts).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/db.server";
import { agents, staffUsers } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { RefusalAnswer } from "~/platform/respond.server";
import { resourcesOfAgent, type AgentResource } from "./accounts.server";
import { recordStaffAction } from "./audit.server";
import { checkPassword, hashPassword, needsRehash, PASSWORD_MAX } from "./passwords.server";
import { endStaffSession, findStaffSession, startStaffSession, STAFF_SESSION, type StaffMember } from "./sessions.server";
import { countSignInTry, forgiveSignInTries } from "./sign-in-throttle.server";

/** What /login and POST /api/login take: {username, password}. */
export const StaffSignIn = z.object({
  username: z
    .string({ error: "staff:errors.usernameRequired" })
    .trim()
    .min(1, { error: "staff:errors.usernameRequired" })
    .max(100, { error: "staff:errors.wrongCredentials" }),
  password: z
    .string({ error: "staff:errors.passwordRequired" })
    .min(1, { error: "staff:errors.passwordRequired" })
    .max(PASSWORD_MAX, { error: "staff:errors.wrongCredentials" }),
});

export type StaffSignInRefusal = "wrong-credentials" | "slow-down";

/** How /login and POST /api/login answer the refusals (the password is never shown again). */
export const staffSignInRefusals: Record<StaffSignInRefusal, RefusalAnswer> = {
  "wrong-credentials": { status: 401, message: "staff:errors.wrongCredentials", clear: ["password"] },
  "slow-down": { status: 429, message: "staff:errors.slowDown" },
};

export interface StaffSignedIn {
  sid: string;
  staff: StaffMember;
  /** The agent's resources (none for an admin who is no agent). */
  resources: AgentResource[];
  expiresAt: Date;
}

/**
 * What the older flow's sign-in answers a JSON caller (section 7: it reads result.sessionid,
 * result.is_admin and result.agentid; the session id goes in the Bearer header after), the
 * same from POST /login and POST /api/login.
 */
export function olderFlowSignInResult({ sid, staff, expiresAt }: StaffSignedIn) {
  return {
    sessionid: sid,
    is_admin: staff.isAdmin ? 1 : 0,
    agentid: staff.agentId,
    session: { username: staff.username, expiresAt: expiresAt.toISOString() },
  };
}

export async function signInStaff(input: {
  username: string;
  password: string;
  clientIp: string;
  /** The staff cookie's current session, ended on success (a new id each sign-in). */
  previousSid?: string | null;
  now?: Date;
}): Promise<Outcome<StaffSignedIn, StaffSignInRefusal>> {
  const now = input.now ?? new Date();
  const counted = await countSignInTry(input.username, input.clientIp, now);
  if (!counted.allowed) {
    log.info("staff sign-in slowed down", { retryAfter: counted.retryAfterSeconds });
    return refused("slow-down", { retryAfter: counted.retryAfterSeconds });
  }
  const [account] = await db()
    .select({ id: staffUsers.id, username: staffUsers.username, passwordHash: staffUsers.passwordHash, isAdmin: staffUsers.isAdmin, agentId: agents.id })
    .from(staffUsers)
    .leftJoin(agents, eq(agents.staffUserId, staffUsers.id))
    .where(eq(sql`lower(${staffUsers.username})`, input.username.trim().toLowerCase()))
    .limit(1);
  const matches = await checkPassword(account?.passwordHash ?? null, input.password);
  if (!account || !matches) {
    // The same line for a wrong password and an unknown name; never the name itself.
    log.info("staff sign-in refused");
    return refused("wrong-credentials");
  }

  if (needsRehash(account.passwordHash)) {
    await db().update(staffUsers).set({ passwordHash: await hashPassword(input.password) }).where(eq(staffUsers.id, account.id));
    log.info("staff password rehashed with the current settings", { staffUserId: account.id });
  }
  await forgiveSignInTries(input.username, counted.tryIds);
  if (input.previousSid) await endStaffSession(input.previousSid);
  const sid = await startStaffSession(account.id, now);
  await db().transaction(async (tx) => {
    await tx.update(staffUsers).set({ lastSignedInAt: now }).where(eq(staffUsers.id, account.id));
    await recordStaffAction(tx, { id: account.id, username: account.username }, "sign-in", null, {}, now);
  });
  log.info("staff signed in", { staffUserId: account.id });
  return done({
    sid,
    staff: { id: account.id, username: account.username, isAdmin: account.isAdmin > 0, agentId: account.agentId ?? null, sid },
    resources: account.agentId ? await resourcesOfAgent(account.agentId) : [],
    expiresAt: new Date(now.getTime() + STAFF_SESSION.maxAgeMs),
  });
}

/**
 * Ends a staff session and writes it to the trail. Never refuses: signing out is always
 * done as far as the caller is concerned (a session already over is signed out too).
 */
export async function signOutStaff(sid: string): Promise<void> {
  const staff = await findStaffSession(sid);
  await endStaffSession(sid);
  if (staff) await recordStaffAction(db(), staff, "sign-out");
}
