import { z } from "zod";
import type { Route } from "./+types/reactions";
import { requireMember } from "~/features/auth/principal.server";
import { toggleGlow } from "~/features/feed/feed.server";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

const Glow = z.preprocess(
  (input) => {
    // A feed's glow buttons share one form: each sends its post with its wish, glow=39:on.
    // (postId and glow as two fields, as pages before it sent them, are read as they are.)
    const fields = input as Record<string, unknown>;
    const both = typeof fields.glow === "string" ? /^(\d{1,10}):(on|off)$/.exec(fields.glow) : null;
    return both ? { ...fields, postId: both[1], glow: both[2] } : fields;
  },
  z.object({
    postId: z.coerce.number({ error: "newsfeed:glow.refused" }).int().positive().max(2_147_483_647, { error: "newsfeed:glow.refused" }),
    // The state the button asked for, so a double submit cannot flip it back.
    glow: z.enum(["on", "off"], { error: "newsfeed:glow.refused" }),
    stay: z.literal("1").optional(),
  }),
);

/**
 * A glow on a post: one per member per post, and taken back by posting again. Without
 * JavaScript the form post goes back to the post on its page (PRG); with it the glow
 * fetcher asks to stay (stay=1) and gets the new count while the page reloads its data.
 */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, Glow);
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
