import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import resources from "~/locales";
import { BrowserTranslations } from "./browser-translations";
import { serverTranslations } from "./i18n.server";

/** The browser's runtime must say exactly what the server's i18next says, or hydration breaks. */
const extra = {
  en: {
    test: {
      apples_one: "{{count}} apple",
      apples_other: "{{count}} apples",
      apples_zero: "no apples",
      nested: { deep: { value: "Hi {{user.name}}" } },
      list: ["a", "b"],
    },
  },
  zh: { test: { apples_other: "{{count}} 个苹果", nested: { deep: { value: "你好 {{user.name}}" } }, list: ["甲"] } },
};

const options = {
  fallbackLng: "en",
  supportedLngs: ["en", "zh"],
  defaultNS: "common",
  fallbackNS: "common",
  interpolation: { escapeValue: false },
};

function merged(lng: "en" | "zh") {
  return { ...(resources[lng] as object), ...extra[lng] } as Record<string, Record<string, unknown>>;
}

function allKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => allKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** The browser's runtime in a language, every bundle at hand (as after loading them). */
function browser(lng: "en" | "zh") {
  const translations = new BrowserTranslations({ language: lng, fallbackNamespace: "common", loadPath: "/locales/{{lng}}/{{ns}}.json" });
  for (const [ns, tree] of Object.entries(merged(lng))) translations.addBundle(lng, ns, tree as never);
  return translations;
}

async function server(lng: "en" | "zh") {
  const instance = i18next.createInstance();
  await instance.init({ ...options, lng, resources: { en: merged("en"), zh: merged("zh") } as never });
  return serverTranslations(instance);
}

const values = { count: 3, name: "Ada", author: "Ada", actor: "Ada", subject: "Grace", theme: "Dark", value: "5 min", time: "now", phone: "555", user: { name: "Ada" } };

describe("the browser's translations", () => {
  it.each(["en", "zh"] as const)("translate every key of every namespace like i18next (%s)", async (lng) => {
    const slim = browser(lng);
    const real = await server(lng);
    for (const ns of Object.keys(resources.en ?? {})) {
      const slimT = slim.fixedT([ns]);
      const realT = real.fixedT([ns]);
      const slimAny = slim.fixedT([]);
      const realAny = real.fixedT([]);
      for (const key of allKeys(resources.en?.[ns])) {
        // Lists (e.g. the scripted brain's lines) are only ever read with returnObjects.
        const opts = { ...values, returnObjects: true };
        expect(slimT(key, opts), `${ns}:${key}`).toEqual(realT(key, opts));
        expect(slimAny(`${ns}:${key}`, opts)).toEqual(realAny(`${ns}:${key}`, opts));
        const { count: _count, ...plain } = opts;
        expect(slimT(key, plain), `${ns}:${key} (no count)`).toEqual(realT(key, plain));
      }
    }
  });

  it.each([0, 1, 2, 5])("pick plural forms like i18next (count %i)", async (count) => {
    for (const lng of ["en", "zh"] as const) {
      expect(browser(lng).fixedT([])("test:apples", { count })).toBe((await server(lng)).fixedT([])("test:apples", { count }));
    }
  });

  it("fall back, default, search several namespaces in order and return objects like i18next", async () => {
    const slim = browser("en");
    const real = await server("en");
    const cases: [string[], string, Record<string, unknown>?][] = [
      [[], "nav.home"],
      [[], "newsfeed:missing.key"],
      [[], "missing.key", { defaultValue: "Fallback {{name}}", name: "Ada" }],
      [[], "test:nested.deep.value", { user: { name: "Ada" } }],
      [[], "home.welcome", { ns: "newsfeed" }],
      // The first namespace, then the next, then "common"; a prefixed key in its own.
      [["newsfeed", "salutes"], "title"],
      [["newsfeed", "salutes"], "prompts.kind"],
      [["newsfeed", "salutes"], "nav.home"],
      [["newsfeed", "salutes"], "salutes:title"],
      // A value missing, spaces and a format in its placeholders.
      [[], "missing.twice", { defaultValue: "Hi {{name}}, {{ gone }}: {{n, number}} {{user.name}}!", name: "Ada", n: 5, user: { name: "Grace" } }],
    ];
    for (const [namespaces, key, opts] of cases) {
      expect(slim.fixedT(namespaces)(key, opts), `${namespaces.join(",")} ${key}`).toBe(real.fixedT(namespaces)(key, opts));
    }
    expect(slim.fixedT([])("test:list", { returnObjects: true })).toEqual(real.fixedT([])("test:list", { returnObjects: true }));
  });
});

describe("loading the browser's translations", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const fresh = () =>
    new BrowserTranslations({ language: "en", fallbackNamespace: "common", loadPath: "/locales/{{lng}}/{{ns}}.json", retryTimeout: 1 });

  it("asks again after a failure, and hands the same promise to everyone waiting", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => (++calls < 3 ? new Response("busy", { status: 503 }) : Response.json({ title: "Newsfeed" })));
    const translations = fresh();
    const first = translations.whenLoaded(["newsfeed"]);
    expect(translations.whenLoaded(["newsfeed"])).toBe(first);
    await first;
    expect(calls).toBe(3);
    expect(translations.fixedT(["newsfeed"])("title")).toBe("Newsfeed");
  });

  it("hands a component that waited the same promise once it settled (React's `use` is then called again, in the same place)", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ kept: "Kept on your phone" }));
    const translations = fresh();
    const loading = translations.whenLoaded(["offline"]);
    expect(loading).not.toBeNull();
    await loading;
    // Rendered again after it settled: the same promise, not null (issue 40, point 14), which
    // says it settled, so React's `use` reads it without suspending again.
    expect(translations.whenLoaded(["offline"])).toBe(loading);
    expect(loading).toMatchObject({ status: "fulfilled" });
    // Namespaces that were never missing never suspend anyone: nothing to wait for.
    translations.addBundle("en", "quests", { title: "Quests" });
    expect(translations.whenLoaded(["quests"])).toBeNull();
  });

  it("fetches a namespace's file once, whatever lists of namespaces ask for it", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls++;
      return Response.json({});
    });
    const translations = fresh();
    await Promise.all([translations.whenLoaded(["quests", "offline"]), translations.whenLoaded(["offline"]), translations.whenLoaded(["quests"])]);
    expect(calls).toBe(2);
  });

  it("never stands in an empty namespace for one that cannot be loaded: loading rejects, with the same answer each time", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls++;
      throw new TypeError("Failed to fetch");
    });
    const translations = fresh();
    const loading = translations.whenLoaded(["auth"]);
    await expect(loading).rejects.toThrow("Failed to fetch");
    // The spec's retry: the first try and five more.
    expect(calls).toBe(6);
    expect(translations.fixedT(["auth"])("header.signIn")).toBe("header.signIn");
    // A component rendered again gets the same failure (React's `use` then throws it).
    expect(translations.whenLoaded(["auth"])).toBe(loading);
    expect(calls).toBe(6);
  });

  it("does not ask again for a file the server says does not exist", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls++;
      return new Response("not found", { status: 404 });
    });
    await expect(fresh().load(["nothing"])).rejects.toThrow("404");
    expect(calls).toBe(1);
  });

  it("changes language only once the new language's text is at hand", async () => {
    const failing = fresh();
    failing.addBundle("en", "common", { appName: "Glow" });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(failing.changeLanguage("zh")).rejects.toThrow();
    expect(failing.language).toBe("en");
    expect(failing.fixedT([])("appName")).toBe("Glow");

    const working = fresh();
    working.addBundle("en", "common", { appName: "Glow" });
    vi.stubGlobal("fetch", async () => Response.json({ appName: "发光" }));
    await working.changeLanguage("zh");
    expect(working.language).toBe("zh");
    expect(working.fixedT([])("appName")).toBe("发光");
  });

  it("tells a component its text changed only when its namespaces, 'common' or the language did", async () => {
    const translations = fresh();
    translations.addBundle("en", "common", { appName: "Glow" });
    translations.addBundle("en", "newsfeed", { title: "Newsfeed" });
    const feed = translations.version(["newsfeed"]);
    let told = 0;
    translations.subscribe(() => told++);

    // A part loaded later brings its own namespace: the feed's text is the same as before.
    translations.addBundle("en", "quests", { title: "Quests" });
    expect(told).toBe(1);
    expect(translations.version(["newsfeed"])).toBe(feed);
    expect(translations.version(["quests"])).not.toBe(translations.version([]));

    translations.addBundle("en", "common", { appName: "Glow!" });
    const withCommon = translations.version(["newsfeed"]);
    expect(withCommon).not.toBe(feed);
    translations.addBundle("en", "newsfeed", { title: "The feed" });
    expect(translations.version(["newsfeed"])).not.toBe(withCommon);

    vi.stubGlobal("fetch", async () => Response.json({ title: "动态" }));
    const before = translations.version(["newsfeed"]);
    await translations.changeLanguage("zh");
    expect(translations.version(["newsfeed"])).not.toBe(before);
  });
});

beforeAll(() => {
  // The runtime reads no document here; the page's language comes from the constructor.
  expect(typeof document).toBe("undefined");
});
