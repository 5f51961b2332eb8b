/**
 * An area's answers are never kept by a browser or a proxy (the staff area shows senders and
 * phone numbers; the API's answers are a member's own): the middleware of the area's layout
 * route marks every answer `Cache-Control: no-store`, unless a route below said how it may
 * be kept (the API's published documents: /api/openapi.json, /api/locales/…).
 */
import type { MiddlewareFunction } from "react-router";

export const noStore: MiddlewareFunction<Response> = async (_, next) => {
  const response = await next();
  if (response.headers.has("Cache-Control")) return response;
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
