/**
 * A short shared memory of what every viewer of the leaderboard sees alike — the top of a
 * board, the list of contests. An entry is at most SHARED_BOARD_TTL_MS old, and this
 * process forgets every entry whenever it writes a score (awardScore, recomputeScores).
 * Requests that miss at the same moment share one read. See
 * docs/decisions/0405-leaderboard-shared-top.md for why this is safe on several instances.
 */
import { db, type Database } from "~/platform/db/db.server";

export const SHARED_BOARD_TTL_MS = 1000;
/** Boards × weeks × pages people actually open; older keys leave first. */
const SHARED_BOARD_MAX = 64;

interface Entry {
  generation: number;
  until: number;
  value: Promise<unknown>;
}

/** Bumped by every score write in this process: entries of an older generation are misses. */
let generation = 0;
/** Per database connection (tests open one per file). */
const entries = new WeakMap<Database, Map<string, Entry>>();

/** Forget every shared board (called where scores are written). */
export function forgetSharedBoards() {
  generation += 1;
}

/** `read()`'s answer, shared with every request for `key` within the TTL. */
export function sharedBoard<T>(key: string, read: () => Promise<T>, now = performance.now()): Promise<T> {
  const database = db();
  let cache = entries.get(database);
  if (!cache) entries.set(database, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.until > now) return hit.value as Promise<T>;
  // Stamped before the read starts: a score written while it runs makes it a miss at once.
  const entry: Entry = { generation, until: now + SHARED_BOARD_TTL_MS, value: read() };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > SHARED_BOARD_MAX) cache.delete(cache.keys().next().value!);
  const forget = cache;
  entry.value.catch(() => {
    if (forget.get(key) === entry) forget.delete(key);
  });
  return entry.value as Promise<T>;
}
