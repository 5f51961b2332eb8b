import { ownedCreatureView } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { memberCreatures } from "~/features/beamkins/creatures.server";
import { getInstance } from "~/platform/i18n.server";

/** GET /api/getMemberCreatures/?sessionid: the member's beamkins with their light. */
const handle = apiHandler(apiCalls.getMemberCreatures, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const t = getInstance(call.context).t;
  const owned = await memberCreatures(member.id);
  return answerWith(call, { creatures: owned.map((o) => ownedCreatureView(t, o, member.creatureId)) });
});

export const loader = handle;
export const action = handle;
