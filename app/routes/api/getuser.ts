import { apiCalls } from "~/features/api/calls.server";
import { requireApiStaff } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";

/** GET /api/getuser (Bearer): the signed-in staff member, the older flow's current user. */
const handle = apiHandler(apiCalls.getuser, async (call) => {
  const staff = await requireApiStaff(call.request, call.context, call.state, { changes: false });
  return answerWith(call, { id: staff.id, username: staff.username, is_admin: staff.isAdmin ? 1 : 0, agentid: staff.agentId });
});

export const loader = handle;
export const action = handle;
