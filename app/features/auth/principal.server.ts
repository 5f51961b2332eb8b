/**
 * The member acting in this request, for every loader and action: `currentMember` (or
 * null), `requireMember` (or sign-in), `requireRole` (or 403), each read through the
 * request's principal holder (platform/principal.server.ts), so the session is looked up
 * once however many ask.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getInstance } from "~/platform/i18n.server";
import { lookUpOnce, principalRequest } from "~/platform/principal.server";
import { jsonRefusal, wantsJson } from "~/platform/respond.server";
import { keepDraftCookie, memberOfRequest, signInUrl, type CurrentMember, type MemberRole } from "./sessions.server";

type Context = Readonly<RouterContextProvider>;

export type { CurrentMember, MemberRole };

/** The signed-in member, or null for a visitor. */
export function currentMember(context: Context): Promise<CurrentMember | null> {
  return lookUpOnce(context, "member", memberOfRequest);
}

/**
 * The signed-in member. A visitor's page request goes to /signin and comes back after (a
 * form posted after the session ended keeps what was typed); a JSON caller gets 401 with
 * the catalogue's UNAUTHORIZED entry.
 */
export async function requireMember(context: Context): Promise<CurrentMember> {
  const member = await currentMember(context);
  if (member) return member;
  const request = principalRequest(context);
  if (wantsJson(request)) throw jsonRefusal(401, getInstance(context).t("errors:types.UNAUTHORIZED.message"));
  const draft = await keepDraftCookie(request, context);
  throw redirect(signInUrl(request), draft ? { headers: { "Set-Cookie": draft } } : undefined);
}

export type RoleName = MemberRole["role"];

/**
 * Whether `roles` hold `role`, overall or for one contest (section 6: contest ids are
 * compared as strings, so "7" and 7 are the same contest).
 */
export function hasRole(roles: readonly MemberRole[], role: RoleName, contestId?: string | number | null): boolean {
  return roles.some(
    (entry) => entry.role === role && (contestId === undefined || contestId === null || String(entry.contestId) === String(contestId)),
  );
}

/** The signed-in member holding `role` (for `contestId` when given); 403 otherwise. */
export async function requireRole(context: Context, role: RoleName, options: { contestId?: string | number | null } = {}): Promise<CurrentMember> {
  const member = await requireMember(context);
  if (hasRole(member.roles, role, options.contestId)) return member;
  const message = getInstance(context).t("errors:types.FORBIDDEN.message");
  if (wantsJson(principalRequest(context))) throw jsonRefusal(403, message);
  throw data(null, { status: 403 });
}
