/**
 * A short shared memory of what every viewer of the leaderboard sees alike: the top of a
 * board, the list of contests. An entry is at most SHARED_BOARD_TTL_MS old, and this
 * process forgets every entry once a score write commits (awardScore, recomputeScores call
 * forgetSharedBoards through afterCommit); a read still under way then is dropped too.
 * Requests that miss at the same moment share one read. See
 * docs/decisions/0405-leaderboard-shared-top.md for why this is safe on several instances.
 */
import { keep } from "~/platform/cache";

export const SHARED_BOARD_TTL_MS = 1000;
/** Boards × weeks × pages people actually open; older keys leave first. */
const SHARED_BOARD_MAX = 64;

/** Keyed by what the caller reads: the board, its week and page (`weekly:2026-11-23:1`), or "contests". */
const boards = keep<string, unknown>({ max: SHARED_BOARD_MAX, ttlMs: SHARED_BOARD_TTL_MS });

/** Forget every shared board (once a score write has committed). */
export function forgetSharedBoards() {
  boards.forget();
}

/** `read()`'s answer, shared with every request for `key` within the TTL. */
export function sharedBoard<T>(key: string, read: () => Promise<T>): Promise<T> {
  return boards.get(key, read) as Promise<T>;
}
