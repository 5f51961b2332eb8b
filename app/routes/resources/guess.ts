import { z } from "zod";
import type { Route } from "./+types/guess";
import { keptByAnother, KeptForField, keptPostRefusals } from "~/features/auth/kept-posts-key.server";
import { requireMember } from "~/features/auth/principal.server";
import { guessRefusals, guessToast, GuessIntent } from "~/features/guesses/guess-form.server";
import { takeAGuess } from "~/features/guesses/guesses.server";
import { parseForm } from "~/platform/forms.server";
import { invalid, onlyPosts, respond } from "~/platform/respond.server";
import { refused } from "~/platform/outcome";

/** A kept guess: the card's form, with the key of the member who kept it. */
const KeptGuess = GuessIntent.and(z.object({ keptFor: KeptForField }));
const refusals = { ...guessRefusals, ...keptPostRefusals };

/**
 * POST /guesses/{cardID}: a guess the phone kept while offline, sent when the connection
 * returned, answered in the JSON envelope: the same command and refusals as the card's page.
 * A guess kept by another member on this phone counts for nobody here: 403 (decision 1180).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const back = `/takeaguess/${encodeURIComponent(params.cardID)}`;
  const form = await parseForm(request, KeptGuess);
  if (!form.ok) return invalid({ request, context }, form, { back });
  const input = form.data;
  const outcome =
    input.intent !== "guess"
      ? refused("no-hint")
      : keptByAnother(me.member.id, input.keptFor)
        ? refused("kept-for-another")
        : await takeAGuess({ memberId: me.member.id, cardId: params.cardID, guess: input.guess, key: input.key });
  return respond({ request, context }, outcome, { values: form.values, done: (result, t) => ({ redirectTo: back, toast: guessToast(result, t), result }), refusals, back });
}

/** A typed or bookmarked address: browsers go to the card, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, `/takeaguess/${encodeURIComponent(args.params.cardID)}`);
}
