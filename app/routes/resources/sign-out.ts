import { redirect, href } from "react-router";
import { onlyPosts } from "~/platform/respond.server";
import type { Route } from "./+types/sign-out";
import { signedOutHeaders, signOut } from "~/features/auth/session-store.server";
import { currentMember } from "~/features/auth/principal.server";
import { readInput } from "~/platform/forms.server";
import { log } from "~/platform/log.server";
import { safeRedirectPath } from "~/platform/redirect-to";

/**
 * Sign-out (a form post): the session row goes, the member's story sound is muted, and
 * the member lands on /home with 'You have successfully logged out!'. When the database
 * fails, that is logged and the member stays signed in, back where they were.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Only where to go back to is read: a body that is not a form signs out all the same.
  const form = (await readInput(request)) ?? {};
  const origin = new URL(request.url).origin;
  const current = await currentMember(context);
  if (current) {
    try {
      await signOut(current.sid);
    } catch (error) {
      log.error("sign-out failed", { memberId: current.member.id, error: String(error) });
      return redirect(safeRedirectPath(form.redirectTo, origin, "/home"));
    }
  }
  const headers = await signedOutHeaders(request, true);
  return redirect(href("/home"), { headers });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
