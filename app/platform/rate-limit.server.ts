/**
 * Sliding-window rate limits kept in the database (rate_limit_hits), so every app
 * instance behind the proxy shares them and a restart forgets nothing.
 *
 * - `hitRateLimit(bucket, key, limit)`: one limit, counted and answered (chat, brain).
 * - `consumeRateLimits([...])`: several limits that must all have room before any is
 *   counted (a sign-in code counts against the number and the client's network at once).
 */
import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import { db, type Database } from "./db/db.server";
import { rateLimitHits } from "./db/schema";

export interface RateLimit {
  /** How many hits the window allows. */
  limit: number;
  windowMs: number;
}

/** One limit, counted and answered: the single-bucket form of `consumeRateLimits`. */
export async function hitRateLimit(
  bucket: string,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await consumeRateLimits([{ bucket, key, ...limit }], now);
  return result.allowed ? { allowed: true, retryAfterSeconds: 0 } : result;
}

export interface BucketLimit extends RateLimit {
  /** What is counted, e.g. "sms-phone-hour". */
  bucket: string;
  /** Who it is counted for, e.g. the phone number or the client's network. */
  key: string;
}

export type ConsumeResult =
  | { allowed: true }
  | {
      allowed: false;
      /** Seconds until the oldest counted hit leaves the window (at least 1). */
      retryAfterSeconds: number;
      /** The bucket that refused (the one that frees up last). */
      bucket: string;
    };

/**
 * Checks every limit and, when all have room, records one hit in each — atomically:
 * the keys are locked for the transaction, so concurrent requests cannot both take
 * the last place.
 */
export async function consumeRateLimits(
  limits: BucketLimit[],
  now = new Date(),
): Promise<ConsumeResult> {
  const ordered = [...limits].sort((a, b) =>
    `${a.bucket}\u001f${a.key}`.localeCompare(`${b.bucket}\u001f${b.key}`),
  );
  return db().transaction(async (tx) => {
    for (const l of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${l.bucket}\u001f${l.key}`}, 0))`);
    }
    let refusal: Extract<ConsumeResult, { allowed: false }> | null = null;
    for (const l of ordered) {
      const since = new Date(now.getTime() - l.windowMs);
      const inWindow = and(eq(rateLimitHits.bucket, l.bucket), eq(rateLimitHits.key, l.key), gt(rateLimitHits.at, since));
      const [row] = await tx.select({ n: count() }).from(rateLimitHits).where(inWindow);
      const used = row?.n ?? 0;
      if (used < l.limit) continue;
      // The window frees a place when the hit `limit` places from the newest leaves it.
      const hits = await tx
        .select({ at: rateLimitHits.at })
        .from(rateLimitHits)
        .where(inWindow)
        .orderBy(asc(rateLimitHits.at))
        .limit(used - l.limit + 1);
      const freedAt = (hits.at(-1)?.at ?? now).getTime() + l.windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) {
        refusal = { allowed: false, retryAfterSeconds, bucket: l.bucket };
      }
    }
    if (refusal) return refusal;
    await tx.insert(rateLimitHits).values(ordered.map((l) => ({ bucket: l.bucket, key: l.key, at: now })));
    // Hits older than the window never count again: sweep this key's.
    for (const l of ordered) {
      await tx
        .delete(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, l.bucket),
            eq(rateLimitHits.key, l.key),
            lte(rateLimitHits.at, new Date(now.getTime() - l.windowMs)),
          ),
        );
    }
    return { allowed: true } as const;
  });
}

/**
 * Forgets a key's counted hits in one bucket: a wait the rules forgive (a failed sign-in
 * code forgives the number's one-code-a-minute wait). Runs in the caller's transaction.
 */
export async function forgetHits(bucket: string, key: string, on: Pick<Database, "delete"> = db()) {
  await on.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
}

/**
 * The key a client address is counted under. IPv6 clients usually hold a whole /56 (or
 * /64) and can hop between its addresses, so they are counted per /56.
 */
export function clientNetworkKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  // 56 bits = three full groups and the high byte of the fourth.
  const fourth = (parseInt(groups[3]!, 16) & 0xff00).toString(16);
  return `${groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16)).join(":")}:${fourth}::/56`;
}

function expandIpv6(address: string): string[] | null {
  let text = address;
  // An embedded IPv4 tail (::1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 && missing !== 0) return null;
  if (missing < 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups;
}

/**
 * Seconds until `bucket`/`key` has room again under `limit` (0 when it has room now),
 * counting nothing: for a limit counted only on failures (wrong treasure codes), asked
 * before every try.
 */
export async function waitForRoom(bucket: string, key: string, limit: RateLimit, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs);
  const inWindow = and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, since));
  const [row] = await db().select({ n: count() }).from(rateLimitHits).where(inWindow);
  const used = row?.n ?? 0;
  if (used < limit.limit) return 0;
  const hits = await db()
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(inWindow)
    .orderBy(asc(rateLimitHits.at))
    .limit(used - limit.limit + 1);
  const freedAt = (hits.at(-1)?.at ?? now).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
}
