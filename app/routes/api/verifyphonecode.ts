import { verifyRefusals, verifySignInCode } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { apiHandler } from "~/features/api/route.server";
import { invalid, respond } from "~/platform/respond.server";

/**
 * POST /api/verifyphonecode/ {id, code, phone, creatureID, sessionid}: the right code signs in
 * (result.memberID and a new result.sessionid; the session id sent, if any, ends).
 */
const handle = apiHandler(apiCalls.verifyphonecode, async (call) => {
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const outcome = await verifySignInCode(call.request, {
    attemptId: form.data.id,
    code: form.data.code,
    previousSid: form.data.sessionid ?? null,
  });
  return respond(call.args, outcome, {
    values: form.values,
    done: (signedIn, t) => ({ result: signedIn, toast: t("auth:toast.signedIn") }),
    refusals: verifyRefusals,
  });
});

export const loader = handle;
export const action = handle;
