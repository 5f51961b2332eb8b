import type { Route } from "./+types/guess";
import { requireMember } from "~/features/auth/principal.server";
import { guessRefusals, guessToast, GuessIntent } from "~/features/guesses/guess-form.server";
import { takeAGuess } from "~/features/guesses/guesses.server";
import { parseForm } from "~/platform/forms.server";
import { invalid, onlyPosts, respond } from "~/platform/respond.server";
import { refused } from "~/platform/outcome";

/**
 * POST /guesses/{cardID}: a guess the phone kept while offline, sent when the connection
 * returned, answered in the JSON envelope: the same command and refusals as the card's page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const back = `/takeaguess/${encodeURIComponent(params.cardID)}`;
  const form = await parseForm(request, GuessIntent);
  if (!form.ok) return invalid({ request, context }, form, { back });
  const outcome = form.data.intent === "guess" ? await takeAGuess({ memberId: me.member.id, cardId: params.cardID, guess: form.data.guess, key: form.data.key }) : refused("no-hint");
  return respond({ request, context }, outcome, { values: form.values, done: (result, t) => ({ redirectTo: back, toast: guessToast(result, t), result }), refusals: guessRefusals, back });
}

/** A typed or bookmarked address: browsers go to the card, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, `/takeaguess/${encodeURIComponent(args.params.cardID)}`);
}
