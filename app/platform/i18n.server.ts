import { createInstance, type i18n as I18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import resources from "~/locales";
import { keep, type Kept } from "./cache";
import { languageCookie } from "./cookies.server";
import { defaultNamespace, fallbackLanguage, isLanguage, supportedLanguages, type Language } from "./i18n";
import type { Translate, Translations } from "./translations";

/**
 * Detection order (the platform issue): ?lng=, then the language cookie, then
 * Accept-Language, then English — remix-i18next's LanguageDetector.
 */
const detector = new LanguageDetector({
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage,
  cookie: languageCookie,
  order: ["searchParams", "cookie", "header"],
});

/**
 * One initialised i18next instance per language (two in all), shared by every request:
 * remix-i18next's own middleware would create and initialise one per request. They hold
 * only the translation files and are only read afterwards. Never call `changeLanguage` on
 * them: use `getFixedT(lng)` for another language.
 */
const instances = new Map<string, Promise<I18n>>();

function instanceFor(lng: Language): Promise<I18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const i18n = createInstance({
      resources,
      lng,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      defaultNS: defaultNamespace,
      fallbackNS: defaultNamespace,
      interpolation: { escapeValue: false },
    });
    instance = i18n.init().then(() => i18n);
    instances.set(lng, instance);
  }
  return instance;
}

const localeContext = createContext<Language>(fallbackLanguage);
const instanceContext = createContext<I18n | null>(null);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = (await detector.detect(request)) as Language;
  context.set(localeContext, lng);
  context.set(instanceContext, await instanceFor(lng));
  const response = await next();
  // A ?lng= choice sticks, whatever answers: a page, or a redirect elsewhere (to sign in…).
  // (Most requests carry no ?lng=: skip parsing their address again.)
  const asked = request.url.includes("lng=") ? new URL(request.url).searchParams.get("lng") : null;
  if (isLanguage(asked)) response.headers.append("Set-Cookie", await languageCookie.serialize(asked));
  return response;
};

type Context = Readonly<RouterContextProvider>;

export function getLocale(context: Context): Language {
  return context.get(localeContext);
}

export function getInstance(context: Context): I18n {
  const instance = context.get(instanceContext);
  if (!instance) throw new Error("The i18n middleware has not run for this request");
  return instance;
}

/**
 * A translator for a request that React Router does not answer (the server's own refusals:
 * a method it does not take, a body too large…), in the language the request asks for.
 */
export async function translatorForRequest(request: Request) {
  const lng = (await detector.detect(request)) as Language;
  return (await instanceFor(lng)).t;
}

/** The language a request asks for (?lng=, the language cookie, Accept-Language), for a page React Router does not render. */
export async function languageOfRequest(request: Request): Promise<Language> {
  return (await detector.detect(request)) as Language;
}

/** A translator for text made away from any request's language (an email in its reader's language). */
export async function translatorFor(lng: Language) {
  return (await instanceFor(lng)).t;
}

/** A translator for server-made text (toasts, validation messages, SMS). */
export function translator(context: Context) {
  return getInstance(context).t;
}

/**
 * The text of plain lookups (a key in namespaces, no values), per i18next instance, i.e. per
 * language. A page makes hundreds of them (labels, a form's options, the header's links),
 * each a walk through i18next's resolution; the same key in the same namespaces always gives
 * the same text, because the translations are built into the server and an instance never
 * changes language. Kept: the text only, keyed by namespaces, prefix and key, at most
 * `PLAIN_TEXTS_MAX` a language (Glow's keys number a few thousand). Forgotten: never while the
 * process runs; the memory belongs to the instance, so a new instance (development's reload
 * of changed translations) starts with none. Lookups with values, a count or a default are
 * not kept.
 */
const PLAIN_TEXTS_MAX = 10_000;
const plainTexts = new WeakMap<I18n, Kept<string, string>>();

function plainTextsOf(i18n: I18n): Kept<string, string> {
  let kept = plainTexts.get(i18n);
  if (!kept) plainTexts.set(i18n, (kept = keep<string, string>({ max: PLAIN_TEXTS_MAX })));
  return kept;
}

/** A page's text on the server: the request's i18next, as components read it (translations.tsx). */
export function serverTranslations(i18n: I18n): Translations {
  const texts = plainTextsOf(i18n);
  return {
    language: i18n.language,
    dir: (language) => i18n.dir(language),
    // i18n.t with the namespaces in its options, not getFixedT: a fixed t spreads all of
    // i18next's options into a new object on every call, and a feed page makes hundreds of
    // calls (each card's labels). The lookup is the same: this instance's language, these
    // namespaces (a call's own `ns` still wins), the key prefix.
    fixedT: (namespaces, keyPrefix) => {
      const fixed = { ns: namespaces, ...(keyPrefix ? { keyPrefix } : {}) };
      const scope = `${namespaces.join(",")}\u0000${keyPrefix ?? ""}\u0000`;
      const lookUp = (key: string | readonly string[], options?: Record<string, unknown> | string) =>
        i18n.t(key as string, typeof options === "string" ? { ...fixed, defaultValue: options } : { ...fixed, ...options });
      return ((key: string | readonly string[], options?: Record<string, unknown> | string) => {
        if (options !== undefined || typeof key !== "string") return lookUp(key, options);
        return texts.made(scope + key, () => String(lookUp(key)));
      }) as unknown as Translate;
    },
    // Every namespace is bundled on the server.
    whenLoaded: () => null,
    changeLanguage: () => Promise.reject(new Error("The server renders in the request's language")),
    subscribe: () => () => {},
    version: () => 0,
  };
}
