import real from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import resources from "~/locales";
import { I18n } from "./i18next";

/** The browser runtime must say exactly what the server's i18next says, or hydration breaks. */
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

function merged() {
  const out: Record<string, Record<string, unknown>> = {};
  for (const lng of ["en", "zh"] as const) {
    out[lng] = { ...(resources[lng] as object), ...extra[lng] };
  }
  return out as never;
}

function allKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => allKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe("the browser's i18n runtime", () => {
  const slim = new I18n();
  const server = real.createInstance();
  beforeAll(async () => {
    await server.init({ ...options, lng: "en", resources: merged() });
    await slim.init({ ...options, lng: "en", resources: merged() });
  });

  const values = { count: 3, name: "Ada", author: "Ada", actor: "Ada", subject: "Grace", theme: "Dark", value: "5 min", time: "now", phone: "555", user: { name: "Ada" } };

  it.each(["en", "zh"])("translates every key of every namespace like i18next (%s)", async (lng) => {
    await server.changeLanguage(lng);
    await slim.changeLanguage(lng);
    for (const ns of Object.keys(resources.en ?? {})) {
      const serverT = server.getFixedT(lng, ns);
      const slimT = slim.getFixedT(lng, ns);
      for (const key of allKeys(resources.en?.[ns])) {
        // Lists (e.g. the scripted brain's lines) are only ever read with returnObjects.
        const opts = { ...values, returnObjects: true };
        expect(slimT(key, opts), `${ns}:${key}`).toEqual(serverT(key, opts));
        expect(slim.t(`${ns}:${key}`, opts)).toEqual(server.t(`${ns}:${key}`, opts));
        // Without a count, as most of a page's lookups are (a path of its own in the runtime).
        const { count: _count, ...plain } = opts;
        expect(slimT(key, plain), `${ns}:${key} (no count)`).toEqual(serverT(key, plain));
      }
    }
  });

  it.each([0, 1, 2, 5])("picks plural forms like i18next (count %i)", async (count) => {
    for (const lng of ["en", "zh"]) {
      await server.changeLanguage(lng);
      await slim.changeLanguage(lng);
      expect(slim.t("test:apples", { count })).toBe(server.t("test:apples", { count }));
    }
  });

  it("falls back, defaults and returns objects like i18next", async () => {
    await server.changeLanguage("en");
    await slim.changeLanguage("en");
    const cases: [string, Record<string, unknown>?][] = [
      ["nav.home"],
      ["newsfeed:missing.key"],
      ["missing.key", { defaultValue: "Fallback {{name}}", name: "Ada" }],
      ["test:nested.deep.value", { user: { name: "Ada" } }],
      ["home.welcome", { ns: "newsfeed" }],
      // A template used again, with a value missing, spaces and a format in its placeholders.
      ["missing.twice", { defaultValue: "Hi {{name}}, {{ gone }}: {{n, number}} {{user.name}}!", name: "Ada", n: 5, user: { name: "Grace" } }],
      ["missing.twice", { defaultValue: "Hi {{name}}, {{ gone }}: {{n, number}} {{user.name}}!", name: "Bo", n: 7, user: { name: "Lin" } }],
    ];
    for (const [key, opts] of cases) expect(slim.t(key, opts)).toBe(server.t(key, opts as never));
    expect(slim.t("test:list", { returnObjects: true })).toEqual(server.t("test:list", { returnObjects: true }));
  });

  it("keeps the options given to createInstance for init(), like i18next (the server's per-language instances)", async () => {
    const given = { ...options, lng: "zh", resources: merged() };
    const slimZh = new I18n().createInstance(given);
    const realZh = real.createInstance(given);
    await slimZh.init();
    await realZh.init();
    expect(slimZh.language).toBe("zh");
    expect(slimZh.t("auth:errors.waitSeconds", { seconds: 9 })).toContain("9 秒");
    expect(slimZh.t("auth:errors.waitSeconds", { seconds: 9 })).toBe(realZh.t("auth:errors.waitSeconds", { seconds: 9 }));
    expect(slimZh.t("nav.home")).toBe(realZh.t("nav.home"));
  });

  it("answers at once for a namespace no bundle holds when rendering on the server", async () => {
    const onServer = new I18n();
    await onServer.init({ ...options, lng: "en", resources: merged() });
    const started = Date.now();
    await onServer.loadNamespaces("no-such-namespace");
    expect(Date.now() - started).toBeLessThan(100);
    expect(onServer.t("no-such-namespace:some.key")).toBe("some.key");
  });
});
