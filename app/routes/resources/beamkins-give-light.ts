import type { Route } from "./+types/beamkins-give-light";
import { requireMember } from "~/features/auth/sessions.server";
import { getCreature } from "~/features/beamkins/creatures.server";
import { giveLight } from "~/features/beamkins/light.server";
import { giveLightForm, readForm } from "~/features/beamkins/forms";
import { done, failed } from "~/features/beamkins/responses.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";

/** POST /beamkins/give-light {creatureId, light}: the spec's giveCreatureLight. */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const form = await request.formData();
  try {
    const { creatureId, light: amount } = readForm(giveLightForm, form);
    const result = await giveLight(member.id, creatureId, amount);
    const creature = await getCreature(creatureId);
    const t = getInstance(context).t;
    return done(request, context, form, t("beamkins:give.done", { amount, name: t(`beamkins:${creature!.name}`) }), {
      result: { light: result.light, balance: result.balance },
    });
  } catch (error) {
    return failed(request, context, form, error);
  }
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/beamkins", getInstance(context).t);
}
