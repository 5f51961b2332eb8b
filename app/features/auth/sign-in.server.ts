/**
 * Phone sign-in (the spec's steps 1–4): send a code to a number, then trade the right
 * code for a session. Accounts are created on the first successful verification, and
 * nothing a visitor sees depends on whether a number already has one.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { loginAttempts, members, type Member } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { clientNetworkKey, consumeRateLimits, forgetHits, type BucketLimit } from "~/platform/rate-limit.server";
import { sms, SmsDeliveryError } from "~/platform/sms/sms.server";
import { CODE_TTL_MS, codeMatches, generateCode, hashCode, MAX_FAILED_TRIES, newAttemptId } from "./codes.server";
import { isMemberSuspended } from "~/features/staff/suspensions.server";
import { toE164 } from "./phone";
import { endSession, startSession } from "./sessions.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The send limits. */
/** The number's one-code-a-minute wait: forgiven by a failed verification (verifyPhoneCode). */
const PHONE_MINUTE_BUCKET = "sms-phone-minute";

export const SEND_LIMITS = {
  perPhonePerMinute: { limit: 1, windowMs: MINUTE },
  perPhonePerHour: { limit: 5, windowMs: HOUR },
  perNetworkPerHour: { limit: 10, windowMs: HOUR },
} as const;

/** A resend keeps using the number's attempt (and its failure count) for this long. */
const ATTEMPT_REUSE_MS = HOUR;

export type StartResult =
  | { status: "sent"; attemptId: string; phone: string; sentAt: Date }
  | { status: "invalid-phone" }
  | { status: "rate-limited"; retryAfterSeconds: number }
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

/** Step 1: validate the number, apply the send limits, text a fresh code. */
export async function startPhoneSignIn(input: StartInput): Promise<StartResult> {
  const now = input.now ?? new Date();
  const checked = toE164(input.phone, input.allowedCallingCodes);
  if (!checked.ok) return { status: "invalid-phone" };
  const phone = checked.phone;

  if (input.honeypot?.trim()) {
    // A bot: send nothing, store nothing, answer exactly like a send.
    log.info("sign-in honeypot filled");
    return { status: "sent", attemptId: newAttemptId(), phone, sentAt: now };
  }

  const limits: BucketLimit[] = [
    { bucket: PHONE_MINUTE_BUCKET, key: phone, ...SEND_LIMITS.perPhonePerMinute },
    { bucket: "sms-phone-hour", key: phone, ...SEND_LIMITS.perPhonePerHour },
    { bucket: "sms-network-hour", key: clientNetworkKey(input.clientIp), ...SEND_LIMITS.perNetworkPerHour },
  ];
  const limited = await consumeRateLimits(limits, now);
  if (!limited.allowed) {
    log.info("sign-in code refused by rate limit", { bucket: limited.bucket });
    return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }

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
  return { status: "sent", attemptId, phone, sentAt: now };
}

export type VerifyResult =
  | { status: "signed-in"; member: Member; sid: string; isNew: boolean }
  | { status: "wrong-code"; triesLeft: number }
  | { status: "burnt" }
  | { status: "expired" }
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
    if (!attempt || attempt.usedAt) return { status: "expired" } as const;
    // A failed verification resets the resend countdown (the spec), so the number's
    // one-code-a-minute wait is forgiven: 'Send another code' works at once. The hourly
    // limits still count every send, and five wrong codes still burn the attempt.
    const forgiveTheMinute = () => forgetHits(PHONE_MINUTE_BUCKET, attempt.phone, tx);
    if (attempt.burntAt) {
      await forgiveTheMinute();
      return { status: "burnt" } as const;
    }
    if (attempt.expiresAt.getTime() <= now.getTime()) {
      await forgiveTheMinute();
      return { status: "expired" } as const;
    }

    if (!codeMatches(attempt.id, input.code, attempt.codeHash)) {
      const tries = attempt.failedTries + 1;
      await tx
        .update(loginAttempts)
        .set({ failedTries: tries, ...(tries >= MAX_FAILED_TRIES ? { burntAt: now } : {}) })
        .where(eq(loginAttempts.id, attempt.id));
      await forgiveTheMinute();
      return tries >= MAX_FAILED_TRIES
        ? ({ status: "burnt" } as const)
        : ({ status: "wrong-code", triesLeft: MAX_FAILED_TRIES - tries } as const);
    }

    await tx.update(loginAttempts).set({ usedAt: now }).where(eq(loginAttempts.id, attempt.id));
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
  if (outcome.status !== "ok") return outcome;

  if (input.previousSid) await endSession(input.previousSid);
  const sid = await startSession(
    outcome.member.id,
    { fingerprint: input.fingerprint, userAgent: input.userAgent },
    now,
  );
  log.info("member signed in", { memberId: outcome.member.id, newMember: outcome.isNew });
  return { status: "signed-in", member: outcome.member, sid, isNew: outcome.isNew };
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
