import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import resources from "~/locales";
import { languageCookie } from "./cookies.server";
import { defaultNamespace, fallbackLanguage, supportedLanguages } from "./i18n";

/**
 * Detection order (the platform issue): ?lng=, then the language cookie, then
 * Accept-Language, then English.
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: {
    resources,
    defaultNS: defaultNamespace,
    fallbackNS: defaultNamespace,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

/** A translator for server-made text (toasts, validation messages, SMS). */
export function translator(context: Parameters<typeof getInstance>[0]) {
  return getInstance(context).t;
}
