/** Language settings shared by the server and the browser. */
export const supportedLanguages = ["en", "zh"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** Where the browser loads translations from (the spec's GET /locales/{lng}/{ns}.json). */
export const localesLoadPath = "/locales/{{lng}}/{{ns}}.json";
