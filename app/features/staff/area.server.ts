/**
 * The staff area (the dashboard and whatever joins it): its layout route's middleware
 * (app/routes.ts) asks for a signed-in staff member once, before any loader or action under
 * it runs. A visitor (and a member: a member's session never makes anyone staff) goes to
 * /login and comes back after; a JSON caller gets 401. What only an admin may do is still
 * asked where it is done (`requireStaff(context, { admin: true })`).
 */
import type { MiddlewareFunction } from "react-router";
import { requireStaff } from "./principal.server";

export const staffArea: MiddlewareFunction<Response> = async ({ context }, next) => {
  await requireStaff(context);
  return next();
};
