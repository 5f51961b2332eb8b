/**
 * The sign-in return path: where a member who must sign in is sent, and the page they come
 * back to after (with what they had typed, when a form was posted after the session ended).
 * The way back is read again at sign-in by arrival.ts (`destinationAfterSignIn`).
 */
import { href, type RouterContextProvider } from "react-router";
import { readConsent } from "~/platform/cookies.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { requestInfoContext } from "~/platform/request-context";
import { commitSession, getSession } from "~/platform/session.server";
import { keepDraft, pageAddress, readDraftValues } from "./drafts.server";
import { signedOutHere } from "./session-store.server";

/** The /signin parameter saying a member's form arrived after their session ended. */
export const EXPIRED_PARAM = "expired";
/** The same, when the member had signed out in this browser (another tab) meanwhile. */
export const SIGNED_OUT_PARAM = "signedout";

/**
 * Where a member who must sign in is sent, remembering where they were going. A form
 * posted without a session (member forms are only shown to members, so the session ended
 * while the page was open) also says why: /signin then shows the catalogue's
 * EXPIRED_SESSION, or that the member signed out when this browser did so on purpose.
 */
export function signInUrl(request: Request) {
  const { back, posted } = returnAfterSignIn(request);
  const signedOut = posted && signedOutHere(request);
  const query = [
    ...(back === "/" ? [] : [`redirectTo=${encodeURIComponent(back)}`]),
    ...(posted ? [`${signedOut ? SIGNED_OUT_PARAM : EXPIRED_PARAM}=1`] : []),
  ];
  return query.length ? `${href("/signin")}?${query.join("&")}` : href("/signin");
}

/**
 * The page to come back to after signing in: the one asked for, or for a form post the page
 * the form was posted from, not the address it was posted to (a resource that only answers posts).
 */
function returnAfterSignIn(request: Request) {
  const url = new URL(request.url);
  const posted = request.method !== "GET" && request.method !== "HEAD";
  // A GET may be React Router's data request for the page (`/compliment.data?to=9&_routes=…`):
  // come back to the page itself.
  return { back: posted ? postedFrom(request, url.origin) : pageAddress(url), posted };
}

/**
 * A page's form posted after the session ended: its typed text is kept on the server and
 * its key goes into the session cookie, for the page it came from to give back after
 * sign-in (drafts.server.ts). The ended session's id leaves the cookie, so the sign-in page
 * does not clear the cookie as a stale session. Null when there is nothing to keep or
 * cookies were not accepted.
 */
export async function keepDraftCookie(request: Request, context?: Readonly<RouterContextProvider>): Promise<string | null> {
  const { back, posted } = returnAfterSignIn(request);
  if (!posted || back === "/" || (await readConsent(request)) !== "yes") return null;
  const values = await readDraftValues(request);
  if (!values) return null;
  const session = await getSession(request);
  session.unset("sid");
  const clientIp = context ? context.get(requestInfoContext).clientIp : "0.0.0.0";
  if (!(await keepDraft(session, pageAddress(new URL(back, request.url)), values, clientIp))) return null;
  return commitSession(session);
}

/** The page of ours a form was posted from (its Referer), or "/" when unknown. */
function postedFrom(request: Request, origin: string): string {
  let page: URL;
  try {
    page = new URL(request.headers.get("Referer") ?? "");
  } catch {
    return "/";
  }
  if (page.origin !== origin || page.pathname.startsWith("/signin")) return "/";
  return safeRedirectPath(`${page.pathname}${page.search}`, origin, "/");
}
