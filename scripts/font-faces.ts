/**
 * The display fonts' @font-face rules leave the built stylesheet for a file of their own
 * (decision 1262): `app-HASH.css` is served without them, `app-HASH.font-faces.css` beside
 * it holds them, and the server writes the ones a page uses into the page's head with the
 * rest of its critical CSS.
 *
 * A face must be defined once in a document. The full stylesheet arrives after the first
 * paint; had it defined the faces again, each would be a new face, and a font already in
 * the cache by then (`font-display: optional` had left the first paint in the system font)
 * would be swapped in at once and move the page (a layout shift of 0.17 on /newsfeed).
 */
import type { Plugin } from "vite";

/** Where the faces of the stylesheet `cssFile` are written. */
export const fontFacesFile = (cssFile: string) => cssFile.replace(/\.css$/, ".font-faces.css");

/** The stylesheet's top-level @font-face rules, and the stylesheet without them. */
export function splitFontFaces(css: string): { faces: string; rest: string } {
  const faces: string[] = [];
  let rest = "";
  let i = 0;
  for (let at = css.indexOf("@font-face", i); at !== -1; at = css.indexOf("@font-face", i)) {
    const open = css.indexOf("{", at);
    let depth = 0;
    let end = open;
    for (; end < css.length; end++) {
      const c = css[end];
      if (c === "\\") end++;
      else if (c === '"' || c === "'") end = css.indexOf(c, end + 1);
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    rest += css.slice(i, at);
    faces.push(css.slice(at, end + 1));
    i = end + 1;
  }
  return { faces: faces.join(""), rest: rest + css.slice(i) };
}

export function fontFacesApart(): Plugin {
  return {
    name: "glow:font-faces-apart",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== "asset" || !asset.fileName.endsWith(".css")) continue;
        const { faces, rest } = splitFontFaces(String(asset.source));
        if (!faces) continue;
        asset.source = rest;
        this.emitFile({ type: "asset", fileName: fontFacesFile(asset.fileName), source: faces });
      }
    },
  };
}
