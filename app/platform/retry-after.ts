import type { HeadersArgs } from "react-router";

/**
 * A route's `headers`: its action's Retry-After (a refusal for a limit, 429) on the page's
 * own response, with JavaScript (a data request) and without. Every 429 says when to come
 * back.
 */
export function retryAfterOfAction({ actionHeaders }: Pick<HeadersArgs, "actionHeaders">): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
