import type { Route } from "./+types/beamkins-backpack";
import { requireMember } from "~/features/auth/sessions.server";
import { activeCreature, setCompanionCorralled } from "~/features/beamkins/creatures.server";
import { backpackForm, readForm } from "~/features/beamkins/forms";
import { done, failed } from "~/features/beamkins/responses.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";

/** POST /beamkins/backpack {corralled: "true" | "false"}: corral or release the companion. */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const form = await request.formData();
  try {
    const { corralled } = readForm(backpackForm, form);
    await setCompanionCorralled(member.id, corralled);
    const creature = await activeCreature(member);
    const t = getInstance(context).t;
    const name = creature ? t(`beamkins:${creature.name}`) : t("beamkins:chat.guideName");
    return done(request, context, form, t(corralled ? "beamkins:backpack.corralledToast" : "beamkins:backpack.releasedToast", { name }), {
      corralled,
    });
  } catch (error) {
    return failed(request, context, form, error);
  }
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/beamkins", getInstance(context).t);
}
