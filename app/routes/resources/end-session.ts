import { redirect, href } from "react-router";
import { onlyPosts } from "~/platform/respond.server";
import type { Route } from "./+types/end-session";
import { signedOutHeaders, signOut } from "~/features/auth/session-store.server";
import { currentMember } from "~/features/auth/principal.server";
import { log } from "~/platform/log.server";

/**
 * The error screen's LOGIN action: end the session on the server, clear the session
 * cookie, go to /. The spec clears the cookie "whatever the outcome", so a database
 * failure is only logged here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const current = await currentMember(context);
  if (current) {
    await signOut(current.sid).catch((error: unknown) =>
      log.error("ending the session failed", { memberId: current.member.id, error: String(error) }),
    );
  }
  const headers = await signedOutHeaders(request, false);
  return redirect(href("/"), { headers });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
