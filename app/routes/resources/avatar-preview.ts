import type { Route } from "./+types/avatar-preview";
import { parseLook, readLookInput } from "~/features/avatars/options.server";
import { renderAvatarSvg, svgHeaders } from "~/features/avatars/render.server";

/**
 * An unsaved look, drawn from the creator's own field names in the query. The answer is a
 * pure function of the URL, so a short cache is safe; no long one, as looks are fleeting.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const result = parseLook(readLookInput(new URL(request.url).searchParams));
  if (!result.success) {
    return new Response(JSON.stringify({ errors: result.errors }), {
      status: 400,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  }
  return new Response(renderAvatarSvg(result.look), { headers: svgHeaders("public, max-age=300") });
}
