/**
 * Where a member goes after signing in, from what /signin was opened with. Pure, so the
 * server and tests share it; every path leaves through safeRedirectPath.
 */
import { href } from "react-router";
import { safeRedirectPath } from "~/platform/redirect-to";

export const DEFAULT_AFTER_SIGN_IN = href("/newsfeed");

/** The invite fields /signin turns into the /accept-invite path (the rest is kept as query). */
const INVITE_PATH_KEYS = ["acceptinginvitation", "partyId", "contestId", "memberId", "role", "inviteType"] as const;
/** Sign-in's own parameters, never passed on. */
const SIGN_IN_KEYS = ["redirectTo", "returnAfterSignIn", "lng", "expired", "signedout"];

export type Arrival = "invite" | "newsfeed" | "return" | null;

export function arrivalKind(params: URLSearchParams): Arrival {
  if (params.get("acceptinginvitation") === "true") return "invite";
  const back = params.get("redirectTo") || params.get("returnAfterSignIn");
  // A visitor sent here from the members-only newsfeed is told what it is (0513).
  if (back && /^\/newsfeed(?:[/?#]|$)/.test(back)) return "newsfeed";
  if (back) return "return";
  return null;
}

/**
 * The spec's Signin rules: an invitation goes to
 * /accept-invite/{partyId or 'invite'}/{contestId}/{memberId}/{role}/{inviteType} with the
 * leftover query kept (or to /newsfeed when it names neither party nor contest); else a
 * stored return path on our origin; else null (the caller's default).
 */
export function destinationAfterSignIn(params: URLSearchParams, origin: string): string | null {
  if (params.get("acceptinginvitation") === "true") {
    const partyId = params.get("partyId");
    const contestId = params.get("contestId");
    if (!partyId && !contestId) return DEFAULT_AFTER_SIGN_IN;
    const segments: string[] = [];
    // Optional segments stop at the first one missing; any given after it travels in the
    // query under its own name, so nothing the invitation said is lost.
    const leftover = new URLSearchParams();
    const fields: Array<[string, string | null]> = [
      ["partyId", partyId || "invite"],
      ["contestId", contestId],
      ["memberId", params.get("memberId")],
      ["role", params.get("role")],
      ["inviteType", params.get("inviteType")],
    ];
    for (const [i, [key, value]] of fields.entries()) {
      if (!value) continue;
      if (segments.length === i) segments.push(encodeURIComponent(value));
      else leftover.append(key, value);
    }
    for (const [key, value] of params) {
      if (!(INVITE_PATH_KEYS as readonly string[]).includes(key) && !SIGN_IN_KEYS.includes(key)) leftover.append(key, value);
    }
    const query = leftover.toString();
    return safeRedirectPath(`/accept-invite/${segments.join("/")}${query ? `?${query}` : ""}`, origin);
  }
  const back = params.get("redirectTo") ?? params.get("returnAfterSignIn");
  if (back !== null) return safeRedirectPath(back, origin, DEFAULT_AFTER_SIGN_IN);
  return null;
}

/**
 * /signin for an anonymous visitor of an invite link: the route's segments become the
 * Signin page's query parameters, beside the link's own query.
 */
export function signInUrlForInvite(
  params: { partyId?: string; contestid?: string; memberid?: string; role?: string; type?: string },
  linkQuery: URLSearchParams,
): string {
  const query = new URLSearchParams({ acceptinginvitation: "true" });
  const fields: Array<[string, string | undefined]> = [
    ["partyId", params.partyId === "invite" ? undefined : params.partyId],
    ["contestId", params.contestid],
    ["memberId", params.memberid],
    ["role", params.role],
    ["inviteType", params.type],
  ];
  for (const [key, value] of fields) if (value) query.set(key, value);
  for (const [key, value] of linkQuery) {
    if (!(INVITE_PATH_KEYS as readonly string[]).includes(key) && !SIGN_IN_KEYS.includes(key)) query.append(key, value);
  }
  return `/signin?${query.toString()}`;
}
