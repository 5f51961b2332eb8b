import type { Route } from "./+types/beamkins-active";
import { requireMember } from "~/features/auth/sessions.server";
import { chooseActiveCreature, getCreature } from "~/features/beamkins/creatures.server";
import { chooseActiveForm, readForm } from "~/features/beamkins/forms";
import { done, failed } from "~/features/beamkins/responses.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";

/** POST /beamkins/active {creatureId}: choose the companion (the member's CreatureID; 0 is none). */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const form = await request.formData();
  try {
    const { creatureId } = readForm(chooseActiveForm, form);
    await chooseActiveCreature(member.id, creatureId);
    const t = getInstance(context).t;
    const creature = creatureId ? await getCreature(creatureId) : null;
    const message = creature ? t("beamkins:choose.done", { name: t(`beamkins:${creature.name}`) }) : t("beamkins:choose.cleared");
    return done(request, context, form, message, { creatureId });
  } catch (error) {
    return failed(request, context, form, error);
  }
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/beamkins", getInstance(context).t);
}
