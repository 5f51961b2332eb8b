import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { signOut } from "~/features/auth/session-store.server";

/** POST /api/signout/ {sessionid}: the session ends (and the story sound is muted, as the page's sign-out does). */
const handle = apiHandler(apiCalls.signout, async (call) => {
  const current = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  await signOut(current.sid);
  return answerWith(call, { signedOut: true as const });
});

export const loader = handle;
export const action = handle;
