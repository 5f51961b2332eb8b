import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { chatHistory } from "~/features/beamkins/chat.server";
import { activeCreature, ownedCreature } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { done } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";

/** GET /api/getCreatureChatHistory/?sessionid&creatureid: result.messages (none given: the companion's). */
const handle = apiHandler(apiCalls.getCreatureChatHistory, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const asked = form.data.creatureid;
  // None asked: the companion; 0: the chat without a beamkin; else one of the member's own.
  const creature = asked === undefined ? done(await activeCreature(member)) : asked === 0 ? done(null) : await ownedCreature(member.id, asked);
  if (!creature.ok) return respond(call.args, creature, { done: () => ({}), refusals: beamkinRefusals });
  const messages = await chatHistory(member.id, creature.value?.id ?? 0);
  return respond(call.args, done({ messages }), { done: (history) => ({ result: history }), refusals: beamkinRefusals });
});

export const loader = handle;
export const action = handle;
