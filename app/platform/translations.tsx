/**
 * Glow's translations for components: `useTranslation`, `Trans` and the provider a page is
 * rendered in. Components import them from here, never from i18next or react-i18next.
 *
 * What the text comes from is the provider's: on the server the request's i18next instance
 * (`serverTranslations` in i18n.server.ts), in the browser Glow's small runtime
 * (`BrowserTranslations`, decision 0008). A test holds the two to the same output for every
 * key. Keys are typed from app/locales/en (app/locales/types.ts): a key no file has fails
 * the type check.
 */
import type { Key, Namespace } from "~/locales/types";
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  use,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";

/** Options a lookup takes: values to interpolate, `count`, `defaultValue`, `returnObjects`. */
export type TranslateOptions = Record<string, unknown>;

/** A lookup in fixed namespaces: the first is searched first, then "common". */
export type Translate = (key: string | readonly string[], options?: TranslateOptions | string) => unknown;

/** The text a page is rendered with. */
export interface Translations {
  readonly language: string;
  dir(language?: string): "ltr" | "rtl";
  /** A lookup in these namespaces; `keyPrefix` is put before every key. */
  fixedT(namespaces: readonly string[], keyPrefix?: string): Translate;
  /**
   * Null when every one of these namespaces is at hand; otherwise a promise, the same one
   * for as long as they load, that settles once they are (and rejects if they cannot be).
   */
  whenLoaded(namespaces: readonly string[]): Promise<void> | null;
  /** Switches the language once its text for the namespaces in use is at hand. */
  changeLanguage(language: string): Promise<void>;
  /** Called when the language or the text at hand changes. */
  subscribe(listener: () => void): () => void;
  /**
   * Changes when the language changes or the text of one of these namespaces (or "common")
   * does: a namespace arriving for a part loaded later re-renders the components that read
   * it, not the whole page (decision 1030).
   */
  version(namespaces: readonly string[]): string | number;
}

/** A component's lookup: only keys the English files have, in its namespaces or prefixed. */
export type TFunction<N extends Namespace = "common"> = (key: Key<N> | readonly Key<N>[], options?: TranslateOptions | string) => string;

/** The namespaces a component asks for: one, or a list whose first is searched first. */
type Namespaces = Namespace | readonly Namespace[];
type Of<NS extends Namespaces> = NS extends readonly Namespace[] ? NS[number] : NS;

const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ translations, children }: { translations: Translations; children?: ReactNode }) {
  return <TranslationsContext.Provider value={translations}>{children}</TranslationsContext.Provider>;
}

function useTranslations(): Translations {
  const translations = useContext(TranslationsContext);
  if (!translations) throw new Error("No TranslationsProvider above this component");
  return translations;
}

const DEFAULT_NAMESPACES = ["common"] as const;

/**
 * The page's text in these namespaces (the first is searched first, then "common"). In the
 * browser a namespace not yet loaded suspends the component (inside the navigation's
 * transition) until it arrives; one that cannot be loaded fails the page with an error the
 * crash screen shows as Glow being unreachable.
 */
export function useTranslation<const NS extends Namespaces = "common">(ns?: NS): { t: TFunction<Of<NS>>; i18n: Translations } {
  const i18n = useTranslations();
  const namespaces: readonly string[] = ns === undefined ? DEFAULT_NAMESPACES : typeof ns === "string" ? [ns] : ns;
  const nsKey = namespaces.join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- nsKey stands for the namespaces
  const snapshot = useCallback(() => i18n.version(namespaces), [i18n, nsKey]);
  const version = useSyncExternalStore(i18n.subscribe, snapshot, snapshot);
  const loading = i18n.whenLoaded(namespaces);
  if (loading) use(loading);
  const remember = useContext(RepeatedWordsContext);
  const t = useMemo(() => {
    const lookup = i18n.fixedT(nsKey.split(",")) as TFunction<Of<NS>>;
    if (!remember) return lookup;
    // Everything the text depends on is in the key: language, namespaces, key and options.
    const language = i18n.language;
    return ((key, options) =>
      remember(`${language}|${nsKey}|${String(key)}|${options === undefined ? "" : JSON.stringify(options)}`, () =>
        lookup(key, options),
      )) as TFunction<Of<NS>>;
    // `version` changes with the language and the text at hand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, nsKey, version, remember]);
  return { t, i18n };
}

type Remember = (key: string, make: () => string) => string;
const RepeatedWordsContext = createContext<Remember | null>(null);

/**
 * Around a list whose items say the same words again and again (a feed page's twenty cards:
 * "Glow", "3 glows", a post type's name, an author's byline): under it, `useTranslation`
 * makes each distinct text once per list instead of once per item. What it remembers lives
 * as long as the list, so on the server nothing outlasts the request.
 */
export function RepeatedWords({ children }: { children?: ReactNode }) {
  // One memory per mounted list: a server render's whole life; in the browser it is kept
  // across the list's renders, which is sound because the key holds all a text depends on.
  const [remember] = useState(rememberingWords);
  return <RepeatedWordsContext.Provider value={remember}>{children}</RepeatedWordsContext.Provider>;
}

function rememberingWords(): Remember {
  const words = new Map<string, string>();
  return (key, make) => {
    let text = words.get(key);
    if (text === undefined) {
      text = make();
      words.set(key, text);
    }
    return text;
  };
}

/**
 * Translated text whose `<name>…</name>` (or `<0>…</0>`) tags become the given elements:
 * `<Trans t={t} i18nKey="…" values={…} components={{ name: <a href="…" /> }} />`.
 */
export function Trans<N extends Namespace>({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction<N>;
  i18nKey: Key<N>;
  values?: TranslateOptions;
  components: readonly ReactElement[] | Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  return <>{renderTags(text, components)}</>;
}

function renderTags(text: string, components: readonly ReactElement[] | Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const element = (components as Record<string, ReactElement>)[name];
    const inner = match[2];
    if (element && isValidElement(element)) {
      out.push(cloneElement(element, { key: index++ }, inner !== undefined ? renderTags(inner, components) : undefined));
    } else {
      out.push(<Fragment key={index++}>{inner ?? ""}</Fragment>);
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
