/**
 * Words from the team to one member: "your report was handled" (never what happened to the
 * sender), or a warning about a salute they sent. Kept until the member dismisses them.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/db.server";
import type { Queryable } from "~/platform/db/transaction.server";
import { memberNotices, type MemberNoticeKind } from "~/platform/db/schema";
import { done, refused, type Outcome } from "~/platform/outcome";

export interface TeamNotice {
  id: number;
  kind: MemberNoticeKind;
  createdAt: string;
}

export async function sendTeamNotice(on: Queryable, memberId: number, kind: MemberNoticeKind, now = new Date()) {
  await on.insert(memberNotices).values({ memberId, kind, createdAt: now });
}

/** The member's notices not dismissed yet, oldest first. */
export async function teamNoticesFor(memberId: number): Promise<TeamNotice[]> {
  const rows = await db()
    .select({ id: memberNotices.id, kind: memberNotices.kind, createdAt: memberNotices.createdAt })
    .from(memberNotices)
    .where(and(eq(memberNotices.memberId, memberId), isNull(memberNotices.seenAt)))
    .orderBy(asc(memberNotices.createdAt), asc(memberNotices.id))
    .limit(20);
  return rows.map((r) => ({ id: r.id, kind: r.kind as MemberNoticeKind, createdAt: r.createdAt.toISOString() }));
}

export const DismissNotice = z.object({
  noticeId: z.coerce.number({ error: "staff:notices.gone" }).int().positive().max(2_147_483_647),
});

/** The member has read a notice of theirs. */
export async function dismissTeamNotice(memberId: number, noticeId: number): Promise<Outcome<null, "gone">> {
  const rows = await db()
    .update(memberNotices)
    .set({ seenAt: new Date() })
    .where(and(eq(memberNotices.id, noticeId), eq(memberNotices.memberId, memberId), isNull(memberNotices.seenAt)))
    .returning({ id: memberNotices.id });
  return rows.length ? done(null) : refused("gone");
}
