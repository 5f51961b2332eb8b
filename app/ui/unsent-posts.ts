import { useEffect } from "react";
import { data, isRouteErrorResponse, useMatches, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { showToast } from "./toaster";
import { browserTranslations } from "~/platform/browser-translations";

/** What an action answers in the browser when its post never got an answer from Glow. */
export interface UnsentPost {
  unsent: true;
}

export function isUnsentPost(value: unknown): value is UnsentPost {
  return typeof value === "object" && value !== null && (value as { unsent?: unknown }).unsent === true;
}

/**
 * Whether a post failed without an answer from Glow: the fetch threw (offline, aborted,
 * the server down) or what came back could not be read (a proxy's error page). A refusal
 * the server sent on purpose arrives as a route error response, and a redirect as a
 * Response: both go on as they are.
 */
function lostOnTheWay(result: DataStrategyResult) {
  if (result.type !== "error" || isRouteErrorResponse(result.result)) return false;
  // Single fetch hands a failed fetch over wrapped with its status, as `data(error)` would.
  const wrapped = result.result as { type?: unknown; data?: unknown } | null;
  const error = wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit" ? wrapped.data : wrapped;
  return error instanceof Error;
}

/**
 * A form post or a fetcher's post (a salute, a glow, giving light…) that did not reach
 * Glow, or whose answer did not come back, must not take the page away: without this the
 * failure lands in the root error boundary and the member loses the page and everything
 * they typed. Instead the action answers `{ unsent: true }` with 503 (so nothing is
 * reloaded from the unreachable server), the page stays as it was with its fields as typed,
 * and an error toast says what happened. Reads (GET) are left alone.
 */
export const keepPageWhenPostFails: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  if (request.method === "GET" || request.method === "HEAD") return results;
  let lost = false;
  for (const [routeId, result] of Object.entries(results)) {
    if (!lostOnTheWay(result)) continue;
    lost = true;
    results[routeId] = { type: "data", result: data<UnsentPost>({ unsent: true }, { status: 503 }) };
  }
  if (lost) showToast({ type: "error", message: String(browserTranslations.fixedT(["errors"])("unsent")) });
  return results;
};

/** The data each route of the page on screen was shown with (kept by `useShownData`). */
const shownData = new Map<string, unknown>();

/** Keeps the data of the page on screen, for `keepPageWhenReloadFails`. Used by the root. */
export function useShownData() {
  const matches = useMatches();
  useEffect(() => {
    shownData.clear();
    for (const match of matches) shownData.set(match.id, match.data);
  }, [matches]);
}

/**
 * A background reload of the page on screen (the feed's poll found something new, the
 * session check found a change) that cannot reach Glow keeps the page as it is shown: the
 * failure would otherwise replace it with the error screen, while the member was only
 * reading. The next poll or visit tries again. A move to another page that fails is left
 * alone: its error screen says Glow couldn't be reached (decision 0036).
 */
export const keepPageWhenReloadFails: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  if (request.method !== "GET") return results;
  const asked = new URL(request.url);
  if (asked.pathname !== window.location.pathname || asked.search !== window.location.search) return results;
  for (const [routeId, result] of Object.entries(results)) {
    if (lostOnTheWay(result) && shownData.has(routeId)) {
      results[routeId] = { type: "data", result: shownData.get(routeId) };
    }
  }
  return results;
};
