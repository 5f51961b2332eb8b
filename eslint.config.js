// ESLint 9 flat config: typescript-eslint's recommended rules and the React hooks rules.
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "app", "features");

/**
 * A feature's face (decision 1202): what a feature may use of another is what that feature
 * exports from `index.ts` (anywhere, the browser included) or `index.server.ts` (the
 * server); the rest of its folder is its own. A feature imports its own files directly, never
 * its own face, which would import the importer back. Resolves `~/…` and relative paths.
 */
const featureFaces = {
  meta: {
    type: "problem",
    messages: {
      internals: "{{from}} imports {{path}}, an internal of {{to}}: import what {{to}} exports from ~/features/{{to}} (index.ts) or ~/features/{{to}}/index.server (decision 1202)",
      ownFace: "{{from}} imports its own face ({{path}}): import the file itself (a face imports its feature's files, so this is a cycle)",
      serverInClientFace: "app/features/{{from}}/index.ts is the face the browser may load: {{path}} belongs in index.server.ts",
    },
    schema: [],
  },
  create(context) {
    const featureOf = (file) => {
      const relative = path.relative(FEATURES, file);
      return relative.startsWith("..") || path.isAbsolute(relative) ? null : relative.split(path.sep);
    };
    const [from, ...inside] = featureOf(context.filename) ?? [];
    if (!from) return {};
    const importerIsFace = inside.length === 1 && /^index(\.server)?\.tsx?$/.test(inside[0]);
    const importerIsClientFace = inside.length === 1 && /^index\.tsx?$/.test(inside[0]);
    const check = (source) => {
      if (!source || typeof source.value !== "string") return;
      const spec = source.value;
      if (importerIsClientFace && /\.server(\.tsx?)?$/.test(spec)) {
        context.report({ node: source, messageId: "serverInClientFace", data: { from, path: spec } });
      }
      let target;
      if (spec.startsWith("~/")) target = path.join(FEATURES, "..", spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const [to, ...rest] = featureOf(target) ?? [];
      if (!to) return;
      const face = rest.length === 0 || (rest.length === 1 && /^index(\.server)?(\.tsx?)?$/.test(rest[0]));
      if (to !== from && !face) context.report({ node: source, messageId: "internals", data: { from, to, path: spec } });
      if (to === from && face && !importerIsFace) context.report({ node: source, messageId: "ownFace", data: { from, path: spec } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "bench/bare/build/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Setting state in an effect is how a server-rendered page learns it has hydrated,
      // and how timers (countdown, confetti) start; the rule's cascade concern does not
      // apply to these one-shot updates.
      "react-hooks/set-state-in-effect": "off",
      // `_`-prefixed names are deliberately unused (route args kept for their types).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // Scripts, the server entry and configs run in Node.
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  // The site's own plain scripts (decision 1181): the service worker and the offline page's.
  { files: ["public/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["public/offline.js"], languageOptions: { globals: { ...globals.browser } } },
  // The layers, as the README's "The layers" states them (the one statement of the rule; this
  // enforces it). Tests may reach across (a journey test calls routes, a feature's test sets
  // up another's rows).
  ...[
    { files: ["app/platform/**/*.{ts,tsx}"], forbidden: ["ui", "features", "routes", "root"], layer: "platform" },
    { files: ["app/ui/**/*.{ts,tsx}"], forbidden: ["features", "routes", "root"], layer: "ui" },
    { files: ["app/features/**/*.{ts,tsx}"], forbidden: ["routes", "root"], layer: "a feature" },
  ].map(({ files, forbidden, layer }) => ({
    files,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: forbidden.map((name) => ({
            group: [`~/${name}`, `~/${name}/**`],
            message: `${layer} imports no ${name === "root" ? "root route" : name} (the layers in eslint.config.js)`,
          })),
        },
      ],
    },
  })),
  {
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { glow: { rules: { "feature-faces": featureFaces } } },
    rules: { "glow/feature-faces": "error" },
  },
);
