import { data } from "react-router";
import { parseForm } from "~/platform/forms.server";
import { done, refused } from "~/platform/outcome";
import { invalid, onlyPosts, respond } from "~/platform/respond.server";
import type { Route } from "./+types/session-validate";
import { validateSession } from "~/features/auth/principal.server";
import { SessionCheck } from "~/features/auth/schemas";

/** Never kept by a cache: the answer is this browser's session, now. */
const NOT_STORED = { "Cache-Control": "no-store" };

/**
 * The spec's session validation (POST {fingerprint}): answers the session's member id, or
 * 401. The session id itself never leaves the HttpOnly cookie. The fingerprint is only
 * recorded with the session, never used to sign anyone in.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  if (request.method !== "POST") throw data(null, { status: 405 });
  // Unreadable JSON or form bodies answer 400 (the root middleware's request.json/formData).
  const form = await parseForm(request, SessionCheck);
  if (!form.ok) return invalid(args, form);
  const current = await validateSession(request, form.data.fingerprint ?? null);
  const outcome = current ? done({ memberID: current.member.id }) : refused("no-session");
  return respond(args, outcome, {
    headers: NOT_STORED,
    refusals: { "no-session": { status: 401, message: "errors:types.UNAUTHORIZED.message" } },
    // Whoever asks (the page's script, a form) gets the envelope: { success, result: { memberID } }.
    done: (result) => ({ stay: true, result }),
  });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
