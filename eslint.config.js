// ESLint 9 flat config: typescript-eslint's recommended rules and the React hooks rules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  // The layers (DESIGN.md "The house"): a route imports features, ui and platform; a feature
  // imports ui, platform and other features; ui imports platform only; platform imports none
  // of them. Tests may reach across (a journey test calls routes).
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
);
