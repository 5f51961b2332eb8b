/**
 * Salutes under moderation: the queue of reported salutes staff read (the only place a
 * secret salute's sender is shown), and what staff decide — hidden for good, or restored.
 *
 * `starReceiptIsPublic` is the one check of whether a star salute's receipt may be shown to
 * anyone with its link; every reader of receipts goes through it.
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/platform/db/db.server";
import type { Tx } from "~/platform/db/transaction.server";
import { members, salutes } from "~/platform/db/schema";
import { displayName } from "~/features/members/index.server";
import { removePostsAbout, writePost } from "~/features/feed/index.server";
import type { SaluteKind } from "./salutes.server";
import type { Language } from "~/platform/i18n";

const postTypeOf = { compliment: "compliment", star: "starsalute", secret: "secretsalute" } as const;

/** What decides whether a receipt is public: an open report and staff moderation. */
export type ReceiptVisibility = Pick<typeof salutes.$inferSelect, "moderation" | "reportedAt" | "moderatedAt">;

/**
 * Whether a star salute's receipt may be shown to anyone with its link: not while its
 * recipient's report waits for staff (decision 0508), not once staff hid it (0804); a report
 * staff restored makes it public again.
 */
export function starReceiptIsPublic(salute: ReceiptVisibility): boolean {
  if (salute.moderation === "hidden") return false;
  return salute.reportedAt === null || salute.moderatedAt !== null;
}

const sender = alias(members, "sender");
const recipient = alias(members, "recipient");

export interface ReportedSalute {
  id: number;
  kind: SaluteKind;
  /** Staff only: the sender, secret or not. */
  sender: { id: number; name: string };
  recipient: { id: number; name: string };
  message: string;
  prompt: string | null;
  stars: number | null;
  reason: string | null;
  sentAt: string;
  reportedAt: string;
}

export const QUEUE_PAGE = 50;

/**
 * Reports not handled yet, oldest first, with their senders. Only the staff dashboard (behind
 * requireStaff) calls this; no member page or call does.
 */
export async function reportQueue(lang: Language, limit = QUEUE_PAGE): Promise<ReportedSalute[]> {
  const rows = await db()
    .select({ salute: salutes, sender, recipient })
    .from(salutes)
    .innerJoin(sender, eq(sender.id, salutes.senderId))
    .innerJoin(recipient, eq(recipient.id, salutes.recipientId))
    .where(and(isNotNull(salutes.reportedAt), isNull(salutes.moderatedAt)))
    .orderBy(asc(salutes.reportedAt), asc(salutes.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.salute.id,
    kind: r.salute.kind as SaluteKind,
    sender: { id: r.sender.id, name: displayName(r.sender, lang) },
    recipient: { id: r.recipient.id, name: displayName(r.recipient, lang) },
    message: r.salute.message,
    prompt: r.salute.promptKey,
    stars: r.salute.stars,
    reason: r.salute.reportReason,
    sentAt: r.salute.createdAt.toISOString(),
    reportedAt: r.salute.reportedAt!.toISOString(),
  }));
}

export type ModerationDecision = "hidden" | "restored";

export interface Moderated {
  saluteId: number;
  kind: SaluteKind;
  senderId: number;
  /** The recipient, who reported it. */
  reporterId: number;
}

/**
 * Decides a report, in the caller's transaction: hidden stays out of the recipient's list, the
 * feed and (a star salute) its public receipt; restored comes back to all three, its feed
 * post written again at its first moment. Null when the salute is not waiting in the queue
 * (never reported, or decided meanwhile: the row is locked, so two staff cannot both decide).
 */
export async function moderateSalute(
  tx: Tx,
  saluteId: number,
  decision: ModerationDecision,
  staffUserId: number | null,
  now = new Date(),
): Promise<Moderated | null> {
  const [row] = await tx
    .select()
    .from(salutes)
    .where(and(eq(salutes.id, saluteId), isNotNull(salutes.reportedAt), isNull(salutes.moderatedAt)))
    .for("update");
  if (!row) return null;
  const kind = row.kind as SaluteKind;
  await tx
    .update(salutes)
    .set({
      moderation: decision,
      moderatedAt: now,
      moderatedBy: staffUserId,
      hiddenAt: decision === "hidden" ? (row.hiddenAt ?? now) : null,
    })
    .where(eq(salutes.id, saluteId));
  // Reporting took the post down already; a hide makes sure, a restore writes it again.
  await removePostsAbout(postTypeOf[kind], saluteId, tx);
  if (decision === "restored") {
    await writePost(
      {
        type: postTypeOf[kind],
        // A secret salute's post never names its sender.
        actorId: kind === "secret" ? null : row.senderId,
        subjectId: row.recipientId,
        refId: row.id,
        text: kind === "secret" ? "" : row.message,
        data: kind === "secret" ? { prompt: row.promptKey ?? "" } : row.stars ? { stars: row.stars, gems: row.gems } : { gems: row.gems },
        createdAt: row.createdAt,
      },
      tx,
    );
  }
  return { saluteId, kind, senderId: row.senderId, reporterId: row.recipientId };
}
