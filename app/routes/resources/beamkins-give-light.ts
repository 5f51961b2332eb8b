import type { Route } from "./+types/beamkins-give-light";
import { requireMember } from "~/features/auth/principal.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { giveLightForm } from "~/features/beamkins/forms";
import { giveLight } from "~/features/beamkins/light.server";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/** POST /beamkins/give-light {creatureId, light}: the spec's giveCreatureLight (the companion's dialog). */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, giveLightForm);
  const back = backTo(args.request, form.values, "/beamkins");
  if (!form.ok) return invalid(args, form, { back });
  const { creatureId, light } = form.data;
  return respond(args, await giveLight(member.id, creatureId, light), {
    back,
    refusals: beamkinRefusals,
    done: (given, t) => ({
      toast: t("beamkins:give.done", { amount: light, name: t(`beamkins:${given.name}`) }),
      result: { light: given.light, balance: given.balance },
    }),
  });
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/beamkins");
}
