import type { Route } from "./+types/beamkins-obtain";
import { requireMember } from "~/features/auth/principal.server";
import { obtainCreature } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { obtainForm } from "~/features/beamkins/forms";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/**
 * POST /beamkins/obtain {creatureId}: the spec's obtaincreature, as a member picks a
 * starter. Prize boxes and catch links call obtainCreature with their own `via`.
 */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, obtainForm);
  const back = backTo(args.request, form.values, "/beamkins");
  if (!form.ok) return invalid(args, form, { back });
  return respond(args, await obtainCreature(member.id, form.data.creatureId, "starter"), {
    back,
    refusals: beamkinRefusals,
    done: (creature, t) => {
      // The name in the reader's language, as the chat and the pages show it (not its key).
      const name = t(`beamkins:${creature.name}`);
      return { toast: t("beamkins:obtain.done", { name }), result: { creature: { ...creature, name } } };
    },
  });
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/beamkins");
}
