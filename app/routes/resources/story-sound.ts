import type { Route } from "./+types/story-sound";
import { requireMember } from "~/features/auth/principal.server";
import { setStoryMuted, StorySound } from "~/features/quests/story.server";
import { parseForm } from "~/platform/forms.server";
import { invalid, onlyPosts, respond } from "~/platform/respond.server";

/** POST /preferences/story-sound: a member's storyMuted (visitors keep theirs in local storage). */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, StorySound);
  if (!form.ok) return invalid({ request, context }, form, { back: "/start" });
  return respond({ request, context }, await setStoryMuted(me.member.id, form.data.muted), { done: () => ({}), refusals: {}, back: "/start" });
}

/** A typed or bookmarked address: browsers go to /start, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/start");
}
