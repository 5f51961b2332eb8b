/**
 * Pages, actions and JSON calls while the database is away (docs/decisions/0510): 503 with
 * Retry-After and the catalogue's RESOURCES_UNAVAILABLE entry, one log line a request, and
 * nothing to restart once it answers again.
 *
 * React Router catches what a loader or action throws and hands it to `handleError` (in
 * entry.server.tsx), which calls `noteDatabaseAway`; `next()` then returns the page it drew
 * with the error. `answerDatabaseAway`, around `next()`, turns that into the catalogue's
 * answer: a page (or a page's data) is drawn again with a 503 route error, a JSON caller
 * gets the envelope, anything else a line of text.
 */
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { databaseUnavailableReason } from "./db/unavailable.server";
import { errorCatalogue } from "./errors";
import { getInstance } from "./i18n.server";
import { log } from "./log.server";
import { wantsJson } from "./respond.server";

/** How long a client is asked to wait before trying again (a restart or a failover). */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5;

/** Per request: whether the database was found away (and the failure logged). */
const databaseAwayContext = createContext<{ away: boolean } | null>(null);

/**
 * Called by `handleError` for every error React Router caught. True when it was the
 * database being away: the request is marked, and one line is logged for it (however many
 * of its loaders failed), without a stack.
 */
export function noteDatabaseAway(
  error: unknown,
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
): boolean {
  const reason = databaseUnavailableReason(error);
  if (reason === null) return false;
  let mark: { away: boolean } | null = null;
  try {
    mark = context?.get(databaseAwayContext) ?? null;
  } catch {
    mark = null;
  }
  if (mark?.away) return true;
  if (mark) mark.away = true;
  log.warn("database unavailable", { method: request.method, path: new URL(request.url).pathname, reason });
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
  const response = await next();
  if (!mark.away) return response;
  const error = unavailableText(context);
  const envelope = { ok: false as const, type: "RESOURCES_UNAVAILABLE" as const, error };
  if (wantsJson(request)) return Response.json(envelope, { status: 503, headers: retryAfter });
  const page =
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") || new URL(request.url).pathname.endsWith(".data");
  // A page, or its data: drawn again by the root's error boundary, as the catalogue's entry.
  if (page) throw data(envelope, { status: 503, statusText: "Service Unavailable", headers: retryAfter });
  // Any other resource (an image, a plain form post to a resource route): a line of text.
  return new Response(error, { status: 503, headers: { ...retryAfter, "Content-Type": "text/plain; charset=utf-8" } });
};
