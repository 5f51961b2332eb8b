import { data } from "react-router";
import type { Route } from "./+types/beamkins-chat";
import { requireMember } from "~/features/auth/sessions.server";
import { chatHistory, ownsBeamkins, sendChatMessage } from "~/features/beamkins/chat.server";
import { activeCreature, ownedCreatureOrRefuse, type OwnedBeamkin } from "~/features/beamkins/creatures.server";
import { isRefusal } from "~/features/beamkins/errors";
import { chatForm, readForm } from "~/features/beamkins/forms";
import { done, failed, refusalText, wholeNumber } from "~/features/beamkins/responses.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { isLanguage } from "~/platform/i18n";

/** GET /beamkins/chat?creatureId=: the chat history (the spec's result.messages) for the dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member: me } = await requireMember(request, context);
  const asked = new URL(request.url).searchParams.get("creatureId");
  const t = getInstance(context).t;
  let creature: OwnedBeamkin | null = null;
  try {
    // None asked: the active beamkin; 0: the creature-less chat; else one of the member's own.
    if (asked === null || asked === "") creature = await activeCreature(me);
    else if (wholeNumber(asked) !== 0) creature = await ownedCreatureOrRefuse(me.id, wholeNumber(asked));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    throw data({ ok: false, error: refusalText(context, error) }, { status: error.status });
  }
  return data(
    {
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
 * chat when there is none.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { member: me } = await requireMember(request, context);
  const form = await request.formData();
  const locale = getLocale(context);
  try {
    const { message, creatureId, hour } = readForm(chatForm, form);
    const outcome = await sendChatMessage({
      member: me,
      creatureId,
      message,
      language: isLanguage(locale) ? locale : "en",
      t: (key) => getInstance(context).t(key),
      hour,
    });
    return done(request, context, form, outcome.reply, {
      // repeat: the same words were just sent and stored once (decision 0305); a chat that
      // already shows them has nothing to add.
      result: { creaturemessage: outcome.reply, new_light: outcome.newLight, ...(outcome.source === "repeat" ? { repeat: true } : {}) },
    });
  } catch (error) {
    return failed(request, context, form, error);
  }
}
