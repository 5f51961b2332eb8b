import { data, redirect } from "react-router";
import type { Route } from "./+types/avatar";
import { findCharacter, rowToLook } from "~/features/avatars/characters.server";
import { avatarUrl, DEFAULT_AVATAR_URL } from "~/features/avatars/look";
import { renderAvatarSvg, svgHeaders } from "~/features/avatars/render.server";

/** The URL names the look's version, so the answer for it never changes: cache it forever. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

export async function loader({ params }: Route.LoaderArgs) {
  const memberId = /^\d{1,9}$/.test(params.memberId) ? Number(params.memberId) : null;
  const version = /^(\d{1,9})\.svg$/.exec(params.file)?.[1];
  if (!memberId || version === undefined) throw data(null, { status: 404 });

  const row = await findCharacter(memberId);
  // An old version's URL (an old page, a cached feed) points at the current look.
  if (!row) return redirect(DEFAULT_AVATAR_URL, { headers: { "Cache-Control": "no-cache" } });
  if (row.version !== Number(version)) {
    if (Number(version) > row.version) throw data(null, { status: 404 });
    return redirect(avatarUrl(memberId, row.version), { headers: { "Cache-Control": "no-cache" } });
  }
  return new Response(renderAvatarSvg(rowToLook(row)), { headers: svgHeaders(IMMUTABLE) });
}
