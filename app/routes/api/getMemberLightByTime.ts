import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { memberLightOverDays } from "~/features/beamkins/light.server";
import { invalid } from "~/platform/respond.server";

/** GET /api/getMemberLightByTime/?sessionid&time=1: light earned and given in the last `time` days. */
const handle = apiHandler(apiCalls.getMemberLightByTime, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  return answerWith(call, await memberLightOverDays(member.id, form.data.time));
});

export const loader = handle;
export const action = handle;
