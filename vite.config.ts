import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { fontFacesApart } from "./scripts/font-faces";
import { everyPageScripts } from "./scripts/page-scripts";

/** What every page loads: the client entry and the root route's module (scripts/page-scripts.ts). */
const everyPage = {
  clientEntry: (id: string) => /\/app\/entry\.client\.tsx$/.test(id),
  rootRoute: (id: string) => /\/app\/root\.tsx(\?|$)/.test(id),
};

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The spec serves static assets under /static/.
    assetsDir: "static",
    // Fonts stay files, however small: the CSP's font-src is 'self', which refuses data: URIs
    // (and a file is cached for a year, while inlined it would ride in every stylesheet).
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    // The server bundle's entry is our Express app, which pulls in the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), everyPageScripts(everyPage), fontFacesApart()],
}));
