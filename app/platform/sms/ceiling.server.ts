/**
 * The instance's ceiling on texts (SMS_DAILY_LIMIT, decision 1160): at most that many texts
 * in any 24 hours, whoever asks for them. The per-number and per-network limits stop one
 * person; they do not stop many numbers asked for from many addresses (SMS pumping), and
 * every text is billed. The count lives in the database (rate_limit_hits), so every worker
 * and every instance sharing it counts against the same ceiling.
 *
 * A sender puts `textCeiling()` among the limits it consumes for a text (all or nothing, so
 * a text refused for the ceiling costs the member none of their own limits), then calls
 * `textCounted()` once the place is taken: the log is told once when 80 % is used, and once
 * when the ceiling refuses, not at every send.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { db } from "../db/db.server";
import { rateLimitHits } from "../db/schema";
import { env } from "../env.server";
import { log } from "../log.server";
import { hitRateLimit, type BucketLimit } from "../rate-limit.server";

export const TEXT_CEILING = {
  /** The window the ceiling counts over: any 24 hours, not a calendar day. */
  windowMs: 24 * 60 * 60_000,
  /** The share of the ceiling at which the log is warned. */
  warnAt: 0.8,
} as const;

/** Where sent texts are counted; one key for the whole instance. */
export const TEXT_CEILING_BUCKET = "sms-ceiling";
const INSTANCE = "all";
/** Markers that say the log was told, so it is told once a window across every instance. */
const WARNED_BUCKET = "sms-ceiling-warned";
const REACHED_BUCKET = "sms-ceiling-reached";
const ONCE = { limit: 1, windowMs: TEXT_CEILING.windowMs };

/** The ceiling as one of the limits a text consumes. */
export function textCeiling(limit = env().SMS_DAILY_LIMIT): BucketLimit {
  return { bucket: TEXT_CEILING_BUCKET, key: INSTANCE, limit, windowMs: TEXT_CEILING.windowMs };
}

/** Texts counted in the window ending now. */
export async function textsInWindow(now = new Date()): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, TEXT_CEILING_BUCKET), eq(rateLimitHits.key, INSTANCE), gt(rateLimitHits.at, new Date(now.getTime() - TEXT_CEILING.windowMs))));
  return row?.n ?? 0;
}

/** After a text took its place: one warning line when the window reaches 80 % of the ceiling. */
export async function textCounted(limit = env().SMS_DAILY_LIMIT, now = new Date()) {
  const sent = await textsInWindow(now);
  if (sent < Math.ceil(limit * TEXT_CEILING.warnAt)) return;
  // Whichever instance takes the marker first tells the log; the others say nothing.
  if (!(await hitRateLimit(WARNED_BUCKET, INSTANCE, ONCE, now)).allowed) return;
  log.warn("texts: 80 % of the daily ceiling used", { sent, limit, variable: "SMS_DAILY_LIMIT" });
}

/** A text refused for the ceiling: one error line a window, with when a place frees. */
export async function textRefusedByCeiling(retryAfterSeconds: number, limit = env().SMS_DAILY_LIMIT, now = new Date()) {
  if (!(await hitRateLimit(REACHED_BUCKET, INSTANCE, ONCE, now)).allowed) return;
  log.error("texts: the daily ceiling is reached; sign-in codes are refused until a place frees", {
    limit,
    variable: "SMS_DAILY_LIMIT",
    retryAfterSeconds,
  });
}
