import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reactions";
import { requireMember } from "~/features/auth/sessions.server";
import { toggleGlow } from "~/features/feed/feed.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";
import { safeRedirectPath } from "~/platform/redirect-to";
import { refusedPost } from "~/platform/refused-post.server";

const Body = z.preprocess(
  (input) => {
    // A feed's glow buttons share one form: each sends its post with its wish, glow=39:on.
    // (postId and glow as two fields, as pages before it sent them, are read as they are.)
    const fields = input as Record<string, unknown>;
    const both = typeof fields.glow === "string" ? /^(\d{1,10}):(on|off)$/.exec(fields.glow) : null;
    return both ? { ...fields, postId: both[1], glow: both[2] } : fields;
  },
  z.object({
    postId: z.coerce.number().int().positive().max(2_147_483_647),
    // The state the button asked for, so a double submit cannot flip it back.
    glow: z.enum(["on", "off"]),
    redirectTo: z.string().optional(),
    stay: z.literal("1").optional(),
  }),
);

/**
 * A glow on a post: one per member per post, and taken back by posting again.
 * Without JavaScript the form post redirects back to the page (PRG); with it the fetcher
 * asks to stay and gets the new count.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const fields = Object.fromEntries(await request.formData());
  const parsed = Body.safeParse(fields);
  if (!parsed.success) return refused(request, context, fields, 400, "newsfeed:glow.refused");
  const result = await toggleGlow(parsed.data.postId, member.id, parsed.data.glow === "on");
  if (!result) return refused(request, context, fields, 404, "newsfeed:glow.gone");
  if (parsed.data.stay) return data(result);
  const back = safeRedirectPath(parsed.data.redirectTo, new URL(request.url).origin, "/newsfeed");
  return redirect(`${back.replace(/#.*$/, "")}#post-${parsed.data.postId}`);
}

/**
 * A glow that cannot be done: the glow fetcher (stay=1) gets the reason as JSON, like a
 * script; a page's form post goes back to the page with it as a toast (refusedPost).
 */
function refused(
  request: Request,
  context: Route.ActionArgs["context"],
  fields: Record<string, FormDataEntryValue>,
  status: 400 | 404,
  key: string,
) {
  return refusedPost(request, context, {
    back: safeRedirectPath(fields.redirectTo, new URL(request.url).origin, "/newsfeed").replace(/#.*$/, ""),
    status,
    message: getInstance(context).t(key),
    json: fields.stay === "1",
  });
}

/** A typed or bookmarked address: browsers go to /newsfeed, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/newsfeed", getInstance(context).t);
}
