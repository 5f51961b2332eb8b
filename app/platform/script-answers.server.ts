/**
 * A page's address asked by a script rather than a browser showing the page: a post that
 * does not ask for HTML (curl's `Accept: *∕*`, a fetch asking for JSON, a post with no Accept
 * at all), or a read that asks for JSON and fails. The responder has already answered such a
 * caller in the JSON envelope; React Router would still draw the page around that answer,
 * and the page's components were never meant to see it. entry.server.tsx asks here first
 * and, when this is such a caller, sends the envelope instead of drawing anything:
 *
 * - the action's envelope, as the responder gave it, with its status (`{ success: true,
 *   result }` or a refusal);
 * - an error (a guard's refusal, a 404, a method the page does not take) as its envelope, or
 *   the catalogue's entry for its status;
 * - anything else an action answered, as `{ success: true, result }`.
 *
 * A script that follows a done post's redirect gets a page, as before.
 */
import { isRouteErrorResponse, type EntryContext, type RouterContextProvider } from "react-router";
import { errorTypeForStatus, forbiddenPageOf, isRefusalEnvelope, type RefusalEnvelope } from "./errors";
import { getInstance } from "./i18n.server";
import { formAnswer } from "./form-answer";
import { catalogueEnvelope } from "./one-envelope.server";
import { answersWithPage, wantsJson } from "./respond.server";

type HandlerContext = EntryContext["staticHandlerContext"];

function isDoneEnvelope(value: unknown): value is { success: true; result: unknown } {
  return typeof value === "object" && value !== null && (value as { success?: unknown }).success === true && "result" in value;
}

/** The envelope for a script's request to a page, or null when the page is what it gets. */
export function scriptAnswer(
  request: Request,
  status: number,
  headers: Headers,
  handled: HandlerContext,
  context: Readonly<RouterContextProvider>,
): Response | null {
  const posted = request.method !== "GET" && request.method !== "HEAD";
  if (posted ? answersWithPage(request) : !wantsJson(request)) return null;
  const answer = (body: unknown) => {
    const out = new Headers(headers);
    out.set("Content-Type", "application/json; charset=utf-8");
    out.set("Cache-Control", "no-store");
    return new Response(JSON.stringify(body), { status, headers: out });
  };
  const error = handled.errors ? Object.values(handled.errors)[0] : undefined;
  if (error !== undefined) {
    const given = isRouteErrorResponse(error) ? (error.data as unknown) : undefined;
    if (isRefusalEnvelope(given)) return answer(given);
    // A guard's 403 (respond.server.ts `forbidden`): what the page would have said, never the
    // catalogue's "Your session has expired…" to a member who is still signed in.
    if (status === 403 && isRouteErrorResponse(error)) {
      const page = forbiddenPageOf(given);
      return answer({ success: false, type: "FORBIDDEN", message: page.message ?? getInstance(context).t("forbidden.message") });
    }
    return answer(catalogueEnvelope(context, status));
  }
  // A page that a script reads: the page.
  if (!posted) return null;
  const data = handled.actionData ? Object.values(handled.actionData)[0] : undefined;
  if (isRefusalEnvelope(data) || isDoneEnvelope(data)) return answer(data);
  const refused = formAnswer(data);
  if (refused && Object.keys(refused.errors).length) {
    const refusal: RefusalEnvelope = {
      success: false,
      type: errorTypeForStatus(status),
      message: Object.values(refused.errors)[0]!,
      errors: refused.errors,
    };
    return answer(refusal);
  }
  return answer({ success: true, result: data ?? null });
}
