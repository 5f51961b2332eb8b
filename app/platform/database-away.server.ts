/**
 * Pages, actions and JSON calls while the database is away (docs/decisions/1146): 503
 * with Retry-After and the catalogue's RESOURCES_UNAVAILABLE entry, one log line when the
 * database goes and one when it is back (not one a request), and nothing to restart once
 * it answers again.
 *
 * React Router catches what a middleware, loader or action throws and hands it to
 * `handleError` (in entry.server.tsx), which calls `noteDatabaseAway`; `next()` then returns
 * the page it drew with the error. `answerDatabaseAway`, around `next()`, turns that into
 * the catalogue's answer: a page (or a page's data) is drawn again with a 503 route error, a
 * JSON caller gets the envelope, anything else a line of text. It runs before any root
 * middleware that reads the database (the chain in app/middleware.server.ts), and after
 * the language is known, so the answer is in the reader's language.
 */
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { noteDatabaseFailure } from "./db/outage.server";
import { errorCatalogue, type RefusalEnvelope } from "./errors";
import { getInstance } from "./i18n.server";
import { jsonRefusal, wantsJson } from "./respond.server";

/** How long a client is asked to wait before trying again (a restart or a failover). */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5;

/** Per request: whether the database was found away (and the failure logged). */
const databaseAwayContext = createContext<{ away: boolean } | null>(null);

/**
 * Called by `handleError` for every error React Router caught. True when it was the
 * database being away: the request is marked, and the outage noted (logged once for all the
 * requests it fails, with where it was first seen), without a stack.
 */
export function noteDatabaseAway(
  error: unknown,
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
): boolean {
  if (!noteDatabaseFailure(error, { method: request.method, path: new URL(request.url).pathname })) return false;
  let mark: { away: boolean } | null = null;
  try {
    mark = context?.get(databaseAwayContext) ?? null;
  } catch {
    mark = null;
  }
  if (mark) mark.away = true;
  return true;
}

/** The catalogue's RESOURCES_UNAVAILABLE message, in the reader's language when it is known. */
function unavailableText(context: Readonly<RouterContextProvider>): string {
  try {
    return getInstance(context).t("errors:types.RESOURCES_UNAVAILABLE.message");
  } catch {
    return errorCatalogue.RESOURCES_UNAVAILABLE.message;
  }
}

const API_PATH = /^\/api(?:\/|$)/;

const retryAfter = { "Retry-After": String(DATABASE_AWAY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };

/**
 * Every 503 says when to come back. Outermost, so it sees the page drawn again after
 * `answerDatabaseAway` threw.
 */
export const sayWhenToComeBack: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    for (const [name, value] of Object.entries(retryAfter)) response.headers.set(name, value);
  }
  return response;
};

export const answerDatabaseAway: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const mark = { away: false };
  (context as RouterContextProvider).set(databaseAwayContext, mark);
  let response: Response | null = null;
  try {
    response = await next();
  } catch (error) {
    // What a middleware after this one throws on the way to a resource route (an event
    // stream, a JSON call…) comes back here instead of being drawn: React Router hands
    // it to `handleError` only once it has left every middleware, as a 500.
    if (!noteDatabaseAway(error, request, context)) throw error;
  }
  if (response && !mark.away) return response;
  const error = unavailableText(context);
  const envelope: RefusalEnvelope = { success: false, type: "RESOURCES_UNAVAILABLE", message: error };
  // The JSON API answers in its own envelope (decision 0808), whatever failed on the way.
  if (API_PATH.test(new URL(request.url).pathname)) {
    const refusal = jsonRefusal(503, error, { retryAfter: DATABASE_AWAY_RETRY_AFTER_SECONDS, headers: { "Cache-Control": "no-store" } });
    return Response.json(refusal.data, refusal.init ?? undefined);
  }
  if (wantsJson(request)) return Response.json(envelope, { status: 503, headers: retryAfter });
  const page =
    response !== null &&
    ((response.headers.get("Content-Type") ?? "").startsWith("text/html") || new URL(request.url).pathname.endsWith(".data"));
  // A page, or its data: drawn again by the root's error boundary, as the catalogue's entry.
  if (page) throw data(envelope, { status: 503, statusText: "Service Unavailable", headers: retryAfter });
  // Any other resource (an image, a plain form post to a resource route): a line of text.
  return new Response(error, { status: 503, headers: { ...retryAfter, "Content-Type": "text/plain; charset=utf-8" } });
};
