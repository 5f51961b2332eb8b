import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/language";
import { languageCookie } from "~/platform/cookies.server";
import { supportedLanguages } from "~/platform/i18n";
import { safeRedirectPath } from "~/platform/redirect-to";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";

const LanguageChoice = z.object({
  lng: z.enum(supportedLanguages),
  redirectTo: z.string().optional(),
});

/** The language switcher's form: remember the choice in the cookie and go back. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = LanguageChoice.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Unknown language" }, { status: 400 });
  const origin = new URL(request.url).origin;
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
