import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { findContests } from "~/features/contests/find-contests.server";
import { invalid } from "~/platform/respond.server";

/** GET /api/getcontests/?memberid: result.contests, all of them or one member's. */
const handle = apiHandler(apiCalls.getcontests, async (call) => {
  await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  return answerWith(call, { contests: await findContests(form.data.memberid) });
});

export const loader = handle;
export const action = handle;
