/**
 * A guarded area of member screens (the game master's console and its sub-screens): one
 * layout route in app/routes.ts whose middleware asks who acts once, before any loader or
 * action under it runs. A visitor goes to /signin and comes back after; a member the area
 * does not admit gets the 403 screen, which never signs anyone out (decision 1141). The
 * screens under it read who acts with `areaMember`, which guards nothing itself.
 */
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { principalRequest } from "~/platform/principal.server";
import { forbidden } from "~/platform/respond.server";
import { currentMember, requireMember, type CurrentMember } from "./principal.server";

type Context = Readonly<RouterContextProvider>;

/** The middleware of an area that admits the signed-in members `admits` says yes to. */
export function memberArea(admits: (member: CurrentMember) => boolean): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    const member = await requireMember(context);
    if (!admits(member)) forbidden(principalRequest(context), context);
    return next();
  };
}

/**
 * Who acts on a screen of a guarded area (the area's middleware admitted them). Read fresh,
 * not kept from the middleware: an action that changes the member's roles is seen by the
 * loaders after it. Nothing but a screen placed outside its area's layout can find no one.
 */
export async function areaMember(context: Context): Promise<CurrentMember> {
  const member = await currentMember(context);
  if (!member) throw new Error("areaMember: this screen is not under a guarded area's layout in app/routes.ts");
  return member;
}
