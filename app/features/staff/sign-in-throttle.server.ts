/**
 * Staff sign-in throttling that slows down rather than locks out. Every try counts, per
 * username (as typed, existing or not) and per client network, for an hour. The first few
 * tries of the hour are free; after them each further try must wait a delay that doubles
 * with every try, up to a ceiling. Someone guessing passwords gets a handful an hour; the
 * real owner of a username under attack waits at most the ceiling, never forever.
 *
 * Tries are counted before the password is checked (in one locked step), so a burst of
 * parallel guesses is counted as a burst; a successful sign-in forgets its username's tries
 * and its own try from the network's count.
 */
import { and, count, eq, gt, inArray, lte, max, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { rateLimitHits } from "~/platform/db/schema";
import { clientNetworkKey } from "~/platform/rate-limit.server";

export interface ThrottleRule {
  /** Tries an hour that never wait. */
  freeTries: number;
  /** The wait after the first try beyond the free ones; it doubles with each next try. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const STAFF_SIGN_IN_THROTTLE = {
  windowMs: 60 * 60_000,
  perUsername: { freeTries: 5, firstDelayMs: 2_000, maxDelayMs: 5 * 60_000 },
  perNetwork: { freeTries: 30, firstDelayMs: 2_000, maxDelayMs: 5 * 60_000 },
} as const satisfies { windowMs: number; perUsername: ThrottleRule; perNetwork: ThrottleRule };

const USERNAME_BUCKET = "staff-sign-in-username";
const NETWORK_BUCKET = "staff-sign-in-network";

/** The wait after `tries` counted tries, the last at `lastAt`: 0 while within the free tries. */
export function waitAfter(rule: ThrottleRule, tries: number, lastAt: number, now: number): number {
  if (tries < rule.freeTries) return 0;
  const doublings = Math.min(tries - rule.freeTries, 30);
  const delay = Math.min(rule.firstDelayMs * 2 ** doublings, rule.maxDelayMs);
  return Math.max(0, lastAt + delay - now);
}

export type ThrottleAnswer =
  | { allowed: true; /** Ids of the counted tries, to forgive on success. */ tryIds: { username: number; network: number } }
  | { allowed: false; retryAfterSeconds: number };

/** Counts a sign-in try for `username` from `clientIp`, or says how long to wait first. */
export async function countSignInTry(username: string, clientIp: string, now = new Date()): Promise<ThrottleAnswer> {
  const keys = [
    { bucket: USERNAME_BUCKET, key: username.trim().toLowerCase(), rule: STAFF_SIGN_IN_THROTTLE.perUsername },
    { bucket: NETWORK_BUCKET, key: clientNetworkKey(clientIp), rule: STAFF_SIGN_IN_THROTTLE.perNetwork },
  ];
  const since = new Date(now.getTime() - STAFF_SIGN_IN_THROTTLE.windowMs);
  return db().transaction(async (tx) => {
    for (const k of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${k.bucket}\u001f${k.key}`}, 0))`);
    }
    let wait = 0;
    for (const k of keys) {
      const [row] = await tx
        .select({ tries: count(), lastAt: max(rateLimitHits.at) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, k.bucket), eq(rateLimitHits.key, k.key), gt(rateLimitHits.at, since)));
      const lastAt = row?.lastAt ? new Date(row.lastAt).getTime() : 0;
      wait = Math.max(wait, waitAfter(k.rule, row?.tries ?? 0, lastAt, now.getTime()));
    }
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) } as const;
    const inserted = await tx
      .insert(rateLimitHits)
      .values(keys.map((k) => ({ bucket: k.bucket, key: k.key, at: now })))
      .returning({ id: rateLimitHits.id, bucket: rateLimitHits.bucket });
    // Tries older than the window never count again.
    for (const k of keys) {
      await tx
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, k.bucket), eq(rateLimitHits.key, k.key), lte(rateLimitHits.at, since)));
    }
    const idOf = (bucket: string) => inserted.find((r) => r.bucket === bucket)!.id;
    return { allowed: true, tryIds: { username: idOf(USERNAME_BUCKET), network: idOf(NETWORK_BUCKET) } } as const;
  });
}

/** A successful sign-in: the username's tries are forgiven, and this try leaves the network's count. */
export async function forgiveSignInTries(username: string, tryIds: { network: number }) {
  await db()
    .delete(rateLimitHits)
    .where(
      sql`(${rateLimitHits.bucket} = ${USERNAME_BUCKET} and ${rateLimitHits.key} = ${username.trim().toLowerCase()}) or ${inArray(rateLimitHits.id, [tryIds.network])}`,
    );
}
