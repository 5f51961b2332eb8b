import { sendCodeRefusals, sendSignInCode } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { apiHandler } from "~/features/api/route.server";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/getphonecode/ {phone, sessionid}: texts a code (the page's limits); result.id is the attempt. */
const handle = apiHandler(apiCalls.getphonecode, async (call) => {
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  return respond(call.args, await sendSignInCode(call.context, form.data.phone), {
    values: form.values,
    done: (sent, t) => ({ result: sent, toast: t("auth:toast.codeSent") }),
    refusals: sendCodeRefusals,
  });
});

export const loader = handle;
export const action = handle;
