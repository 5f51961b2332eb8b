/**
 * Who calls the JSON API, as section 7 says they may say so:
 *
 * - a member: the session id in the body (or, for a GET, the query) as `sessionid`, or as a
 *   Bearer header, or the sessionID cookie;
 * - staff (the older flow): the session id POST /api/login answered, as a Bearer header, or
 *   the staff cookie.
 *
 * A session id in the body or a header is not sent by a browser on its own, so no other
 * site can make a call with it. A cookie is: when a cookie authenticates a call that changes
 * something, the CSRF header must carry the token of the CSRF cookie (`csrftoken`, readable
 * by the page's script, bound to the session). Every answer to a cookie caller brings that
 * cookie when it lacks it, a refused one too, so the next call can carry it.
 *
 * The principal is registered like the pages' (lookUpOnce, kinds "api-member" and
 * "api-staff"), so a call looks its caller up once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { findSessionMember, type CurrentMember } from "~/features/auth/index.server";
import { findStaffSession, staffSessionIdOf, type StaffMember } from "~/features/staff/index.server";
import { SESSION_MAX_AGE_SECONDS } from "~/platform/cookies.server";
import { getInstance } from "~/platform/i18n.server";
import { lookUpOnce } from "~/platform/principal.server";
import { jsonRefusal } from "~/platform/respond.server";
import { deriveSecret } from "~/platform/secrets.server";
import { sessionIdOf } from "~/platform/session.server";

type Context = Readonly<RouterContextProvider>;

/** The header a changing call authenticated by a cookie carries, with the CSRF cookie's value. */
export const CSRF_HEADER = "X-CSRF-Token";
export const CSRF_COOKIE_NAME = "csrftoken";

/**
 * The CSRF cookie: the token as it is (a script copies it into the header unchanged),
 * readable by the page's script (not HttpOnly: that is the point), never sent by another
 * site (SameSite=Strict), and worthless without the session it is bound to.
 */
const csrfCookieHeader = (token: string) =>
  `${CSRF_COOKIE_NAME}=${token}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; SameSite=Strict; Secure`;
const csrfCookiePattern = new RegExp(`(?:^|;)\\s*${CSRF_COOKIE_NAME}=([A-Za-z0-9_-]{1,100})(?:;|$)`);
const csrfCookieOf = (request: Request) => csrfCookiePattern.exec(request.headers.get("Cookie") ?? "")?.[1] ?? null;

export type CredentialSource = "body" | "bearer" | "cookie";

export interface Presented {
  sid: string;
  source: CredentialSource;
}

/** The token a session's CSRF cookie and header carry: keyed by the server's secret and the session. */
export function csrfTokenFor(kind: "member" | "staff", sid: string): string {
  return createHmac("sha256", deriveSecret("api-csrf")).update(`${kind}:${sid}`).digest("base64url");
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{1,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

function sidInput(input: Record<string, unknown>): string | null {
  const value = input.sessionid;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface CallState {
  /** Set-Cookie headers the answer brings (the CSRF cookie for a cookie caller). */
  cookies: string[];
}

/**
 * A cookie authenticated this call: its answer brings the CSRF cookie when the browser's
 * does not match; a changing call must show the token in the CSRF header too (403 otherwise).
 */
async function checkCookieCaller(request: Request, context: Context, state: CallState, kind: "member" | "staff", sid: string, changes: boolean) {
  const token = csrfTokenFor(kind, sid);
  const cookieToken = csrfCookieOf(request);
  if (cookieToken !== token) state.cookies.push(csrfCookieHeader(token));
  if (!changes) return;
  const header = request.headers.get(CSRF_HEADER) ?? "";
  if (cookieToken !== null && same(header, cookieToken) && same(header, token)) return;
  throw jsonRefusal(403, getInstance(context).t("api:errors.csrf", { header: CSRF_HEADER, cookie: CSRF_COOKIE_NAME }));
}

/** The member session id the call presents, and how. */
export async function presentedMemberSession(request: Request, input: Record<string, unknown>): Promise<Presented | null> {
  const inBody = sidInput(input);
  if (inBody) return { sid: inBody, source: "body" };
  const bearer = bearerOf(request);
  if (bearer) return { sid: bearer, source: "bearer" };
  const cookie = await sessionIdOf(request);
  return cookie ? { sid: cookie, source: "cookie" } : null;
}

/** The member making the call; 401 UNAUTHORIZED without a session id, 401 EXPIRED_SESSION with one that is over. */
export async function requireApiMember(
  request: Request,
  context: Context,
  state: CallState,
  input: Record<string, unknown>,
  options: { changes: boolean },
): Promise<CurrentMember> {
  const presented = await presentedMemberSession(request, input);
  const t = getInstance(context).t;
  if (!presented) throw jsonRefusal(401, t("errors:types.UNAUTHORIZED.message"));
  const current = await lookUpOnce(context, "api-member", async () => {
    const found = await findSessionMember(presented.sid);
    return found ? { ...found, sid: presented.sid } : null;
  });
  if (!current) throw jsonRefusal(401, t("errors:types.EXPIRED_SESSION.message"), { type: "EXPIRED_SESSION" });
  if (presented.source === "cookie") await checkCookieCaller(request, context, state, "member", presented.sid, options.changes);
  return current;
}

/** The member making the call when one is signed in, else null (sign-in calls). Never refuses. */
export async function optionalApiMember(request: Request, input: Record<string, unknown>): Promise<Presented | null> {
  return presentedMemberSession(request, input);
}

/** The staff session the call presents: the older flow's Bearer header, or the staff cookie. */
async function presentedStaffSession(request: Request): Promise<Presented | null> {
  const bearer = bearerOf(request);
  if (bearer) return { sid: bearer, source: "bearer" };
  const cookie = await staffSessionIdOf(request);
  return cookie ? { sid: cookie, source: "cookie" } : null;
}

/** The staff member making the call (admins only when asked); 401 or 403 otherwise. */
export async function requireApiStaff(
  request: Request,
  context: Context,
  state: CallState,
  options: { changes: boolean; admin?: boolean },
): Promise<StaffMember> {
  const presented = await presentedStaffSession(request);
  const t = getInstance(context).t;
  if (!presented) throw jsonRefusal(401, t("errors:types.UNAUTHORIZED.message"));
  const staff = await lookUpOnce(context, "api-staff", () => findStaffSession(presented.sid));
  if (!staff) throw jsonRefusal(401, t("errors:types.EXPIRED_SESSION.message"), { type: "EXPIRED_SESSION" });
  if (presented.source === "cookie") await checkCookieCaller(request, context, state, "staff", presented.sid, options.changes);
  if (options.admin && !staff.isAdmin) throw jsonRefusal(403, t("staff:errors.adminsOnly"));
  return staff;
}
