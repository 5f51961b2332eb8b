import { z } from "zod";
import type { Route } from "./+types/treasure-claim";
import { keptByAnother, KeptForField, keptPostRefusals } from "~/features/auth/kept-posts-key.server";
import { requireMember } from "~/features/auth/principal.server";
import { ClaimFields, claimDone, claimInWords, claimRefusals } from "~/features/treasures/claim-form.server";
import { claimTreasure } from "~/features/treasures/treasures.server";
import { parseForm } from "~/platform/forms.server";
import { getLocale } from "~/platform/i18n.server";
import { invalid, onlyPosts, respond } from "~/platform/respond.server";
import { refused } from "~/platform/outcome";

const Claim = ClaimFields.extend({ treasureId: z.coerce.number().int().min(1).max(2_147_483_647).optional(), keptFor: KeptForField });
const refusals = { ...claimRefusals, ...keptPostRefusals };

/**
 * POST /treasures/claim: a claim the phone kept while offline, sent when the connection
 * returned (ui/offline-outbox.tsx), answered in the JSON envelope: the same command and
 * refusals as the treasure pages' own forms. A claim kept by another member on this phone
 * counts for nobody here: 403, and the phone keeps it for them (decision 1180).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, Claim);
  const back = form.ok && form.data.treasureId ? `/treasure/${form.data.treasureId}` : "/treasure";
  if (!form.ok) return invalid({ request, context }, form, { back });
  const outcome = keptByAnother(me.member.id, form.data.keptFor)
    ? refused("kept-for-another")
    : claimInWords(await claimTreasure({ memberId: me.member.id, code: form.data.code, treasureId: form.data.treasureId, key: form.data.key }), getLocale(context));
  return respond({ request, context }, outcome, { values: form.values, done: claimDone, refusals, back });
}

/** A typed or bookmarked address: browsers go to /treasure, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/treasure");
}
