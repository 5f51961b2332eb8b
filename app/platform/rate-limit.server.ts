/**
 * Sliding-window rate limits counted in the database (rate_limit_hits), so every app
 * instance sees the same counts and a restart forgets nothing.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { db } from "./db/db.server";
import { rateLimitHits } from "./db/schema";

export interface RateLimit {
  /** How many hits the window allows. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the window after this one (0 when refused). */
  remaining: number;
  /** When refused: seconds until the oldest counted hit leaves the window. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for (bucket, key) and says whether it is allowed. The hit is written
 * first and counted after, so two racing requests at the edge are both refused rather
 * than both allowed; a refused hit is taken back.
 */
export async function hitRateLimit(
  bucket: string,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const since = new Date(now.getTime() - windowMs);
  const [mine] = await db()
    .insert(rateLimitHits)
    .values({ bucket, key, at: now })
    .returning({ id: rateLimitHits.id });
  const [counted] = await db()
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${rateLimitHits.at})`,
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
  const n = counted?.n ?? 1;
  // Hits that left the window are never counted again.
  await db()
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), lte(rateLimitHits.at, since)));
  if (n <= limit) return { allowed: true, remaining: limit - n, retryAfterSeconds: 0 };

  await db().delete(rateLimitHits).where(eq(rateLimitHits.id, mine!.id));
  const oldest = counted?.oldest ? new Date(counted.oldest).getTime() : now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
  return { allowed: false, remaining: 0, retryAfterSeconds };
}
