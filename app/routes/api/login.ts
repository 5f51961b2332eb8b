import { apiCalls } from "~/features/api/calls.server";
import { apiHandler } from "~/features/api/route.server";
import { olderFlowSignInResult, signInStaff, staffSignInRefusals } from "~/features/staff/sign-in.server";
import { requestInfoContext } from "~/platform/request-context";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/login {username, password}: the older flow's sign-in; result.sessionid goes in the Bearer header. */
const handle = apiHandler(apiCalls.login, async (call) => {
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const outcome = await signInStaff({ ...form.data, clientIp: call.context.get(requestInfoContext).clientIp });
  return respond(call.args, outcome, {
    values: form.values,
    done: (signedIn) => ({ result: olderFlowSignInResult(signedIn) }),
    refusals: staffSignInRefusals,
  });
});

export const loader = handle;
export const action = handle;
