/**
 * Glow's i18next: a small runtime with the part of i18next's API Glow uses, for the
 * browser and for server rendering alike.
 *
 * Both builds swap the `i18next`, `react-i18next` and `i18next-http-backend` imports for
 * this folder (see ./swap.ts and docs/decisions/0016-one-i18n-runtime.md). In the browser
 * the real libraries would cost ~20 KB gzipped, a sixth of the page's JavaScript budget
 * (docs/decisions/0008-slim-browser-i18n.md); on the server, react-i18next's per-component
 * wrapper and i18next's general resolver took an eighth of a page's CPU. It reads the same
 * JSON (bundled on the server, from GET /locales/{lng}/{ns}.json in the browser) and
 * resolves keys the same way: "ns:key", nested keys, fallbackNS, {{interpolation}}
 * (unescaped, as configured), `count` plurals (key_zero, key_one, key_other…),
 * `defaultValue` and `returnObjects`. Tests in i18next.test.ts hold it to the real
 * i18next's output for every key of every namespace.
 */

type Tree = { [key: string]: unknown };
type Listener = () => void;

export interface TOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  ns?: string | string[];
  lng?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string | string[], options?: TOptions | string) => string;

interface InitOptions {
  lng?: string;
  fallbackLng?: string | string[] | false;
  supportedLngs?: readonly string[];
  ns?: string | string[];
  defaultNS?: string;
  fallbackNS?: string | string[];
  retryTimeout?: number;
  maxRetries?: number;
  backend?: { loadPath?: string };
  resources?: Record<string, Record<string, Tree>>;
  [option: string]: unknown;
}

const NO_NAMESPACES: readonly string[] = [];
const NO_OPTIONS: TOptions = {};
const MAX_RESOLVED = 20_000;
const RTL = new Set(["ar", "he", "fa", "ur", "yi", "ps", "dv", "ckb"]);
const asList = (value: string | readonly string[] | undefined | false): string[] =>
  value ? (typeof value === "string" ? [value] : [...value]) : [];

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g;
/**
 * Templates split once into [text, name, placeholder, text, name, placeholder, …, text]:
 * a page interpolates the same few templates hundreds of times. Keyed by the template;
 * templates come from the bundles (and the code's default values), so the map stays small.
 */
const compiledTemplates = new Map<string, string[]>();
const MAX_TEMPLATES = 5_000;

function compile(text: string): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index), match[1]!, match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  if (compiledTemplates.size >= MAX_TEMPLATES) compiledTemplates.clear();
  compiledTemplates.set(text, parts);
  return parts;
}

function interpolate(text: string, values: TOptions): string {
  if (!text.includes("{{")) return text;
  const parts = compiledTemplates.get(text) ?? compile(text);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i]!;
    const value = name.includes(".") ? lookup(values, name) : values[name];
    out += (value === undefined || value === null ? parts[i + 1]! : String(value)) + parts[i + 2]!;
  }
  return out;
}

/** i18next interpolates inside returned objects and lists too. */
function interpolateDeep(value: unknown, values: TOptions): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, values));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateDeep(v, values)]));
  }
  return value;
}

export class I18n {
  language = "en";
  languages: string[] = ["en"];
  resolvedLanguage = "en";
  isInitialized = false;
  options: InitOptions = {};
  private store: Record<string, Record<string, Tree>> = {};
  private loading = new Map<string, Promise<void>>();
  private listeners = new Set<Listener>();
  private events = new Map<string, Set<(...args: unknown[]) => void>>();
  private version = 0;
  /** Resolved keys, per language, namespaces, key and plural form; emptied when bundles or the language change. */
  private resolved = new Map<string, unknown>();
  private resolvedPlain = new Map<string, Map<string, Map<string, unknown>>>();
  /** One translator per (language, namespaces, key prefix), so renders share them. */
  private fixed = new Map<string, TFunction>();
  private plurals = new Map<string, Intl.PluralRules>();
  private pluralForms = new Map<string, string[]>();

  use(_plugin: unknown) {
    return this;
  }

  /** Like i18next: options given to createInstance() count, and init's own add to them. */
  async init(options: InitOptions = {}) {
    options = { ...this.options, ...options };
    this.options = { defaultNS: "translation", retryTimeout: 350, maxRetries: 5, ...options };
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, tree] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, tree);
    }
    this.setLanguage(options.lng ?? asList(options.fallbackLng)[0] ?? "en");
    await this.loadNamespaces([this.defaultNS, ...asList(options.ns)]);
    this.isInitialized = true;
    this.emit("initialized", this.options);
    return this.t;
  }

  get defaultNS() {
    return this.options.defaultNS ?? "translation";
  }

  // ── resources ──

  addResourceBundle(lng: string, ns: string, tree: Tree) {
    (this.store[lng] ??= {})[ns] = tree;
    this.bump();
    return this;
  }

  getResourceBundle(lng: string, ns: string): Tree | undefined {
    return this.store[lng]?.[ns];
  }

  hasLoadedNamespace(ns: string, options?: { lng?: string }) {
    return Boolean(this.store[options?.lng ?? this.language]?.[ns]);
  }

  /** Loads missing namespaces; the same call returns the same promise (React's `use`). */
  loadNamespaces(ns: string | string[], lng = this.language): Promise<void> {
    const missing = [...new Set(asList(ns))].filter((n) => !this.store[lng]?.[n]);
    if (missing.length === 0) return Promise.resolve();
    const key = `${lng}|${missing.sort().join(",")}`;
    let promise = this.loading.get(key);
    if (!promise) {
      promise = Promise.all(missing.map((n) => this.fetchBundle(lng, n))).then(() => {
        this.emit("loaded", { [lng]: missing });
      });
      this.loading.set(key, promise);
    }
    return promise;
  }

  private async fetchBundle(lng: string, ns: string) {
    // On the server every bundle is given at init: a namespace missing there does not
    // exist, and asking the network for it would only hold the render up.
    if (typeof document === "undefined") {
      this.addResourceBundle(lng, ns, {});
      return;
    }
    const template = this.options.backend?.loadPath ?? "/locales/{{lng}}/{{ns}}.json";
    const url = template.replace("{{lng}}", lng).replace("{{ns}}", ns);
    const retries = this.options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, { credentials: "same-origin" });
        if (response.ok) {
          this.addResourceBundle(lng, ns, (await response.json()) as Tree);
          return;
        }
        // A 4xx will not get better by asking again.
        if (response.status < 500) throw Object.assign(new Error(`${url}: ${response.status}`), { final: true });
      } catch (error) {
        if ((error as { final?: boolean }).final || attempt >= retries) {
          this.addResourceBundle(lng, ns, this.store[lng]?.[ns] ?? {});
          this.emit("failedLoading", lng, ns, String(error));
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.retryTimeout ?? 350));
    }
  }

  // ── translation ──

  t: TFunction = (key, options) => this.translate(this.language, NO_NAMESPACES, "", key, options);

  getFixedT(lng: string | null, ns?: string | string[] | null, keyPrefix?: string): TFunction {
    const namespaces = asList(ns ?? undefined);
    const nsKey = namespaces.join(",");
    const id = `${lng ?? ""}\u0000${nsKey}\u0000${keyPrefix ?? ""}`;
    let fixedT = this.fixed.get(id);
    if (!fixedT) {
      fixedT = (key, options) => {
        const keys =
          keyPrefix === undefined
            ? key
            : typeof key === "string"
              ? `${keyPrefix}.${key}`
              : key.map((k) => `${keyPrefix}.${k}`);
        return this.translate(lng ?? this.language, namespaces, nsKey, keys, options);
      };
      this.fixed.set(id, fixedT);
    }
    return fixedT;
  }

  exists(key: string, options?: TOptions) {
    return this.resolve(options?.lng ?? this.language, NO_NAMESPACES, "", key, options ?? {}) !== undefined;
  }

  private translate(
    lng: string,
    namespaces: readonly string[],
    nsKey: string,
    key: string | readonly string[],
    rawOptions?: TOptions | string,
  ): string {
    const options: TOptions =
      typeof rawOptions === "string" ? { defaultValue: rawOptions } : (rawOptions ?? NO_OPTIONS);
    const keys = typeof key === "string" ? [key] : key;
    for (const k of keys) {
      const value = this.resolve(options.lng ?? lng, namespaces, nsKey, k, options);
      if (value === undefined) continue;
      if (typeof value === "string") return interpolate(value, options);
      if (options.returnObjects) return interpolateDeep(value, options) as string;
    }
    const fallback = options.defaultValue;
    if (typeof fallback === "string") return interpolate(fallback, options);
    const last = keys.at(-1) ?? "";
    return last.includes(":") ? last.slice(last.indexOf(":") + 1) : last;
  }

  private pluralForm(lng: string, count: number): string {
    // Counts on a page are small numbers, asked again and again: keep their forms.
    const known = Number.isInteger(count) && count >= 0 && count < 1000 ? this.pluralForms.get(lng)?.[count] : undefined;
    if (known !== undefined) return known;
    let rules = this.plurals.get(lng);
    if (!rules) this.plurals.set(lng, (rules = new Intl.PluralRules(lng)));
    const form = rules.select(count);
    if (Number.isInteger(count) && count >= 0 && count < 1000) {
      let forms = this.pluralForms.get(lng);
      if (!forms) this.pluralForms.set(lng, (forms = []));
      forms[count] = form;
    }
    return form;
  }

  private resolve(
    lng: string,
    namespaces: readonly string[],
    nsKey: string,
    key: string,
    options: TOptions,
  ): unknown {
    const count = typeof options.count === "number" ? options.count : undefined;
    // Most lookups name no namespace and no count: those are kept by language, scope and
    // key without building a combined key for each (a page makes a few hundred).
    if (count === undefined && options.ns === undefined) {
      let byScope = this.resolvedPlain.get(lng);
      if (!byScope) this.resolvedPlain.set(lng, (byScope = new Map()));
      let plain = byScope.get(nsKey);
      if (!plain) byScope.set(nsKey, (plain = new Map()));
      const cached = plain.get(key);
      if (cached !== undefined || plain.has(key)) return cached;
      const found = this.search(lng, namespaces, key, undefined, options);
      if (plain.size >= MAX_RESOLVED) plain.clear();
      plain.set(key, found);
      return found;
    }
    const form = count === undefined ? "" : count === 0 ? "=0" : this.pluralForm(lng, count);
    const optionNs = options.ns === undefined ? "" : asList(options.ns).join(",");
    const id = `${lng}\u0000${optionNs}\u0000${nsKey}\u0000${key}\u0000${form}`;
    const cached = this.resolved.get(id);
    if (cached !== undefined || this.resolved.has(id)) return cached;
    const found = this.search(lng, namespaces, key, count, options);
    // Keys come from the code, so the map stays small; the cap guards against a caller
    // that builds keys from input.
    if (this.resolved.size >= MAX_RESOLVED) this.resolved.clear();
    this.resolved.set(id, found);
    return found;
  }

  /** Where a key's text is: its namespaces in order, plural forms before the plain key. */
  private search(
    lng: string,
    namespaces: readonly string[],
    key: string,
    count: number | undefined,
    options: TOptions,
  ): unknown {
    let nsList = [...asList(options.ns), ...namespaces];
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0 && !key.slice(0, colon).includes(".")) {
      nsList = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    if (nsList.length === 0) nsList = [this.defaultNS];
    nsList = [...nsList, ...asList(this.options.fallbackNS)];

    const candidates: string[] = [];
    if (count !== undefined) {
      if (count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${this.pluralForm(lng, count)}`);
    }
    candidates.push(path);

    for (const ns of nsList) {
      const bundle = this.store[lng]?.[ns];
      for (const candidate of candidates) {
        const value = lookup(bundle, candidate);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  // ── language ──

  async changeLanguage(lng?: string) {
    if (!lng || lng === this.language) return this.t;
    const used = Object.keys(this.store[this.language] ?? {});
    await this.loadNamespaces(used, lng);
    this.setLanguage(lng);
    this.emit("languageChanged", lng);
    return this.t;
  }

  private setLanguage(lng: string) {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = [...new Set([lng, ...asList(this.options.fallbackLng)])];
    this.bump();
  }

  dir(lng = this.language): "ltr" | "rtl" {
    return RTL.has(lng.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr";
  }

  // ── events and React subscription ──

  on(event: string, handler: (...args: unknown[]) => void) {
    let set = this.events.get(event);
    if (!set) this.events.set(event, (set = new Set()));
    set.add(handler);
  }

  off(event: string, handler?: (...args: unknown[]) => void) {
    if (handler) this.events.get(event)?.delete(handler);
    else this.events.delete(event);
  }

  private emit(event: string, ...args: unknown[]) {
    this.events.get(event)?.forEach((handler) => handler(...args));
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private bump() {
    this.version++;
    this.resolved.clear();
    this.resolvedPlain.clear();
    this.fixed.clear();
    this.listeners.forEach((listener) => listener());
  }

  cloneInstance() {
    return this;
  }

  /** Keeps the options for init(), as i18next does when given no callback. */
  createInstance(options?: InitOptions) {
    const instance = new I18n();
    if (options) instance.options = { ...options };
    return instance;
  }
}

const i18next = new I18n();
export const createInstance = (options?: InitOptions) => i18next.createInstance(options);
export default i18next;
