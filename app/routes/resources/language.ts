import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/language";
import { languageCookie } from "~/platform/cookies.server";
import { supportedLanguages } from "~/platform/i18n";
import { safeRedirectPath } from "~/platform/redirect-to";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";
import { refusedPost } from "~/platform/refused-post.server";

const LanguageChoice = z.object({
  lng: z.enum(supportedLanguages),
  redirectTo: z.string().optional(),
});

/** The language switcher's form: remember the choice in the cookie and go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const parsed = LanguageChoice.safeParse(fields);
  const origin = new URL(request.url).origin;
  if (!parsed.success) {
    const message = getInstance(context).t("errors:types.BAD_REQUEST.message");
    return refusedPost(request, context, { back: safeRedirectPath(fields.redirectTo, origin, "/"), status: 400, message });
  }
  const back = new URL(safeRedirectPath(parsed.data.redirectTo, origin, "/"), origin);
  // A ?lng= left in the address would override the new choice.
  back.searchParams.delete("lng");
  return redirect(`${back.pathname}${back.search}${back.hash}`, {
    headers: { "Set-Cookie": await languageCookie.serialize(parsed.data.lng) },
  });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/home", getInstance(context).t);
}
