import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { giveLight } from "~/features/beamkins/light.server";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/giveCreatureLight/ {sessionid, creatureid, light}: the member's light into a beamkin of theirs. */
const handle = apiHandler(apiCalls.giveCreatureLight, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const outcome = await giveLight(member.id, form.data.creatureid, form.data.light);
  return respond(call.args, outcome, { values: form.values, done: (given) => ({ result: given }), refusals: beamkinRefusals });
});

export const loader = handle;
export const action = handle;
