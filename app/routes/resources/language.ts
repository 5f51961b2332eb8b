import { z } from "zod";
import type { Route } from "./+types/language";
import { languageCookie } from "~/platform/cookies.server";
import { parseForm } from "~/platform/forms.server";
import { supportedLanguages } from "~/platform/i18n";
import { done } from "~/platform/outcome";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

const LanguageChoice = z.object({
  lng: z.enum(supportedLanguages, { error: "errors:types.BAD_REQUEST.message" }),
});

/** The language switcher's form: remember the choice in the cookie and go back. */
export async function action(args: Route.ActionArgs) {
  const form = await parseForm(args.request, LanguageChoice);
  const back = backTo(args.request, form.values, "/");
  if (!form.ok) return invalid(args, form, { back });
  const origin = new URL(args.request.url).origin;
  const page = new URL(back, origin);
  // A ?lng= left in the address would override the new choice.
  page.searchParams.delete("lng");
  const chosen = await languageCookie.serialize(form.data.lng);
  return respond(args, done(chosen), {
    refusals: {},
    done: (setCookie) => ({ redirectTo: `${page.pathname}${page.search}${page.hash}`, headers: { "Set-Cookie": setCookie }, result: null }),
  });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
