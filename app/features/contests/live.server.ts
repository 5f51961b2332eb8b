/**
 * A contest's live topic: sent after the commit of anything its screens show (an entry, a
 * score, a round's state, a request), so /gamemaster, /judging and /compete reload their
 * data without a reload of the page. The event says only "contest 7 changed".
 */
import { and, eq } from "drizzle-orm";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { db } from "~/platform/db/db.server";
import { afterCommit } from "~/platform/db/transaction.server";
import { partyMembers } from "~/platform/db/schema";
import { publishEvent } from "~/platform/events.server";

export const contestTopic = (contestId: number) => `contest:${contestId}`;

export function notifyContest(contestId: number) {
  afterCommit(() => publishEvent(contestTopic(contestId)));
}

/** Who may listen to a contest's changes: its game masters, judges and players. */
export async function mayFollowContest(memberId: number, roles: readonly MemberRole[], contestId: number) {
  if (hasRole(roles, "gamemaster", contestId) || hasRole(roles, "judge", contestId) || hasRole(roles, "ringleader", contestId)) return true;
  const [row] = await db().select({ id: partyMembers.partyId }).from(partyMembers).where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.contestId, contestId)));
  return Boolean(row);
}
