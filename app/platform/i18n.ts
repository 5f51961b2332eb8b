/** Language settings shared by the server and the browser. */
export const supportedLanguages = ["en", "zh"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * The `lang` a page in `lng` declares: the Chinese translations are Simplified Chinese, so
 * "zh-Hans" (browsers then draw Simplified glyph forms even on a Japanese or Traditional
 * system). Member-written Chinese text keeps a plain "zh": it may be either script.
 */
export function pageLang(lng: string): string {
  return lng === "zh" ? "zh-Hans" : lng;
}

/** The translation language of a page's `lang` ("zh-Hans" → "zh"), or the fallback. */
export function languageOfPageLang(lang: string): Language {
  const base = lang.split("-")[0]!.toLowerCase();
  return isLanguage(base) ? base : fallbackLanguage;
}

/** Where the browser loads translations from (the spec's GET /locales/{lng}/{ns}.json). */
export const localesLoadPath = "/locales/{{lng}}/{{ns}}.json";
