/**
 * An area's answers are never kept by a browser or a proxy (the staff area shows senders and
 * phone numbers; the API's answers are a caller's own): the middleware of the area's layout
 * route marks its answers `Cache-Control: no-store`. It runs after the page is drawn, so it
 * overrides the pages' default (entry.server.tsx's "private, no-cache"); with `unlessSaid`
 * it leaves an answer whose route said how it may be kept (the API's published documents:
 * /api/openapi.json, /api/locales/…).
 */
import type { MiddlewareFunction } from "react-router";

export function noStore(options: { unlessSaid?: boolean } = {}): MiddlewareFunction<Response> {
  return async (_, next) => {
    const response = await next();
    if (options.unlessSaid && response.headers.has("Cache-Control")) return response;
    try {
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch {
      // A response whose headers cannot change (Response.redirect's): the same answer, marked.
      const marked = new Response(response.body, response);
      marked.headers.set("Cache-Control", "no-store");
      return marked;
    }
  };
}
