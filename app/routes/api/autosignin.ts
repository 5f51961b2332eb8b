import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";

/** GET /api/autosignin/?sessionid: success and result.memberID while the session lives. */
const handle = apiHandler(apiCalls.autosignin, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  return answerWith(call, { memberID: member.id });
});

export const loader = handle;
export const action = handle;
