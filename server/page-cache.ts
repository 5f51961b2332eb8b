/**
 * A one-second memory of public pages as visitors see them (docs/decisions/0020).
 *
 * A route may say that its page, for a signed-out visitor, is the same for every visitor
 * with the same language, theme and cookie answer (`handle.pageCache`: home, about,
 * sign-in, the newsfeed). When an invite goes out or an event starts, many visitors arrive
 * at once, and rendering the same page for each of them is most of what serving them costs.
 * This keeps the rendered HTML for `ttlMs` and serves it again with the request's own CSP
 * nonce.
 *
 * What is never shared:
 * - anything for a request carrying a cookie other than the presentation ones (language,
 *   theme, cookie answer): members, flashed notices, toasts and session hints render fresh;
 * - a response that sets a cookie, is not a 200 HTML page, or is larger than `maxBytes`;
 * - addresses `pageOf` does not call a visitor's page, and query parameters it does not name;
 * - a request that asks for a fresh page (`Cache-Control: no-cache`, as a hard reload sends).
 * Any form post to this process forgets every page at once, when it arrives and when it is
 * answered, and a page rendered while a post was under way is not kept; so a change made
 * here shows on the next view, and one made on another instance within `ttlMs`.
 */
import type { NextFunction, Request, Response } from "express";
import type { VisitorPage } from "./visitor-pages";

export interface PageCacheOptions {
  /** How long a page is served again, in milliseconds; 0 turns the cache off. */
  ttlMs: number;
  /** Whether an address is a visitors' page (server/visitor-pages.ts), with the query parameters it reads. */
  pageOf: (path: string) => VisitorPage | null;
  /** Cookies that only change presentation and so may be part of the key. */
  shareableCookies: ReadonlySet<string>;
  maxEntries?: number;
  maxBytes?: number;
  /** The nonce this request's CSP allows (set by the security headers before this). */
  nonceOf: (res: Response) => string;
}

interface Page {
  storedAt: number;
  html: string;
  nonce: string;
  headers: [string, string][];
}

/** Headers of a page worth sending again; the rest are per response (CSP, Date, encoding, …). */
const REPLAYED = ["content-type", "content-language", "cache-control", "link"];

export function publicPageCache(options: PageCacheOptions) {
  const { ttlMs, pageOf, shareableCookies, nonceOf } = options;
  const maxEntries = options.maxEntries ?? 64;
  const maxBytes = options.maxBytes ?? 512 * 1024;
  const pages = new Map<string, Page>();
  // Bumped by every post; a page rendered while one was under way is not kept.
  let generation = 0;
  const forgetAll = () => {
    generation++;
    pages.clear();
  };

  function keyOf(req: Request): string | null {
    if (req.method !== "GET") return null;
    // A hard reload (or `curl -H "Cache-Control: no-cache"`) asks for a page rendered now.
    if (/no-cache|no-store/i.test(req.get("cache-control") ?? "") || /no-cache/i.test(req.get("pragma") ?? "")) {
      return null;
    }
    const cookies: string[] = [];
    for (const part of (req.headers.cookie ?? "").split(";")) {
      const pair = part.trim();
      if (!pair) continue;
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!shareableCookies.has(name)) return null;
      cookies.push(pair);
    }
    cookies.sort();
    // The host and protocol too: a page may name its own origin.
    return [
      req.protocol,
      req.get("host") ?? "",
      req.originalUrl,
      req.get("accept-language") ?? "",
      cookies.join("; "),
    ].join("\n");
  }

  /**
   * Whether this address is a visitors' page whose query it reads. Asked only when no page is
   * kept for the request: a page is kept only for an address that was one.
   */
  function isVisitorPage(req: Request): boolean {
    const page = pageOf(req.path);
    if (!page) return false;
    const query = req.originalUrl.indexOf("?");
    if (query === -1) return true;
    for (const name of new URLSearchParams(req.originalUrl.slice(query + 1)).keys()) {
      if (!page.query.has(name)) return false;
    }
    return true;
  }

  function remember(key: string, page: Page) {
    pages.delete(key);
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  }

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    if (ttlMs <= 0) return next();
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      // A post may change what pages show: forget them now and once it is over (answered,
      // or cut off by the client: "close" comes either way).
      forgetAll();
      res.on("close", forgetAll);
      return next();
    }
    const key = keyOf(req);
    if (key === null) return next();

    const page = pages.get(key);
    if (page && Date.now() - page.storedAt < ttlMs) {
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).end(page.html.replaceAll(page.nonce, nonceOf(res)));
      return;
    }
    if (page) pages.delete(key);
    if (!isVisitorPage(req)) return next();

    // Render as usual, and keep a copy of what was sent.
    const startedIn = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (size > maxBytes || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.setHeader("X-Page-Cache", "miss");
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const nonce = nonceOf(res);
      const storable =
        startedIn === generation &&
        nonce !== "" &&
        res.statusCode === 200 &&
        size <= maxBytes &&
        !res.hasHeader("set-cookie") &&
        /^text\/html/i.test(String(res.getHeader("content-type") ?? ""));
      if (storable) {
        const headers: [string, string][] = [];
        for (const name of REPLAYED) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        remember(key, { storedAt: Date.now(), html: Buffer.concat(chunks).toString("utf8"), nonce, headers });
      }
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    next();
  };
}
