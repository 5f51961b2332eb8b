import path from "node:path";
import type { Plugin } from "vite";

/**
 * Swaps i18next, react-i18next and the HTTP backend for Glow's runtime in this folder, in
 * the browser build, the server build, development and tests alike
 * (docs/decisions/0016-one-i18n-runtime.md). Only the parity test (i18next.test.ts) keeps
 * the real i18next, to hold the runtime to its output.
 */
export function i18nRuntime(): Plugin {
  const dir = import.meta.dirname;
  const swaps: Record<string, string> = {
    i18next: path.join(dir, "i18next.ts"),
    "react-i18next": path.join(dir, "react-i18next.tsx"),
    "i18next-http-backend": path.join(dir, "http-backend.ts"),
  };
  const parityTest = path.join(dir, "i18next.test.ts");
  return {
    name: "glow:i18n-runtime",
    enforce: "pre",
    resolveId(id, importer) {
      if (importer === parityTest) return null;
      return swaps[id] ?? null;
    },
  };
}
