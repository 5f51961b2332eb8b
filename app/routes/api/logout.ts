import { apiCalls } from "~/features/api/calls.server";
import { requireApiStaff } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { signOutStaff } from "~/features/staff/sign-in.server";

/** GET /api/logout (Bearer): ends the staff session. */
const handle = apiHandler(apiCalls.logout, async (call) => {
  const staff = await requireApiStaff(call.request, call.context, call.state, { changes: true });
  await signOutStaff(staff.sid);
  return answerWith(call, { loggedOut: true as const });
});

export const loader = handle;
export const action = handle;
