import { data } from "react-router";
import type { Route } from "./+types/beamkins-chat";
import { requireMember } from "~/features/auth/principal.server";
import { chatHistory, ownsBeamkins, sendChatMessage } from "~/features/beamkins/chat.server";
import { activeCreature, ownedCreature, type OwnedBeamkin } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { chatForm } from "~/features/beamkins/forms";
import { isCreatureId } from "~/features/beamkins/rules";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { isLanguage } from "~/platform/i18n";
import { backTo, invalid, jsonRefusal, respond } from "~/platform/respond.server";

/** GET /beamkins/chat?creatureId=: the chat history (the spec's result.messages) for the dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member: me } = await requireMember(context);
  const asked = new URL(request.url).searchParams.get("creatureId");
  const t = getInstance(context).t;
  let creature: OwnedBeamkin | null = null;
  // None asked: the active beamkin; 0: the creature-less chat; else one of the member's own.
  if (asked === null || asked === "") creature = await activeCreature(me);
  else if (asked.trim() !== "0") {
    const id = /^\s*\d{1,10}\s*$/.test(asked) ? Number(asked) : -1;
    const owned = isCreatureId(id) ? await ownedCreature(me.id, id) : ({ ok: false, refusal: "unknown-creature" } as const);
    if (!owned.ok) {
      const how = beamkinRefusals[owned.refusal];
      throw jsonRefusal(how.status, t(how.message));
    }
    creature = owned.value;
  }
  return data(
    {
      success: true as const,
      result: {
        creature: creature
          ? { id: creature.id, slug: creature.slug, name: t(`beamkins:${creature.name}`), light: creature.light }
          : null,
        messages: await chatHistory(me.id, creature?.id ?? 0),
        // Without a companion: whether the dialog says "choose one" or "get one".
        ownsBeamkins: creature ? true : await ownsBeamkins(me.id),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * POST /beamkins/chat {message, creatureId?, hour?}: the spec's result.creaturemessage
 * and result.new_light. Without creatureId it is the active beamkin, or the creature-less
 * chat when there is none. A plain form post goes back to its page with the reply as a toast;
 * refused by the hourly cap, it gets that page again (the chat page unless the form named
 * another) with 429, Retry-After, the message and what was typed (decision 1143).
 */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, chatForm);
  const back = backTo(args.request, form.values, "/chat-demo");
  if (!form.ok) return invalid(args, form, { back });
  const locale = getLocale(args.context);
  const t = getInstance(args.context).t;
  const sent = await sendChatMessage({
    member,
    creatureId: form.data.creatureId,
    message: form.data.message,
    language: isLanguage(locale) ? locale : "en",
    t: (key) => t(key),
    hour: form.data.hour,
  });
  return respond(args, sent, {
    back,
    // What was typed: a page drawn again for a refusal shows it in its box (the chat page).
    values: form.values,
    refusals: beamkinRefusals,
    done: (chat) => ({
      toast: chat.reply,
      // repeat: the same words were just sent and stored once (decision 0305); a chat that
      // already shows them has nothing to add.
      result: { creaturemessage: chat.reply, new_light: chat.newLight, ...(chat.source === "repeat" ? { repeat: true } : {}) },
    }),
  });
}
