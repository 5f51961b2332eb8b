/**
 * Glow's translation runtime for the browser (decision 0008): the part of i18next the pages
 * use, small enough for the page's script budget, imported by its own name. It reads the
 * same JSON from GET /locales/{lng}/{ns}.json, with the spec's retry (350 ms apart, up to 5
 * times), and resolves keys as i18next does: "ns:key", nested keys, the "common" fallback
 * namespace, {{interpolation}} (unescaped), `count` plurals (key_zero, key_one, key_other…),
 * `defaultValue` and `returnObjects`. browser-translations.test.ts holds it to i18next's
 * output for every key of every namespace.
 *
 * A namespace that cannot be loaded is never replaced by an empty one (the page would show
 * its keys): loading it rejects (decision 0527).
 */
import { defaultNamespace, fallbackLanguage, languageOfPageLang, localesLoadPath } from "./i18n";
import type { Translate, TranslateOptions, Translations } from "./translations";

type Tree = { [key: string]: unknown };

export interface BrowserTranslationsOptions {
  language: string;
  /** Searched after a lookup's own namespaces ("common"). */
  fallbackNamespace: string;
  /** Where a bundle is, with {{lng}} and {{ns}}. */
  loadPath: string;
  retryTimeout?: number;
  maxRetries?: number;
}

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g;
const RTL = new Set(["ar", "he", "fa", "ur", "yi", "ps", "dv", "ckb"]);

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/** i18next leaves a placeholder whose value is missing as it is. */
function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = name.includes(".") ? lookup(values, name) : values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** i18next interpolates inside returned objects and lists too. */
function interpolateDeep(value: unknown, values: TranslateOptions): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, values));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateDeep(v, values)]));
  }
  return value;
}

/**
 * A promise that says on itself once it settled, as React's `use` reads a promise it has
 * seen before (`status` "fulfilled" with its `value`, or "rejected" with its `reason`): a
 * component rendered after it settled reads it at once, without suspending, even when React
 * never waited for it (the page's namespaces, loaded before the page was hydrated).
 */
function settledMarked<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  // The handlers return nothing: returning `marked` itself (Object.assign's answer) would make
  // the promise `then` made follow it, and reject unhandled when it does.
  promise.then(
    (value) => void Object.assign(marked, { status: "fulfilled", value }),
    (reason: unknown) => void Object.assign(marked, { status: "rejected", reason }),
  );
  return marked;
}

export class BrowserTranslations implements Translations {
  language: string;
  readonly #options: Required<BrowserTranslationsOptions>;
  readonly #bundles: Record<string, Record<string, Tree>> = {};
  /** Loads asked for, by language and namespaces: under way, done or failed (see whenLoaded). */
  readonly #loading = new Map<string, Promise<void>>();
  /** Each namespace's file being fetched (or fetched), by language. */
  readonly #fetching = new Map<string, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  readonly #plurals = new Map<string, Intl.PluralRules>();
  /** Bumped when the language changes. */
  #languageVersion = 0;
  /** Bumped for a namespace (in a language) when its text arrives. */
  readonly #bundleVersions = new Map<string, number>();

  constructor(options: BrowserTranslationsOptions) {
    this.#options = { retryTimeout: 350, maxRetries: 5, ...options };
    this.language = options.language;
  }

  addBundle(language: string, ns: string, tree: Tree) {
    (this.#bundles[language] ??= {})[ns] = tree;
    const at = `${language}/${ns}`;
    this.#bundleVersions.set(at, (this.#bundleVersions.get(at) ?? 0) + 1);
    this.#changed();
  }

  whenLoaded(namespaces: readonly string[], language = this.language): Promise<void> | null {
    const wanted = [...new Set(namespaces)].sort();
    const key = `${language}|${wanted.join(",")}`;
    // Once asked for, the same promise for good, settled or not. A component that suspended on
    // it (React's `use`) is rendered again when it settles, and must call `use` again in the
    // same place: React then reads the value it saw arrive, with no second suspension. Getting
    // null instead made React throw during the render ("did not call use() when it finished")
    // and redo it synchronously: error #520 in the console, on the quest map's outbox after
    // "Start The Lantern Trail" (issue 40). A failed load stays failed for this page, for the
    // same reason; reloading the page, which the error screen offers, asks again.
    const known = this.#loading.get(key);
    if (known) return known;
    const missing = wanted.filter((ns) => !this.#bundles[language]?.[ns]);
    if (missing.length === 0) return null;
    const loading = settledMarked(Promise.all(missing.map((ns) => this.#bundle(language, ns))).then(() => {}));
    this.#loading.set(key, loading);
    return loading;
  }

  /** One namespace's file, fetched once however many lists of namespaces ask for it. */
  #bundle(language: string, ns: string): Promise<void> {
    const at = `${language}/${ns}`;
    let fetching = this.#fetching.get(at);
    if (!fetching) this.#fetching.set(at, (fetching = this.#fetchBundle(language, ns)));
    return fetching;
  }

  /** Loads these namespaces; rejects when one of them cannot be loaded. */
  async load(namespaces: readonly string[], language = this.language): Promise<void> {
    await this.whenLoaded(namespaces, language);
  }

  async #fetchBundle(language: string, ns: string) {
    const url = this.#options.loadPath.replace("{{lng}}", language).replace("{{ns}}", ns);
    for (let attempt = 0; ; attempt++) {
      let final = false;
      try {
        const response = await fetch(url, { credentials: "same-origin" });
        if (response.ok) {
          this.addBundle(language, ns, (await response.json()) as Tree);
          return;
        }
        // A 4xx will not get better by asking again.
        final = response.status < 500;
        if (final || attempt >= this.#options.maxRetries) throw new Error(`${url}: ${response.status}`);
      } catch (error) {
        if (final || attempt >= this.#options.maxRetries) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, this.#options.retryTimeout));
    }
  }

  fixedT(namespaces: readonly string[], keyPrefix?: string): Translate {
    return (key, options) => {
      const keys = typeof key === "string" ? [key] : key;
      return this.translate(
        this.language,
        namespaces,
        keyPrefix === undefined ? keys : keys.map((k) => `${keyPrefix}.${k}`),
        options,
      );
    };
  }

  /** A lookup as i18next's `t` makes it: the first key that has text, else the default, else the key. */
  translate(language: string, namespaces: readonly string[], keys: readonly string[], rawOptions?: TranslateOptions | string): unknown {
    const options: TranslateOptions = typeof rawOptions === "string" ? { defaultValue: rawOptions } : (rawOptions ?? {});
    for (const key of keys) {
      const value = this.#search(typeof options.lng === "string" ? options.lng : language, namespaces, key, options);
      if (value === undefined) continue;
      if (typeof value === "string") return interpolate(value, options);
      if (options.returnObjects) return interpolateDeep(value, options);
    }
    if (typeof options.defaultValue === "string") return interpolate(options.defaultValue, options);
    const last = keys.at(-1) ?? "";
    return last.includes(":") ? last.slice(last.indexOf(":") + 1) : last;
  }

  #pluralForm(language: string, count: number): string {
    let rules = this.#plurals.get(language);
    if (!rules) this.#plurals.set(language, (rules = new Intl.PluralRules(language)));
    return rules.select(count);
  }

  /** Where a key's text is: its namespaces in order, plural forms before the plain key. */
  #search(language: string, namespaces: readonly string[], key: string, options: TranslateOptions): unknown {
    const optionNs = options.ns === undefined ? [] : typeof options.ns === "string" ? [options.ns] : (options.ns as string[]);
    let nsList = [...optionNs, ...namespaces];
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0 && !key.slice(0, colon).includes(".")) {
      nsList = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    if (nsList.length === 0) nsList = [this.#options.fallbackNamespace];
    nsList.push(this.#options.fallbackNamespace);

    const count = typeof options.count === "number" ? options.count : undefined;
    const candidates: string[] = [];
    if (count !== undefined) {
      if (count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${this.#pluralForm(language, count)}`);
    }
    candidates.push(path);

    for (const ns of nsList) {
      const bundle = this.#bundles[language]?.[ns];
      for (const candidate of candidates) {
        const value = lookup(bundle, candidate);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  async changeLanguage(language: string) {
    if (language === this.language) return;
    await this.load(Object.keys(this.#bundles[this.language] ?? {}), language);
    this.language = language;
    this.#languageVersion++;
    this.#changed();
  }

  dir(language = this.language): "ltr" | "rtl" {
    return RTL.has(language.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr";
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  /**
   * What the text of these namespaces depends on: the language and each one's bundle (the
   * fallback namespace's too). A string, so equal text compares equal for React.
   */
  version = (namespaces: readonly string[]) => {
    const stamps = [...namespaces, this.#options.fallbackNamespace].map((ns) => this.#bundleVersions.get(`${this.language}/${ns}`) ?? 0);
    return `${this.#languageVersion}:${stamps.join(".")}`;
  };

  #changed() {
    this.#listeners.forEach((listener) => listener());
  }
}

/**
 * The browser's one instance, in the language the server chose (the page's `lang`).
 * entry.client.tsx loads the page's namespaces into it before hydrating.
 */
export const browserTranslations = new BrowserTranslations({
  language: typeof document === "undefined" ? fallbackLanguage : languageOfPageLang(document.documentElement.lang),
  fallbackNamespace: defaultNamespace,
  loadPath: localesLoadPath,
});
