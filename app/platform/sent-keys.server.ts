/**
 * Keys that make a resend harmless. A post a phone kept while offline (a treasure claim, a
 * guess) carries a random key of its own; the first arrival is answered and its answer kept
 * under the key, and any later arrival of the same key gets that answer again without doing
 * anything twice. Keys are the member's own: another member's key is another key.
 */
import { createHash } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "./db/db.server";
import { sentKeys } from "./db/schema";
import type { Queryable } from "./db/transaction.server";

/** What a browser may send as a key (a UUID fits). */
export const SENT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const stored = (memberId: number, key: string) => `${memberId}:${key}`;

/**
 * The key a post is remembered by: the browser's key and what the post says. A form sent
 * again as it was (a double press, a resend) is the same post; the same form sent with
 * other words (a refused code corrected and sent again) is a new one.
 */
export function postKey(key: string | undefined, content: string): string | undefined {
  if (!key) return undefined;
  return `${key}.${createHash("sha256").update(content).digest("base64url").slice(0, 22)}`;
}

/** The answer an earlier arrival of this key got, or null. */
export async function answerOfKey<T>(memberId: number, key: string | undefined, on: Queryable = db()): Promise<T | null> {
  if (!key) return null;
  const [row] = await on
    .select({ answer: sentKeys.answer })
    .from(sentKeys)
    .where(and(eq(sentKeys.key, stored(memberId, key)), isNotNull(sentKeys.answer)));
  return (row?.answer as T | undefined) ?? null;
}

/**
 * Takes the key inside the caller's transaction, before the work: a second arrival racing
 * the first waits here (PostgreSQL holds it at the unique key) and then finds the answer.
 * Returns the earlier answer when there is one, else null (go on, then `keepAnswer`).
 */
export async function takeKey<T>(tx: Queryable, memberId: number, key: string | undefined, kind: string): Promise<T | null> {
  if (!key) return null;
  const [taken] = await tx.insert(sentKeys).values({ key: stored(memberId, key), memberId, kind }).onConflictDoNothing().returning({ key: sentKeys.key });
  if (taken) return null;
  return answerOfKey<T>(memberId, key, tx);
}

/** Keeps the answer a key got (in the same transaction as the work, when there is one). */
export async function keepAnswer(on: Queryable, memberId: number, key: string | undefined, kind: string, answer: unknown) {
  if (!key) return;
  await on
    .insert(sentKeys)
    .values({ key: stored(memberId, key), memberId, kind, answer: answer as Record<string, unknown> })
    .onConflictDoUpdate({ target: sentKeys.key, set: { answer: answer as Record<string, unknown> } });
}
