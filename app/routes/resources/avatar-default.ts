import { defaultLook } from "~/features/avatars/options.server";
import { renderAvatarSvg, svgHeaders } from "~/features/avatars/render.server";

/** The look of every member who has not saved one yet (pixelArt, seed Aneka). */
export async function loader() {
  return new Response(renderAvatarSvg(defaultLook()), { headers: svgHeaders("public, max-age=86400") });
}
