/**
 * Phone sign-in (the spec's steps 1–4): send a code to a number, then trade the right
 * code for a session. Accounts are created on the first successful verification, and
 * nothing a visitor sees depends on whether a number already has one.
 */
import { and, count, desc, eq, gt, isNull, lte, max, sql } from "drizzle-orm";
import { db, type Database } from "~/platform/db/db.server";
import { loginAttempts, members, memberSuspensions, rateLimitHits, type Member } from "~/platform/db/schema";
import type { Queryable } from "~/platform/db/transaction.server";
import { log } from "~/platform/log.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { clientNetworkKey, consumeRateLimits, forgetHits, type BucketLimit } from "~/platform/rate-limit.server";
import { sms, SmsDeliveryError, textCeiling, textCounted, TEXT_CEILING_BUCKET, textRefusedByCeiling } from "~/platform/sms/sms.server";
import { CODE_TTL_MS, codeMatches, generateCode, hashCode, MAX_FAILED_TRIES, newAttemptId } from "./codes.server";
import { RESEND_COUNTDOWN_SECONDS, toE164 } from "./phone";
import { endSession, startSession } from "./session-store.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Whether staff suspended the member (features/staff writes and lifts suspensions; the
 * sign-in only reads them, inside its own transaction).
 */
async function isMemberSuspended(memberId: number, on: Queryable): Promise<boolean> {
  const [row] = await on.select({ memberId: memberSuspensions.memberId }).from(memberSuspensions).where(eq(memberSuspensions.memberId, memberId)).limit(1);
  return Boolean(row);
}

/** The number's one-code-a-minute wait. */
const PHONE_MINUTE_BUCKET = "sms-phone-minute";

export const SEND_LIMITS = {
  perPhonePerMinute: { limit: 1, windowMs: MINUTE },
  perPhonePerHour: { limit: 5, windowMs: HOUR },
  perNetworkPerHour: { limit: 10, windowMs: HOUR },
} as const;

/**
 * The back-off on wrong codes (docs/decisions/0504): every wrong code for a number, across
 * its attempts, is counted for a day; the number's next code then waits `firstWaitMs` after
 * the first wrong code, twice as long after each further one, never longer than
 * `longestWaitMs`, counted from the last wrong code. A right code clears the count.
 */
export const WRONG_CODE_BACKOFF = {
  windowMs: DAY,
  firstWaitMs: 30_000,
  longestWaitMs: HOUR,
} as const;

/** Where wrong codes are counted, per number (rate_limit_hits). */
const WRONG_CODE_BUCKET = "sign-in-wrong-code";

/** How long the number waits for its next code after `wrongCodes` wrong codes. */
export function waitAfterWrongCodes(wrongCodes: number): number {
  if (wrongCodes <= 0) return 0;
  const { firstWaitMs, longestWaitMs } = WRONG_CODE_BACKOFF;
  return Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(wrongCodes - 1, 30));
}

type Reader = Pick<Database, "select">;

/** The number's wrong codes in the back-off's window: how many, and when the last was. */
async function recentWrongCodes(phone: string, now: Date, on: Reader = db()) {
  const [row] = await on
    .select({ n: count(), last: max(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, WRONG_CODE_BUCKET),
        eq(rateLimitHits.key, phone),
        gt(rateLimitHits.at, new Date(now.getTime() - WRONG_CODE_BACKOFF.windowMs)),
      ),
    );
  return { n: row?.n ?? 0, last: row?.last ? new Date(row.last).getTime() : null };
}

/** The end of the number's back-off for its wrong codes (a time in the past when there is none). */
async function wrongCodeWaitEnds(phone: string, now: Date, on: Reader = db()): Promise<Date> {
  const { n, last } = await recentWrongCodes(phone, now, on);
  if (!n || last === null) return new Date(0);
  return new Date(last + waitAfterWrongCodes(n));
}

/** When the number's one-code-a-minute wait and its back-off for wrong codes end. */
async function sendWaitsEnd(phone: string, now: Date, on: Reader) {
  const [lastSend] = await on
    .select({ at: max(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, PHONE_MINUTE_BUCKET), eq(rateLimitHits.key, phone)));
  const minute = lastSend?.at ? new Date(lastSend.at).getTime() + SEND_LIMITS.perPhonePerMinute.windowMs : 0;
  const backoff = (await wrongCodeWaitEnds(phone, now, on)).getTime();
  return { minute, backoff };
}

/**
 * When the number may be sent its next code: after the one-code-a-minute wait since its
 * last code and after the back-off its wrong codes earned. What the code step counts down.
 */
export async function nextSendAt(phone: string, now = new Date(), on: Reader = db()): Promise<Date> {
  const { minute, backoff } = await sendWaitsEnd(phone, now, on);
  return new Date(Math.max(minute, backoff, now.getTime()));
}

/**
 * The code step's countdown after a wrong code at `wrongAt`: the spec's "resets the
 * countdown" (issue 40) starts it again from the top, 65 s, or the number's longer wait
 * (`nextSendAt`) when one holds. It only ever ends later than the server takes a new code,
 * so the button it leads to is never refused, and the back-off is not shortened.
 */
export function countdownAfterWrongCode(wrongAt: number, sendAt: Date): Date {
  return new Date(Math.max(sendAt.getTime(), wrongAt + RESEND_COUNTDOWN_SECONDS * 1000));
}

/**
 * When the code step's countdown for a code sent at `sentAt` ends, as the page shows it
 * when opened again: the number's next send, or a countdown restarted by a wrong code
 * since (`countdownAfterWrongCode`), whichever is later.
 */
export async function countdownEndsAt(phone: string, sentAt: number, now = new Date(), on: Reader = db()): Promise<Date> {
  const [next, wrong] = await Promise.all([nextSendAt(phone, now, on), recentWrongCodes(phone, now, on)]);
  return wrong.last !== null && wrong.last >= sentAt ? countdownAfterWrongCode(wrong.last, next) : next;
}

/** A resend keeps using the number's attempt (and its failure count) for this long. */
const ATTEMPT_REUSE_MS = HOUR;

/**
 * Why a send was refused: within the minute, past the hourly limits, after wrong codes, or
 * because the instance sent as many texts as its daily ceiling allows (decision 1160).
 */
export type SendRefusalReason = "too-soon" | "too-many" | "wrong-codes" | "text-ceiling";

export type StartResult =
  | { status: "sent"; attemptId: string; phone: string; sentAt: Date }
  | { status: "invalid-phone" }
  | { status: "rate-limited"; retryAfterSeconds: number; reason: SendRefusalReason }
  | { status: "rejected-number" }
  | { status: "unavailable" };

export interface StartInput {
  /** As typed; non-digits are stripped. */
  phone: string;
  /** The form's hidden trap field: people leave it empty. */
  honeypot?: string;
  clientIp: string;
  allowedCallingCodes: readonly string[];
  /** The text for a code (translated, ending with the origin-bound line). */
  textFor: (code: string) => string;
  now?: Date;
}

/**
 * How long recent real sends took, so a filled honeypot's answer takes as long (decision
 * 0507): an answer that came back at once would tell the bot which field gave it away.
 * Only a timing estimate, so process memory is the place (each instance its own).
 */
const recentSends: number[] = [];
const SENDS_REMEMBERED = 20;
/** Before any real send was timed: about what a provider's network round trip takes. */
export const HONEYPOT_FIRST_WAIT_MS = 300;

function rememberSendTook(ms: number) {
  recentSends.push(ms);
  if (recentSends.length > SENDS_REMEMBERED) recentSends.shift();
}

/** For tests: forget the timed sends. */
export function forgetSendTimings() {
  recentSends.length = 0;
}

/** One of the recent real sends' durations, picked at random: the same spread as theirs. */
function asLongAsARealSend(): number {
  if (recentSends.length === 0) return HONEYPOT_FIRST_WAIT_MS;
  return recentSends[Math.floor(Math.random() * recentSends.length)]!;
}

/** Step 1: validate the number, apply the send limits, text a fresh code. */
export async function startPhoneSignIn(input: StartInput): Promise<StartResult> {
  const started = performance.now();
  const now = input.now ?? new Date();
  const checked = toE164(input.phone, input.allowedCallingCodes);
  if (!checked.ok) return { status: "invalid-phone" };
  const phone = checked.phone;

  if (input.honeypot?.trim()) {
    // A bot: send nothing, store nothing, answer exactly like a send, and as slowly.
    log.info("sign-in honeypot filled");
    const wait = asLongAsARealSend() - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { status: "sent", attemptId: newAttemptId(), phone, sentAt: now };
  }

  // Wrong codes for this number lengthen the wait before its next code (0504); the member
  // is told the longer of that and the minute's wait.
  const waits = await sendWaitsEnd(phone, now, db());
  if (waits.backoff > now.getTime()) {
    log.info("sign-in code refused after wrong codes");
    const ends = Math.max(waits.backoff, waits.minute);
    return {
      status: "rate-limited",
      retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
      reason: waits.backoff >= waits.minute ? "wrong-codes" : "too-soon",
    };
  }

  // The instance's ceiling is counted with the member's own limits, all or nothing: a code
  // refused for the ceiling costs the member no place in theirs, and touches no attempt
  // (a code they already hold stays good).
  const ceiling = textCeiling();
  const limits: BucketLimit[] = [
    { bucket: PHONE_MINUTE_BUCKET, key: phone, ...SEND_LIMITS.perPhonePerMinute },
    { bucket: "sms-phone-hour", key: phone, ...SEND_LIMITS.perPhonePerHour },
    { bucket: "sms-network-hour", key: clientNetworkKey(input.clientIp), ...SEND_LIMITS.perNetworkPerHour },
    ceiling,
  ];
  const limited = await consumeRateLimits(limits, now);
  if (!limited.allowed) {
    log.info("sign-in code refused by rate limit", { bucket: limited.bucket });
    if (limited.bucket === TEXT_CEILING_BUCKET) await textRefusedByCeiling(limited.retryAfterSeconds, ceiling.limit, now);
    const reason = limited.bucket === PHONE_MINUTE_BUCKET ? "too-soon" : limited.bucket === TEXT_CEILING_BUCKET ? "text-ceiling" : "too-many";
    return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds, reason };
  }
  await textCounted(ceiling.limit, now);

  const code = generateCode();
  // A resend re-arms the number's live attempt: new code, new 10 minutes, same failure count.
  const [live] = await db()
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.phone, phone),
        isNull(loginAttempts.usedAt),
        isNull(loginAttempts.burntAt),
        gt(loginAttempts.createdAt, new Date(now.getTime() - ATTEMPT_REUSE_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const attemptId = live?.id ?? newAttemptId();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  if (live) {
    await db()
      .update(loginAttempts)
      .set({ codeHash: hashCode(attemptId, code), codeSentAt: now, expiresAt })
      .where(eq(loginAttempts.id, attemptId));
  } else {
    await db()
      .insert(loginAttempts)
      .values({ id: attemptId, phone, codeHash: hashCode(attemptId, code), createdAt: now, codeSentAt: now, expiresAt });
  }

  try {
    await sms().send({ to: phone, body: input.textFor(code) });
  } catch (error) {
    // The code never arrived: make it useless.
    await db().update(loginAttempts).set({ expiresAt: now }).where(eq(loginAttempts.id, attemptId));
    const reason = error instanceof SmsDeliveryError ? error.reason : "unavailable";
    log.warn("sign-in code not delivered", { reason, error: String(error) });
    return { status: reason === "rejected-number" ? "rejected-number" : "unavailable" };
  }
  rememberSendTook(performance.now() - started);
  return { status: "sent", attemptId, phone, sentAt: now };
}

/** Why no code was sent, as the action seam names it. */
export type SendCodeRefusal = "invalid-phone" | SendRefusalReason | "rejected-number" | "unavailable";

/**
 * `startPhoneSignIn` as the action seam takes it: the code sent (a bot's send answers the
 * same), or a named refusal. A limit says its wait (`retryAfter`, and `minutes` for its
 * message) and when the number may have its next code (`until`, what the code step counts
 * down to).
 */
export async function sendSignInCode(input: StartInput): Promise<Outcome<{ attemptId: string; phone: string; sentAt: Date }, SendCodeRefusal>> {
  const result = await startPhoneSignIn(input);
  switch (result.status) {
    case "sent":
      return done({ attemptId: result.attemptId, phone: result.phone, sentAt: result.sentAt });
    case "rate-limited": {
      const seconds = result.retryAfterSeconds;
      const now = (input.now ?? new Date()).getTime();
      return refused(result.reason, { retryAfter: seconds, until: now + seconds * 1000, details: { minutes: Math.ceil(seconds / 60) } });
    }
    case "invalid-phone":
    case "rejected-number":
    case "unavailable":
      return refused(result.status);
  }
}

/** A failed verification says when the number may have its next code (`nextSendAt`). */
export type VerifyResult =
  | { status: "signed-in"; member: Member; sid: string; isNew: boolean }
  | { status: "wrong-code"; triesLeft: number; resendAt: Date }
  | { status: "burnt"; resendAt: Date }
  | { status: "expired"; resendAt: Date | null }
  /** The right code, for a member staff suspended: no session. */
  | { status: "suspended" };

export interface VerifyInput {
  attemptId: string;
  code: string;
  /** The session cookie's current id, ended on success (a new id each sign-in). */
  previousSid?: string | null;
  fingerprint?: string | null;
  userAgent?: string | null;
  now?: Date;
}

/** Steps 3–4: check the code against its attempt; on success sign the member in. */
export async function verifyPhoneCode(input: VerifyInput): Promise<VerifyResult> {
  const now = input.now ?? new Date();
  const outcome = await db().transaction(async (tx) => {
    // Locked, so parallel guesses are counted one after another and cannot pass the 5.
    const [attempt] = await tx
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.id, input.attemptId))
      .for("update");
    if (!attempt || attempt.usedAt) return { status: "expired", phone: attempt?.phone ?? null } as const;
    // A failure forgives nothing: the wait between sends stands, and wrong codes lengthen it.
    if (attempt.burntAt) return { status: "burnt", phone: attempt.phone } as const;
    if (attempt.expiresAt.getTime() <= now.getTime()) return { status: "expired", phone: attempt.phone } as const;

    if (!codeMatches(attempt.id, input.code, attempt.codeHash)) {
      const tries = attempt.failedTries + 1;
      await tx
        .update(loginAttempts)
        .set({ failedTries: tries, ...(tries >= MAX_FAILED_TRIES ? { burntAt: now } : {}) })
        .where(eq(loginAttempts.id, attempt.id));
      await recordWrongCode(tx, attempt.phone, now);
      return tries >= MAX_FAILED_TRIES
        ? ({ status: "burnt", phone: attempt.phone } as const)
        : ({ status: "wrong-code", triesLeft: MAX_FAILED_TRIES - tries, phone: attempt.phone } as const);
    }

    await tx.update(loginAttempts).set({ usedAt: now }).where(eq(loginAttempts.id, attempt.id));
    // The right code: the number starts afresh.
    await forgetHits(WRONG_CODE_BUCKET, attempt.phone, tx);
    const [created] = await tx
      .insert(members)
      .values({ phone: attempt.phone })
      .onConflictDoNothing({ target: members.phone })
      .returning();
    const member = created ?? (await tx.select().from(members).where(eq(members.phone, attempt.phone)))[0];
    if (!member) throw new Error("member vanished during sign-in");
    if (!created && (await isMemberSuspended(member.id, tx))) return { status: "suspended" } as const;
    return { status: "ok", member, isNew: Boolean(created) } as const;
  });
  switch (outcome.status) {
    case "wrong-code":
      return { status: "wrong-code", triesLeft: outcome.triesLeft, resendAt: await nextSendAt(outcome.phone, now) };
    case "burnt":
      return { status: "burnt", resendAt: await nextSendAt(outcome.phone, now) };
    case "expired":
      return { status: "expired", resendAt: outcome.phone ? await nextSendAt(outcome.phone, now) : null };
    case "suspended":
      return { status: "suspended" };
  }

  if (input.previousSid) await endSession(input.previousSid);
  const sid = await startSession(
    outcome.member.id,
    { fingerprint: input.fingerprint, userAgent: input.userAgent },
    now,
  );
  log.info("member signed in", { memberId: outcome.member.id, newMember: outcome.isNew });
  return { status: "signed-in", member: outcome.member, sid, isNew: outcome.isNew };
}

/** Why a code did not sign anyone in, as the action seam names it. */
export type CheckCodeRefusal = "wrong-code" | "burnt" | "expired" | "suspended";

/**
 * `verifyPhoneCode` as the action seam takes it: signed in, or a named refusal that says
 * when the code step's countdown ends (`until`): a wrong code restarts it from the top
 * (`countdownAfterWrongCode`, the spec's "resets the countdown"); a failure never shortens
 * the wait between sends, and wrong codes lengthen it (0504). Too many wrong codes is a limit: its `retryAfter` is that wait.
 */
export async function checkSignInCode(
  input: VerifyInput,
): Promise<Outcome<{ member: Member; sid: string; isNew: boolean }, CheckCodeRefusal>> {
  const now = (input.now ?? new Date()).getTime();
  const result = await verifyPhoneCode({ ...input, now: new Date(now) });
  switch (result.status) {
    case "signed-in":
      return done({ member: result.member, sid: result.sid, isNew: result.isNew });
    case "wrong-code":
      return refused("wrong-code", { until: countdownAfterWrongCode(now, result.resendAt).getTime(), details: { count: result.triesLeft } });
    case "burnt": {
      const seconds = Math.max(1, Math.ceil((result.resendAt.getTime() - now) / 1000));
      return refused("burnt", { retryAfter: seconds, until: countdownAfterWrongCode(now, result.resendAt).getTime() });
    }
    case "expired":
      return refused("expired", result.resendAt ? { until: result.resendAt.getTime() } : {});
    case "suspended":
      return refused("suspended");
  }
}

/** Counts a wrong code against the number, in the guess's transaction; older ones are swept. */
async function recordWrongCode(tx: Pick<Database, "insert" | "delete">, phone: string, now: Date) {
  await tx.insert(rateLimitHits).values({ bucket: WRONG_CODE_BUCKET, key: phone, at: now });
  await tx
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, WRONG_CODE_BUCKET),
        eq(rateLimitHits.key, phone),
        lte(rateLimitHits.at, new Date(now.getTime() - WRONG_CODE_BACKOFF.windowMs)),
      ),
    );
}

/** The text for a code: readable, then the origin-bound line so phones can fill it in. */
export function signInText(intro: string, host: string, code: string): string {
  return `${intro}\n\n@${host} #${code}`;
}

/** For tests: how many wrong tries the attempt has. */
export async function failedTriesOf(attemptId: string) {
  const [row] = await db()
    .select({ n: sql<number>`${loginAttempts.failedTries}` })
    .from(loginAttempts)
    .where(eq(loginAttempts.id, attemptId));
  return row?.n ?? null;
}
