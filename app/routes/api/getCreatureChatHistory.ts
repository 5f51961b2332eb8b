import { beamkinOutcome, beamkinRefusals } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { chatHistory } from "~/features/beamkins/chat.server";
import { activeCreature, ownedCreatureOrRefuse } from "~/features/beamkins/creatures.server";
import { invalid, respond } from "~/platform/respond.server";

/** GET /api/getCreatureChatHistory/?sessionid&creatureid: result.messages (none given: the companion's). */
const handle = apiHandler(apiCalls.getCreatureChatHistory, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const asked = form.data.creatureid;
  const outcome = await beamkinOutcome(async () => {
    const creature = asked === undefined ? await activeCreature(member) : asked === 0 ? null : await ownedCreatureOrRefuse(member.id, asked);
    return { messages: await chatHistory(member.id, creature?.id ?? 0) };
  });
  return respond(call.args, outcome, { done: (history) => ({ result: history }), refusals: beamkinRefusals });
});

export const loader = handle;
export const action = handle;
