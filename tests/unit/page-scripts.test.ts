import { describe, expect, it } from "vitest";
import { fontFacesFile, splitFontFaces } from "../../scripts/font-faces";
import { everyPageModules } from "../../scripts/page-scripts";

/** A module graph as Rollup describes it: entries, static imports, code. */
function graph(modules: Record<string, { entry?: boolean; imports?: string[]; size?: number }>) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const m = modules[id];
      return m ? { isEntry: m.entry ?? false, importedIds: m.imports ?? [], code: "x".repeat(m.size ?? 100) } : null;
    },
  };
}

const clientEntry = (id: string) => id === "entry.client";
const rootRoute = (id: string) => id === "root";

describe("the file every page loads", () => {
  it("holds what the client entry and the root route import, not the two entries themselves", () => {
    const modules = everyPageModules(
      graph({
        "entry.client": { entry: true, imports: ["react-dom", "translations"] },
        root: { entry: true, imports: ["react-router", "header"] },
        "routes/a": { entry: true, imports: ["react-router", "a-only"] },
        "react-dom": { imports: ["react"] },
        react: {},
        "react-router": { imports: ["react"] },
        translations: {},
        header: {},
        "a-only": {},
      }),
      clientEntry,
      rootRoute,
    );
    expect([...modules].sort()).toEqual(["header", "react", "react-dom", "react-router", "translations"]);
  });

  it("takes in small modules many routes share, with nothing they would pull in after them", () => {
    const routes = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`routes/${i}`, { entry: true, imports: ["page", "fields", "look-face"] }]),
    );
    const modules = everyPageModules(
      graph({
        "entry.client": { entry: true },
        root: { entry: true, imports: ["react"] },
        react: {},
        ...routes,
        "routes/rare": { entry: true, imports: ["rare"] },
        // Small and on every route: in.
        page: { imports: ["react"], size: 300 },
        // On every route but large: stays apart.
        fields: { size: 2400 },
        // Small, but re-exports a large module, which would come with it: stays apart.
        "look-face": { imports: ["look"], size: 100 },
        look: { size: 3100 },
        rare: { size: 50 },
      }),
      clientEntry,
      rootRoute,
    );
    expect([...modules].sort()).toEqual(["page", "react"]);
  });
});

describe("the stylesheet's font faces", () => {
  it("leave it for a file beside it, the rest untouched", () => {
    const css = '@layer base{a{color:red}}@font-face{font-family:"A B";src:url(/static/a.woff2)format("woff2")}.x{y:z}@font-face{font-family:C;src:url(c.woff2)}';
    expect(splitFontFaces(css)).toEqual({
      faces: '@font-face{font-family:"A B";src:url(/static/a.woff2)format("woff2")}@font-face{font-family:C;src:url(c.woff2)}',
      rest: "@layer base{a{color:red}}.x{y:z}",
    });
    expect(splitFontFaces(".x{y:z}")).toEqual({ faces: "", rest: ".x{y:z}" });
    expect(fontFacesFile("static/app-B1.css")).toBe("static/app-B1.font-faces.css");
  });
});
