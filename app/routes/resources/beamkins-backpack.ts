import type { Route } from "./+types/beamkins-backpack";
import { requireMember } from "~/features/auth/principal.server";
import { setCompanionCorralled } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { backpackForm } from "~/features/beamkins/forms";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/** POST /beamkins/backpack {corralled: "true" | "false"}: corral or release the companion. */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, backpackForm);
  const back = backTo(args.request, form.values, "/beamkins");
  if (!form.ok) return invalid(args, form, { back });
  const { corralled } = form.data;
  return respond(args, await setCompanionCorralled(member, corralled), {
    back,
    refusals: beamkinRefusals,
    done: (companion, t) => {
      const name = companion ? t(`beamkins:${companion.name}`) : t("beamkins:chat.guideName");
      return { toast: t(corralled ? "beamkins:backpack.corralledToast" : "beamkins:backpack.releasedToast", { name }), result: { corralled } };
    },
  });
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/beamkins");
}
