import type { Resource, ResourceLanguage } from "i18next";

/**
 * Every translation file, app/locales/{lng}/{namespace}.json, loaded for the server.
 * Each capability owns its namespace file; en is the source of truth and a test fails
 * when zh lacks a key that en has.
 */
const files = import.meta.glob<Record<string, unknown>>("./*/*.json", {
  eager: true,
  import: "default",
});

const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  (resources[lng] ??= {} as ResourceLanguage)[ns] = content as ResourceLanguage[string];
}

export default resources;
