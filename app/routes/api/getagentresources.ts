import { apiCalls, callRefusals } from "~/features/api/calls.server";
import { requireApiStaff } from "~/features/api/caller.server";
import { answerWith, apiHandler, refuseCall } from "~/features/api/route.server";
import { agentExists, resourcesOfAgent } from "~/features/staff/accounts.server";
import { invalid } from "~/platform/respond.server";

/** POST /api/getagentresources {agentid} (Bearer): result.rows; an agent's own, or any for an admin. */
const handle = apiHandler(apiCalls.getagentresources, async (call) => {
  const staff = await requireApiStaff(call.request, call.context, call.state, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const { agentid } = form.data;
  if (!staff.isAdmin && staff.agentId !== agentid) return refuseCall(call, callRefusals["not-your-agent"]);
  if (!(await agentExists(agentid))) return refuseCall(call, callRefusals["no-such-agent"]);
  return answerWith(call, { rows: await resourcesOfAgent(agentid) });
});

export const loader = handle;
export const action = handle;
