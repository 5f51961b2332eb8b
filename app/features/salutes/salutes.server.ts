/**
 * Salutes: compliments, star salutes and secret salutes, with gems.
 *
 * Sending happens in one transaction that first locks the sender's and the recipient's
 * member rows, so a sender's concurrent sends are serialised (gems never go below 0, the
 * daily secret limit and the repeated-gift refusal hold) on PGlite and on PostgreSQL with
 * many instances. Both rows, in the order of their ids: the send updates the recipient's row
 * too (score, light), and members saluting each other at the same moment (A to B while B
 * salutes C … and someone salutes A) would otherwise each hold one row and wait for the
 * next, a deadlock PostgreSQL ends by failing one of the sends.
 *
 * A secret salute's sender is stored (staff need it when handling a report) but every
 * query a recipient can reach leaves it out at the SQL level.
 */
import { href } from "react-router";
import { and, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { alias, type PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db, type Database } from "~/platform/db/db.server";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { RefusalAnswer } from "~/platform/respond.server";
import { gemLedger, members, posts, salutes } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { displayName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";
import { removePostsAbout, writePost } from "~/features/feed/index.server";
import { awardScore, weekStart } from "~/features/leaderboard/index.server";
import { publish } from "~/platform/happened.server";
import { creditMemberLight, LIGHT_PER_SALUTE_RECEIVED } from "./member-light.server";
import type { SecretPrompt } from "~/platform/db/schema/secret-prompts";
import { starReceiptIsPublic } from "./moderation.server";
import type { ReportReason } from "./report-reasons";
import { SALUTE_RULES } from "./rules";

export { SALUTE_RULES };

export type SaluteKind = "compliment" | "star" | "secret";

export type SendSalute =
  | { kind: "compliment"; senderId: number; recipientId: number; message: string; gems: number }
  | { kind: "star"; senderId: number; recipientId: number; message: string; stars: number; gems: number }
  | { kind: "secret"; senderId: number; recipientId: number; prompt: SecretPrompt; note: string };

export type SendRefusal = "self" | "no-recipient" | "not-enough-gems" | "repeat" | "secret-limit";

/** `receiptCode`: the star receipt's address (/starsalute/view/{receiptCode}). */
export type SendOutcome = Outcome<{ saluteId: number; postId: number; receiptCode: string }, SendRefusal>;

/** How each refusal is answered: its status, its message and the field it belongs to. */
export const saluteRefusals = {
  self: { status: 400, message: "salutes:refusals.self", field: "recipientId" },
  "no-recipient": { status: 404, message: "salutes:refusals.no-recipient", field: "recipientId" },
  "not-enough-gems": { status: 409, message: "salutes:refusals.not-enough-gems", field: "gems" },
  repeat: { status: 409, message: "salutes:refusals.repeat" },
  "secret-limit": { status: 429, message: "salutes:refusals.secret-limit" },
} as const satisfies Record<SendRefusal, RefusalAnswer>;

const DAY_MS = 24 * 3600_000;

const postTypeOf = { compliment: "compliment", star: "starsalute", secret: "secretsalute" } as const;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Tops a member's gems up to the weekly allowance when a new week has started. */
async function refreshAllowance(tx: Tx, member: { id: number; gemBalance: number; gemWeek: string | null }, now: Date) {
  const week = weekStart(now);
  if (member.gemWeek === week) return member.gemBalance;
  await tx.update(members).set({ gemBalance: SALUTE_RULES.weeklyGems, gemWeek: week }).where(eq(members.id, member.id));
  const delta = SALUTE_RULES.weeklyGems - member.gemBalance;
  if (delta !== 0) {
    await tx.insert(gemLedger).values({ memberId: member.id, delta, reason: "weekly-allowance", createdAt: now });
  }
  return SALUTE_RULES.weeklyGems;
}

export async function sendSalute(input: SendSalute, now = new Date()): Promise<SendOutcome> {
  if (input.senderId === input.recipientId) return refused("self");
  const gems = input.kind === "secret" ? 0 : input.gems;
  const message = input.kind === "secret" ? input.note.trim() : input.message.trim();
  const promptKey = input.kind === "secret" ? input.prompt : null;
  const stars = input.kind === "star" ? input.stars : null;
  // A refusal returned inside the transaction rolls back whatever it wrote (transaction()).
  const outcome = await transaction(async (tx): Promise<SendOutcome> => {
    // Lock the sender and the recipient, lowest id first (see above): the sender's sends
    // queue here, so the checks below cannot race, and no two sends wait on each other.
    const both = await tx
      .select({ id: members.id, gemBalance: members.gemBalance, gemWeek: members.gemWeek })
      .from(members)
      .where(inArray(members.id, [input.senderId, input.recipientId]))
      .orderBy(members.id)
      .for("update");
    const sender = both.find((row) => row.id === input.senderId);
    if (!sender) return refused("no-recipient");
    if (!both.some((row) => row.id === input.recipientId)) return refused("no-recipient");

    if (input.kind === "secret") {
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const [sent] = await tx
        .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${salutes.createdAt})` })
        .from(salutes)
        .where(and(eq(salutes.senderId, input.senderId), eq(salutes.kind, "secret"), gte(salutes.createdAt, dayAgo)))
        .limit(1);
      if ((sent?.n ?? 0) >= SALUTE_RULES.secretPerDay) {
        // The limit counts the last 24 hours: a send is possible again once the oldest leaves them.
        const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
        return refused("secret-limit", {
          retryAfter: Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000)),
          details: { max: SALUTE_RULES.secretPerDay },
        });
      }
    }

    const [repeat] = await tx
      .select({ id: salutes.id })
      .from(salutes)
      .where(
        and(
          eq(salutes.senderId, input.senderId),
          eq(salutes.recipientId, input.recipientId),
          eq(salutes.kind, input.kind),
          eq(salutes.message, message),
          promptKey ? eq(salutes.promptKey, promptKey) : isNull(salutes.promptKey),
          gte(salutes.createdAt, new Date(now.getTime() - SALUTE_RULES.repeatWindowMs)),
        ),
      )
      .limit(1);
    if (repeat) return refused("repeat");

    if (gems > 0) {
      await refreshAllowance(tx, sender, now);
      // Conditional: the balance can never go below 0, whatever runs alongside.
      const spent = await tx
        .update(members)
        .set({ gemBalance: sql`${members.gemBalance} - ${gems}` })
        .where(and(eq(members.id, input.senderId), gte(members.gemBalance, gems)))
        .returning({ id: members.id });
      if (spent.length === 0) return refused("not-enough-gems");
    }

    const [salute] = await tx
      .insert(salutes)
      .values({
        kind: input.kind,
        senderId: input.senderId,
        recipientId: input.recipientId,
        message,
        promptKey,
        stars,
        gems,
        createdAt: now,
      })
      .returning({ id: salutes.id, receiptCode: salutes.receiptCode });
    const saluteId = salute!.id;
    if (gems > 0) {
      await tx.insert(gemLedger).values({ memberId: input.senderId, delta: -gems, reason: "gift", saluteId, createdAt: now });
    }
    await awardScore(tx, input.recipientId, { gemsReceived: gems, starsReceived: stars ?? 0 }, now);
    await creditMemberLight(tx, input.recipientId, LIGHT_PER_SALUTE_RECEIVED, "salute-received", `salute:${saluteId}`);
    await publish(tx, { what: "salute", memberId: input.senderId, target: input.kind, at: now });

    // The post shares the salute's time, so the feed and the receipt tell the same moment.
    const postId = await writePost(
      {
        type: postTypeOf[input.kind],
        // A secret salute's post never names its sender.
        actorId: input.kind === "secret" ? null : input.senderId,
        subjectId: input.recipientId,
        refId: saluteId,
        // The secret note is for the recipient only; the feed shows the prompt.
        text: input.kind === "secret" ? "" : message,
        data: input.kind === "secret" ? { prompt: input.prompt } : stars ? { stars, gems } : { gems },
        createdAt: now,
      },
      tx,
    );
    return done({ saluteId, postId, receiptCode: salute!.receiptCode });
  });
  // No member ids here: a log line must never tie a secret salute to its sender.
  if (outcome.ok) log.info("salute sent", { kind: input.kind, saluteId: outcome.value.saluteId });
  return outcome;
}

/** Gems the member can still give this week (a new week starts with the full allowance). */
export async function gemsLeft(memberId: number, now = new Date()) {
  const [row] = await db()
    .select({ gemBalance: members.gemBalance, gemWeek: members.gemWeek })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) return 0;
  return row.gemWeek === weekStart(now) ? row.gemBalance : SALUTE_RULES.weeklyGems;
}

export async function secretSalutesSentToday(senderId: number, now = new Date()) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(salutes)
    .where(
      and(
        eq(salutes.senderId, senderId),
        eq(salutes.kind, "secret"),
        gte(salutes.createdAt, new Date(now.getTime() - 24 * 3600_000)),
      ),
    );
  return row?.n ?? 0;
}

// ───────────── Reading salutes ─────────────

const sender = alias(members, "sender");
const recipient = alias(members, "recipient");

export interface ReceivedSalute {
  id: number;
  kind: SaluteKind;
  /** Null for a secret salute: the recipient never learns who sent it. */
  from: { id: number; name: string } | null;
  message: string;
  prompt: string | null;
  stars: number | null;
  gems: number;
  createdAt: string;
}

/** What a member received, newest first; hidden ones are left out. */
export async function listReceivedSalutes(
  memberId: number,
  lang: Language,
  options: { kind?: SaluteKind; limit?: number } = {},
): Promise<ReceivedSalute[]> {
  const isSecret = sql`${salutes.kind} = 'secret'`;
  const rows = await db()
    .select({
      id: salutes.id,
      kind: salutes.kind,
      // Decided in SQL, so a secret salute's sender never even reaches this process here.
      senderId: sql<number | null>`case when ${isSecret} then null else ${sender.id} end`,
      senderFirst: sql<string | null>`case when ${isSecret} then null else ${sender.firstName} end`,
      senderLast: sql<string | null>`case when ${isSecret} then null else ${sender.lastName} end`,
      senderUsername: sql<string | null>`case when ${isSecret} then null else ${sender.username} end`,
      message: salutes.message,
      prompt: salutes.promptKey,
      stars: salutes.stars,
      gems: salutes.gems,
      createdAt: salutes.createdAt,
    })
    .from(salutes)
    .innerJoin(sender, eq(sender.id, salutes.senderId))
    .where(
      and(
        eq(salutes.recipientId, memberId),
        isNull(salutes.hiddenAt),
        options.kind ? eq(salutes.kind, options.kind) : undefined,
      ),
    )
    .orderBy(desc(salutes.createdAt), desc(salutes.id))
    .limit(options.limit ?? 20);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as SaluteKind,
    from:
      r.kind === "secret" || r.senderId === null
        ? null
        : { id: r.senderId, name: displayName({ id: r.senderId, firstName: r.senderFirst, lastName: r.senderLast, username: r.senderUsername }, lang) },
    message: r.message,
    prompt: r.prompt,
    stars: r.stars,
    gems: r.gems,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * What a notification link (/secret-salute-redirect?id=N) finds for this member: a salute
 * they hold (its kind), one hidden (by them, or by moderators after a report), one they sent
 * themselves, or nothing. Someone else's salute is "missing", the same as none, so the link
 * tells nobody about salutes that are not theirs; and nothing here names a sender.
 */
export type SaluteAtLink =
  | { state: "received"; kind: SaluteKind }
  | { state: "hidden"; by: "you" | "moderators" }
  | { state: "own" }
  | { state: "missing" };

export async function saluteAtLink(memberId: number, saluteId: number): Promise<SaluteAtLink> {
  if (!Number.isSafeInteger(saluteId) || saluteId < 1 || saluteId > 2_147_483_647) return { state: "missing" };
  const [row] = await db()
    .select({ kind: salutes.kind, recipientId: salutes.recipientId, senderId: salutes.senderId, hiddenAt: salutes.hiddenAt, moderation: salutes.moderation })
    .from(salutes)
    .where(and(eq(salutes.id, saluteId), or(eq(salutes.recipientId, memberId), eq(salutes.senderId, memberId))));
  if (!row) return { state: "missing" };
  if (row.recipientId !== memberId) return { state: "own" };
  if (row.hiddenAt) return { state: "hidden", by: row.moderation === "hidden" ? "moderators" : "you" };
  return { state: "received", kind: row.kind as SaluteKind };
}

export interface StarReceipt {
  id: number;
  /** Its address: /starsalute/view/{code}. */
  code: string;
  giver: { id: number; name: string };
  recipient: { id: number; name: string };
  stars: number;
  gems: number;
  message: string;
  createdAt: string;
  /** Its newsfeed post, when there is one (none once the recipient hid the salute). */
  postId: number | null;
}

/** A receipt's address as it is written: at least 16 URL-safe characters. */
const RECEIPT_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A star salute's public receipt (star salutes are never secret), found by its random
 * address, with its feed post's id in the same query (through the posts' (type, ref_id)
 * index). Null when there is none, or when it is not public (starReceiptIsPublic: a report
 * still open, decision 0508, or staff hid it, decision 0804).
 */
export async function findStarReceipt(code: string, lang: Language): Promise<StarReceipt | null> {
  if (!RECEIPT_CODE.test(code)) return null;
  const [row] = await db()
    .select({ salute: salutes, giver: sender, recipient, postId: posts.id })
    .from(salutes)
    .innerJoin(sender, eq(sender.id, salutes.senderId))
    .innerJoin(recipient, eq(recipient.id, salutes.recipientId))
    .leftJoin(posts, and(eq(posts.type, postTypeOf.star), eq(posts.refId, salutes.id)))
    .where(and(eq(salutes.receiptCode, code), eq(salutes.kind, "star")))
    .orderBy(posts.id)
    .limit(1);
  if (!row || !starReceiptIsPublic(row.salute)) return null;
  return {
    id: row.salute.id,
    code: row.salute.receiptCode,
    giver: { id: row.giver.id, name: displayName(row.giver, lang) },
    recipient: { id: row.recipient.id, name: displayName(row.recipient, lang) },
    stars: row.salute.stars ?? 1,
    gems: row.salute.gems,
    message: row.salute.message,
    createdAt: row.salute.createdAt.toISOString(),
    postId: row.postId,
  };
}

/** The address of a star salute's public receipt, or null (not a star salute, or not public). */
export async function starReceiptPath(saluteId: number): Promise<string | null> {
  if (!Number.isSafeInteger(saluteId) || saluteId < 1 || saluteId > 2_147_483_647) return null;
  const [row] = await db()
    .select({
      code: salutes.receiptCode,
      moderation: salutes.moderation,
      reportedAt: salutes.reportedAt,
      moderatedAt: salutes.moderatedAt,
    })
    .from(salutes)
    .where(and(eq(salutes.id, saluteId), eq(salutes.kind, "star")));
  return row && starReceiptIsPublic(row) ? href("/starsalute/view/:starID", { starID: row.code }) : null;
}

// ───────────── Hiding and reporting (the recipient) ─────────────

/** The recipient hides a salute; it leaves their list and the feed. "gone" when not theirs (or not there). */
export async function hideSalute(memberId: number, saluteId: number, now = new Date()) {
  return closeSalute(memberId, saluteId, { hiddenAt: now });
}

/**
 * The recipient reports a salute for staff to look at; it is hidden at once. A salute staff
 * restored after an earlier report goes back into the queue (and its receipt is private
 * again until they decide); one staff hid stays decided.
 */
export async function reportSalute(memberId: number, saluteId: number, reason: ReportReason, now = new Date()) {
  const hiddenByStaff = sql`${salutes.moderation} = 'hidden'`;
  return closeSalute(memberId, saluteId, {
    hiddenAt: now,
    reportedAt: now,
    reportReason: reason,
    moderation: sql`case when ${hiddenByStaff} then ${salutes.moderation} end`,
    moderatedAt: sql`case when ${hiddenByStaff} then ${salutes.moderatedAt} end`,
    moderatedBy: sql`case when ${hiddenByStaff} then ${salutes.moderatedBy} end`,
  });
}

async function closeSalute(
  memberId: number,
  saluteId: number,
  values: PgUpdateSetSource<typeof salutes>,
): Promise<Outcome<SaluteKind, "gone">> {
  if (!Number.isSafeInteger(saluteId) || saluteId < 1 || saluteId > 2_147_483_647) return refused("gone");
  return transaction(async (tx): Promise<Outcome<SaluteKind, "gone">> => {
    const closed = await tx
      .update(salutes)
      .set(values)
      .where(and(eq(salutes.id, saluteId), eq(salutes.recipientId, memberId)))
      .returning({ kind: salutes.kind });
    const kind = closed[0]?.kind as SaluteKind | undefined;
    // Not theirs or not there: the same answer either way.
    if (!kind) return refused("gone");
    await removePostsAbout(postTypeOf[kind], saluteId, tx);
    return done(kind);
  });
}
