import type { Route } from "./+types/beamkins-active";
import { requireMember } from "~/features/auth/principal.server";
import { chooseActiveCreature } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { chooseActiveForm } from "~/features/beamkins/forms";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/** POST /beamkins/active {creatureId}: choose the companion (the member's CreatureID; 0 is none). */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, chooseActiveForm);
  const back = backTo(args.request, form.values, "/beamkins");
  if (!form.ok) return invalid(args, form, { back });
  const { creatureId } = form.data;
  return respond(args, await chooseActiveCreature(member.id, creatureId), {
    back,
    refusals: beamkinRefusals,
    done: (chosen, t) => ({
      toast: chosen ? t("beamkins:choose.done", { name: t(`beamkins:${chosen.name}`) }) : t("beamkins:choose.cleared"),
      result: { creatureId },
    }),
  });
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/beamkins");
}
