import { beamkinRefusals } from "~/features/beamkins/errors";
import { creatureView } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler, refuseCall } from "~/features/api/route.server";
import { getCreature, memberCreature } from "~/features/beamkins/creatures.server";
import { getInstance } from "~/platform/i18n.server";
import { invalid } from "~/platform/respond.server";

/** GET /api/getCreature/?sessionid&creatureid: result.creature. */
const handle = apiHandler(apiCalls.getCreature, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const creature = await getCreature(form.data.creatureid);
  if (!creature) return refuseCall(call, beamkinRefusals["unknown-creature"]);
  const owned = await memberCreature(member.id, creature.id);
  return answerWith(call, { creature: creatureView(getInstance(call.context).t, creature, owned) });
});

export const loader = handle;
export const action = handle;
