/**
 * The staff member acting in this request (the principal's "staff" kind), looked up once per
 * request through the principal holder, from the staff cookie only: a member's session never
 * makes anyone staff, and a staff session never makes anyone a member.
 *
 * `requireStaff(context)` for every staff page and action, `requireStaff(context, { admin: true })`
 * for what only admins may do; a visitor goes to /login (a JSON caller gets 401), a staff
 * member without the right gets 403.
 */
import { redirect, type RouterContextProvider, href } from "react-router";
import { getInstance } from "~/platform/i18n.server";
import { lookUpOnce, principalRequest } from "~/platform/principal.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { forbidden, jsonRefusal, wantsJson } from "~/platform/respond.server";
import { findStaffSession, staffSessionIdOf, type StaffMember } from "./sessions.server";

type Context = Readonly<RouterContextProvider>;

export type { StaffMember };

async function lookUpStaff(request: Request): Promise<StaffMember | null> {
  const sid = await staffSessionIdOf(request);
  return sid ? findStaffSession(sid) : null;
}

/** The signed-in staff member, or null. */
export function currentStaff(context: Context): Promise<StaffMember | null> {
  return lookUpOnce(context, "staff", lookUpStaff);
}

/** The staff sign-in page, coming back to `page` after. */
export function staffSignInUrl(request: Request): string {
  const url = new URL(request.url);
  const posted = request.method !== "GET" && request.method !== "HEAD";
  const dashboard = href("/dashboard");
  const page = posted ? dashboard : `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const back = safeRedirectPath(page, url.origin, dashboard);
  return back === dashboard ? href("/login") : `${href("/login")}?redirectTo=${encodeURIComponent(back)}`;
}

/** The signed-in staff member (an admin when `admin` is asked); /login, 401 or 403 otherwise. */
export async function requireStaff(context: Context, options: { admin?: boolean } = {}): Promise<StaffMember> {
  const staff = await currentStaff(context);
  const request = principalRequest(context);
  const t = getInstance(context).t;
  if (!staff) {
    if (wantsJson(request)) throw jsonRefusal(401, t("errors:types.UNAUTHORIZED.message"));
    throw redirect(staffSignInUrl(request));
  }
  if (options.admin && !staff.isAdmin) forbidden(request, context, { message: t("staff:errors.adminsOnly"), home: href("/dashboard") });
  return staff;
}
