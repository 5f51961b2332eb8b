import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { memberLight } from "~/features/beamkins/light.server";

/** GET /api/getMemberLight/?sessionid: the light the member holds and can give. */
const handle = apiHandler(apiCalls.getMemberLight, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  return answerWith(call, { light: await memberLight(member.id) });
});

export const loader = handle;
export const action = handle;
