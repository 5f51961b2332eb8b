import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { sendChatMessage } from "~/features/beamkins/chat.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { isLanguage } from "~/platform/i18n";
import { invalid, respond } from "~/platform/respond.server";

/**
 * POST /api/creaturechatmessage/ {sessionid, creatureid, chatmessage}: result.creaturemessage
 * and result.new_light. Without a creature, the older client posts {message}: the chat with
 * the member's companion, or the one without a beamkin.
 */
const handle = apiHandler(apiCalls.creaturechatmessage, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const { creatureid, chatmessage, message } = form.data;
  const locale = getLocale(call.context);
  const t = getInstance(call.context).t;
  const outcome = await sendChatMessage({
    member,
    // {message} alone: the companion (or none); {creatureid: 0}: the chat without a beamkin.
    creatureId: creatureid,
    message: chatmessage ?? message ?? "",
    language: isLanguage(locale) ? locale : "en",
    t: (key) => t(key),
  });
  return respond(call.args, outcome, {
    values: form.values,
    done: (said) => ({
      result: { creaturemessage: said.reply, new_light: said.newLight, ...(said.source === "repeat" ? { repeat: true as const } : {}) },
    }),
    refusals: beamkinRefusals,
  });
});

export const loader = handle;
export const action = handle;
