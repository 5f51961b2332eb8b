/** Avatars are drawn on the server only: the DiceBear collection never reaches the browser. */
import { createAvatar } from "@dicebear/core";
import { diceBearStyles, toDiceBearOptions, type Look } from "./options.server";
import type { AvatarStyle } from "./look";

export function renderAvatarSvg(look: Look): string {
  // The options were validated against this very style's schema.
  const style = diceBearStyles[look.style] as Parameters<typeof createAvatar>[0];
  return createAvatar(style, toDiceBearOptions(look)).toString();
}

export interface ArtCredit {
  style: AvatarStyle;
  title: string;
  creator: string;
  source: string;
  homepage: string;
  license: { name: string; url: string };
}

let credits: ArtCredit[] | undefined;

/** The art's licences, as each style's own metadata states them (CC0 1.0 or CC BY 4.0). */
export function artCredits(): ArtCredit[] {
  // The styles' metadata is fixed at build time: read it once.
  return (credits ??= (Object.keys(diceBearStyles) as AvatarStyle[]).map((style) => {
    const meta = diceBearStyles[style].meta as Omit<ArtCredit, "style">;
    return {
      style,
      title: meta.title,
      creator: meta.creator,
      source: meta.source,
      homepage: meta.homepage,
      license: { name: meta.license.name, url: meta.license.url },
    };
  }));
}

/** Headers for an SVG we drew: no scripts, no sniffing. */
export function svgHeaders(cacheControl: string) {
  return {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
}
