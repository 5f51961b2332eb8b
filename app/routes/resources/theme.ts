import { Theme } from "remix-themes";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { parseForm } from "~/platform/forms.server";
import { done } from "~/platform/outcome";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";
import { themeSessionResolver } from "~/platform/theme.server";

const ThemeChoice = z.object({
  theme: z.enum(["light", "dark", "system"], { error: "errors:types.BAD_REQUEST.message" }).nullable(),
});

/**
 * Switch theme. Takes a plain form post (no JavaScript) and remix-themes' JSON post;
 * "system" (or null) forgets the choice so the page follows the OS again.
 */
export async function action(args: Route.ActionArgs) {
  const form = await parseForm(args.request, ThemeChoice);
  const back = backTo(args.request, form.values, "/");
  if (!form.ok) return invalid(args, form, { back });
  const session = await themeSessionResolver(args.request);
  const { theme } = form.data;
  if (theme === null || theme === "system") return respond(args, done(await session.destroy()), { back, refusals: {}, done: cookie });
  session.setTheme(theme === "dark" ? Theme.DARK : Theme.LIGHT);
  return respond(args, done(await session.commit()), { back, refusals: {}, done: cookie });
}

const cookie = (setCookie: string) => ({ headers: { "Set-Cookie": setCookie }, result: null });

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
