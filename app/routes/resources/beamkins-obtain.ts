import type { Route } from "./+types/beamkins-obtain";
import { requireMember } from "~/features/auth/sessions.server";
import { obtainCreature } from "~/features/beamkins/creatures.server";
import { obtainForm, readForm } from "~/features/beamkins/forms";
import { done, failed } from "~/features/beamkins/responses.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";

/**
 * POST /beamkins/obtain {creatureId}: the spec's obtaincreature, as a member picks a
 * starter. Prize boxes and catch links call obtainCreature with their own `via`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const form = await request.formData();
  try {
    const { creatureId } = readForm(obtainForm, form);
    const creature = await obtainCreature(member.id, creatureId, "starter");
    const t = getInstance(context).t;
    // The name in the reader's language, as the chat and the pages show it (not its key).
    const name = t(`beamkins:${creature.name}`);
    return done(request, context, form, t("beamkins:obtain.done", { name }), {
      result: { creature: { ...creature, name } },
    });
  } catch (error) {
    return failed(request, context, form, error);
  }
}

/** A typed or bookmarked address: browsers go to /beamkins, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/beamkins", getInstance(context).t);
}
