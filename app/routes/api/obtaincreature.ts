import { ownedCreatureView } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { obtainCreature } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { getInstance } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/obtaincreature/ {sessionid, creatureid}: a starter beamkin, as /beamkins gives one. */
const handle = apiHandler(apiCalls.obtaincreature, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const t = getInstance(call.context).t;
  const outcome = await obtainCreature(member.id, form.data.creatureid, "starter");
  return respond(call.args, outcome, {
    values: form.values,
    // A member without a companion gets this one as theirs (obtainCreature sets CreatureID).
    done: (owned) => ({ result: { creature: ownedCreatureView(t, owned, member.creatureId || owned.id) } }),
    refusals: beamkinRefusals,
  });
});

export const loader = handle;
export const action = handle;
