import type { Route } from "./+types/avatar-preview";
import { parseLook, readLookInput } from "~/features/avatars/options.server";
import { renderAvatarSvg, svgHeaders } from "~/features/avatars/render.server";
import { translator } from "~/platform/i18n.server";
import type { RefusalEnvelope } from "~/platform/errors";

/**
 * An unsaved look, drawn from the creator's own field names in the query. The answer is a
 * pure function of the URL, so a short cache is safe; no long one, as looks are fleeting.
 * A look that cannot be drawn answers 400 with each field's reason in the reader's language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = parseLook(readLookInput(new URL(request.url).searchParams));
  if (!result.success) {
    const t = translator(context);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, e]) => [field, t(`avatar:${e.key}`, e.values)]),
    );
    const body: RefusalEnvelope = { success: false, type: "BAD_REQUEST", message: Object.values(errors)[0] ?? t("errors:types.BAD_REQUEST.message"), errors };
    return Response.json(body, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(renderAvatarSvg(result.look), { headers: svgHeaders("public, max-age=300") });
}
