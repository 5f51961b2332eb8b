/**
 * Member suspension. A suspended member is signed out everywhere at once (their sessions are
 * deleted, so their next request finds none) and cannot sign in again until an admin lifts
 * the suspension; the sign-in says so.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { transaction, type Tx } from "~/platform/db/transaction.server";
import { members, memberSuspensions, sessions } from "~/platform/db/schema";
import { done, refused, type Outcome } from "~/platform/outcome";
import { recordStaffAction, type Actor } from "./audit.server";

export const SUSPENSION_REASON_MAX = 500;

export const SuspendMember = z.object({
  memberId: z.coerce.number({ error: "staff:errors.noSuchMember" }).int().positive().max(2_147_483_647),
  reason: z
    .string({ error: "staff:errors.reasonRequired" })
    .trim()
    .min(1, { error: "staff:errors.reasonRequired" })
    .max(SUSPENSION_REASON_MAX, { error: "staff:errors.reasonTooLong" }),
});

export type SuspendRefusal = "no-such-member" | "already-suspended";

/** Suspends a member in the caller's transaction, with the trail entry. */
export async function suspendMemberIn(
  tx: Tx,
  actor: Actor,
  memberId: number,
  reason: string,
  now = new Date(),
): Promise<Outcome<{ memberId: number; sessionsEnded: number }, SuspendRefusal>> {
  const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
  if (!member) return refused("no-such-member");
  const made = await tx
    .insert(memberSuspensions)
    .values({ memberId, reason, suspendedBy: actor.id, suspendedAt: now })
    .onConflictDoNothing()
    .returning({ memberId: memberSuspensions.memberId });
  if (made.length === 0) return refused("already-suspended");
  // Every session goes: the member's next request, on any device, is signed out.
  const ended = await tx.delete(sessions).where(eq(sessions.memberId, memberId)).returning({ idHash: sessions.idHash });
  await recordStaffAction(tx, actor, "suspend-member", { kind: "member", id: memberId }, { reason, sessionsEnded: ended.length }, now);
  return done({ memberId, sessionsEnded: ended.length });
}

export function suspendMember(actor: Actor, memberId: number, reason: string, now = new Date()) {
  return transaction((tx) => suspendMemberIn(tx, actor, memberId, reason, now));
}

export async function liftSuspension(actor: Actor, memberId: number): Promise<Outcome<{ memberId: number }, "not-suspended">> {
  return transaction(async (tx) => {
    const lifted = await tx.delete(memberSuspensions).where(eq(memberSuspensions.memberId, memberId)).returning({ memberId: memberSuspensions.memberId });
    if (lifted.length === 0) return refused("not-suspended");
    await recordStaffAction(tx, actor, "lift-suspension", { kind: "member", id: memberId });
    return done({ memberId });
  });
}
