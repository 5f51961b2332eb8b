import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { validateSessionId } from "~/features/auth/principal.server";
import { invalid } from "~/platform/respond.server";

/** POST /api/sessionvalidation/ {fingerprint, sessionid}: result.sessionid and result.memberID. */
const handle = apiHandler(apiCalls.sessionvalidation, async (call) => {
  const current = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  await validateSessionId(current.sid, form.data.fingerprint ?? null);
  return answerWith(call, { sessionid: current.sid, memberID: current.member.id });
});

export const loader = handle;
export const action = handle;
