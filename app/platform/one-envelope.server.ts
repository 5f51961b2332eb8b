/**
 * What every answer that leaves React Router looks like, whoever made it (a root middleware,
 * outermost but for the 503's own):
 *
 * - A JSON refusal is the one envelope, `{ success: false, type, message, errors? }`. The
 *   responder and the guards already answer in it; what else can answer a JSON error is
 *   React Router itself (a POST to a resource that takes none: `{"message":"Unexpected
 *   Server Error"}`) and a resource's bare `data(null, { status: 404 })`. Those leave as the
 *   catalogue's entry for their status, in the reader's language, headers kept.
 * - A 429 or 503 says when to come back: the Retry-After the responder gave (a page without
 *   a `headers` export would drop it), or 30 seconds.
 */
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { errorCatalogue, errorTypeForStatus, isRefusalEnvelope, type RefusalEnvelope } from "./errors";
import { getInstance } from "./i18n.server";
import { retryAfterContext } from "./respond.server";

/** The catalogue's entry for a status, in the reader's language when it is known yet. */
export function catalogueEnvelope(context: Readonly<RouterContextProvider>, status: number): RefusalEnvelope {
  const type = errorTypeForStatus(status);
  let message: string = errorCatalogue[type].message;
  try {
    message = getInstance(context).t(`errors:types.${type}.message`);
  } catch {
    // The language is not known yet (the request was refused before it was looked up).
  }
  return { success: false, type, message };
}

const DEFAULT_RETRY_AFTER_SECONDS = "30";

export const oneEnvelope: MiddlewareFunction<Response> = async ({ context }, next) => {
  let response = await next();
  if (response.status >= 400 && (response.headers.get("Content-Type") ?? "").includes("application/json")) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (!isRefusalEnvelope(body)) {
      const headers = new Headers(response.headers);
      headers.delete("Content-Length");
      headers.set("Cache-Control", "no-store");
      response = Response.json(catalogueEnvelope(context, response.status), { status: response.status, headers });
    }
  }
  if ((response.status === 429 || response.status === 503) && !response.headers.has("Retry-After")) {
    const headers = new Headers(response.headers);
    headers.set("Retry-After", context.get(retryAfterContext) ?? DEFAULT_RETRY_AFTER_SECONDS);
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  return response;
};
