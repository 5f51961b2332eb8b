/**
 * A route's promise that its page, as a signed-out visitor gets it, is the same for every
 * visitor with the same language, theme and cookie answer: `handle.pageCache`. The server
 * may then serve such a page again for a moment (server/page-cache.ts, decisions 0020 and
 * 0520). The route says it, not a list of paths elsewhere.
 */
export interface VisitorPageCache {
  visitors: true;
  /** The query parameters the page reads; each value is part of what is kept. Any other makes a request its own. */
  query?: readonly string[];
}

/** A route's handle, as far as the visitors' page cache reads it (it may say other things too). */
export interface PageCacheHandle {
  pageCache?: VisitorPageCache;
  [other: string]: unknown;
}

/** The page cache promise a route's handle makes, if any. */
export function pageCacheOf(handle: unknown): VisitorPageCache | null {
  const promise = (handle as PageCacheHandle | null | undefined)?.pageCache;
  return promise?.visitors === true ? promise : null;
}
