import { apiCalls, callRefusals } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler, refuseCall } from "~/features/api/route.server";
import { memberAccount } from "~/features/members/account.server";
import { invalid } from "~/platform/respond.server";

/** POST /api/getaccount/ {id}: result.member, result.user_roles, result.avatar; one's own account only. */
const handle = apiHandler(apiCalls.getaccount, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  // No page shows anyone another member's phone, email or notes: nor does this call.
  if (form.data.id !== member.id) return refuseCall(call, callRefusals["not-your-account"]);
  const account = await memberAccount(member.id);
  if (!account) return refuseCall(call, callRefusals["no-account"]);
  return answerWith(call, account);
});

export const loader = handle;
export const action = handle;
