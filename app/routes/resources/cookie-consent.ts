import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cookie-consent";
import { consentCookie } from "~/platform/cookies.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";
import { refusedPost } from "~/platform/refused-post.server";

const ConsentChoice = z.object({
  choice: z.enum(["accept", "decline"]),
  redirectTo: z.string().optional(),
});

/** Accept or decline cookies; the answer is kept in a cookie the server can read. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const parsed = ConsentChoice.safeParse(fields);
  if (!parsed.success) {
    const message = getInstance(context).t("errors:types.BAD_REQUEST.message");
    const back = safeRedirectPath(fields.redirectTo, new URL(request.url).origin, "/");
    return refusedPost(request, context, { back, status: 400, message });
  }
  const value = parsed.data.choice === "accept" ? "yes" : "no";
  return redirect(safeRedirectPath(parsed.data.redirectTo, new URL(request.url).origin, "/"), {
    headers: { "Set-Cookie": await consentCookie.serialize(value) },
  });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/home", getInstance(context).t);
}
