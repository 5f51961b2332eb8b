import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * In the browser build only, i18next, react-i18next and the HTTP backend are replaced by
 * the slim runtime in app/platform/i18n-client (docs/decisions/0008-slim-browser-i18n.md).
 * Server rendering keeps the real libraries.
 */
function slimBrowserI18n(): Plugin {
  const dir = path.resolve(import.meta.dirname, "app/platform/i18n-client");
  const swaps: Record<string, string> = {
    i18next: path.join(dir, "i18next.ts"),
    "react-i18next": path.join(dir, "react-i18next.tsx"),
    "i18next-http-backend": path.join(dir, "http-backend.ts"),
  };
  return {
    name: "glow:slim-browser-i18n",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (options?.ssr) return null;
      return swaps[id] ?? null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The spec serves static assets under /static/.
    assetsDir: "static",
    // The server bundle's entry is our Express app, which pulls in the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [slimBrowserI18n(), tailwindcss(), reactRouter(), tsconfigPaths()],
}));
