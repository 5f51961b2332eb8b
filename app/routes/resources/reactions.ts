import type { Route } from "./+types/reactions";
import { requireMember } from "~/features/auth/principal.server";
import { toggleGlow } from "~/features/feed/feed.server";
import { GlowForm } from "~/features/feed/schemas";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/**
 * A glow on a post: one per member per post, and taken back by posting again. Without
 * JavaScript the form post goes back to the post on its page (PRG); with it the glow
 * fetcher asks to stay (stay=1) and gets the new count while the page reloads its data.
 */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, GlowForm);
  const stay = form.values.stay === "1";
  // The page, without the anchor of the post the form pointed at last time.
  const page = backTo(args.request, form.values, "/newsfeed").replace(/#.*$/, "");
  const back = stay ? undefined : page;
  if (!form.ok) return invalid(args, form, { back });
  const { postId, glow } = form.data;
  return respond(args, await toggleGlow(postId, member.id, glow === "on"), {
    back,
    refusals: { gone: { status: 404, message: "newsfeed:glow.gone" } },
    done: (state) => ({ redirectTo: `${page}#post-${postId}`, result: state, stay }),
  });
}

/** A typed or bookmarked address: browsers go to /newsfeed, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/newsfeed");
}
