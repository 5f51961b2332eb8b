import { data, redirect } from "react-router";
import { Theme } from "remix-themes";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { safeRedirectPath } from "~/platform/redirect-to";
import { themeSessionResolver } from "~/platform/theme.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";
import { refusedPost } from "~/platform/refused-post.server";

const ThemeChoice = z.object({
  theme: z.enum(["light", "dark", "system"]).nullable(),
  redirectTo: z.string().optional(),
});

/**
 * Switch theme. Accepts a plain form post (no JavaScript) and remix-themes' JSON post;
 * "system" (or null) forgets the choice so the page follows the OS again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const isJson = request.headers.get("Content-Type")?.includes("application/json");
  // Unreadable JSON or form bodies answer 400 (the root middleware's request.json/formData).
  const raw: unknown = isJson ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = ThemeChoice.safeParse(raw);
  if (!parsed.success) {
    const message = getInstance(context).t("errors:types.BAD_REQUEST.message");
    const asked = raw && typeof raw === "object" ? (raw as Record<string, unknown>).redirectTo : undefined;
    const back = safeRedirectPath(asked, new URL(request.url).origin, "/");
    return refusedPost(request, context, { back, status: 400, message });
  }

  const session = await themeSessionResolver(request);
  const { theme, redirectTo } = parsed.data;
  let cookie: string;
  if (theme === null || theme === "system") {
    cookie = await session.destroy();
  } else {
    session.setTheme(theme === "dark" ? Theme.DARK : Theme.LIGHT);
    cookie = await session.commit();
  }
  const headers = { "Set-Cookie": cookie };
  if (isJson) return data({ success: true }, { headers });
  return redirect(safeRedirectPath(redirectTo, new URL(request.url).origin, "/"), { headers });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/home", getInstance(context).t);
}
