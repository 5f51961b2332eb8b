import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import { BrowserTranslations } from "./browser-translations";
import { serverTranslations } from "./i18n.server";
import { RepeatedWords, Trans, TranslationsProvider, useTranslation, type TFunction, type Translations } from "./translations";

function Greeting() {
  const { t } = useTranslation(["newsfeed", "salutes"]);
  return (
    <p>
      {t("heading")} · {t("salutes:stars.count", { count: 3 })} · {t("nav.home")} · {t("glow.count", { count: 2 })}
    </p>
  );
}

async function serverSide(lng: "en" | "zh") {
  const instance = i18next.createInstance();
  await instance.init({ lng, fallbackLng: "en", defaultNS: "common", fallbackNS: "common", resources, interpolation: { escapeValue: false } });
  return serverTranslations(instance);
}

describe("a component's translations", () => {
  it("refuse, at the type check, a key the English files do not have", () => {
    // Not run: `tsc` checks it. Each @ts-expect-error line must be an error, or the type
    // check fails on the directive itself.
    const lookups = (t: TFunction<"auth">) => [
      t("header.signIn"),
      t("newsfeed:title"), // another namespace, named
      t("nav.home"), // "common", searched after every namespace
      t("errors.waitSeconds", { seconds: 3 }),
      // @ts-expect-error: a misspelt key
      t("header.sigIn"),
      // @ts-expect-error: a key of another namespace needs its name
      t("postTitle"),
      // @ts-expect-error: no such namespace
      t("feed:title"),
    ];
    expect(lookups).toBeTypeOf("function");
  });

  it("read the same text on the server (the request's i18next) and in the browser (Glow's runtime)", async () => {
    for (const lng of ["en", "zh"] as const) {
      const browser = new BrowserTranslations({ language: lng, fallbackNamespace: "common", loadPath: "/locales/{{lng}}/{{ns}}.json" });
      for (const [ns, tree] of Object.entries(resources[lng] ?? {})) browser.addBundle(lng, ns, tree as never);
      const render = (translations: Parameters<typeof TranslationsProvider>[0]["translations"]) =>
        renderToStaticMarkup(
          <TranslationsProvider translations={translations}>
            <Greeting />
          </TranslationsProvider>,
        );
      const fromServer = render(await serverSide(lng));
      expect(fromServer).not.toContain("heading");
      expect(render(browser)).toBe(fromServer);
    }
  });

  it("turn a translation's tags into the given elements", async () => {
    function Credits() {
      const { t } = useTranslation("avatar");
      return (
        <Trans
          t={t}
          i18nKey="credits.entry"
          values={{ style: "Pixel Art", title: "Pixel", creator: "Ada", license: "CC0 1.0" }}
          components={{ source: <a href="https://example.com/source" />, license: <a href="https://example.com/license" /> }}
        />
      );
    }
    const html = renderToStaticMarkup(
      <TranslationsProvider translations={await serverSide("en")}>
        <Credits />
      </TranslationsProvider>,
    );
    expect(html).toContain('<a href="https://example.com/source">');
    expect(html).toContain("Ada");
    expect(html).not.toContain("<source>");
  });
});

describe("a list whose items repeat their words (RepeatedWords)", () => {
  function Card({ glows }: { glows: number }) {
    const { t } = useTranslation("newsfeed");
    return (
      <li>
        {t("glow.give")} · {t("glow.count", { count: glows })}
      </li>
    );
  }
  const list = [1, 2, 1, 1, 2];
  const page = (children: React.ReactNode) => <ul>{list.map((glows, i) => <Card key={i} glows={glows} />)}{children}</ul>;

  /** The server's translations, counting the lookups that reach i18next. */
  async function counted(lng: "en" | "zh") {
    const real = await serverSide(lng);
    const lookups = { n: 0 };
    const translations: Translations = {
      ...real,
      fixedT: (namespaces, keyPrefix) => {
        const t = real.fixedT(namespaces, keyPrefix);
        return (key, options) => {
          lookups.n++;
          return t(key, options);
        };
      },
    };
    return { translations, lookups };
  }

  it("shows the same text, each distinct text looked up once", async () => {
    for (const lng of ["en", "zh"] as const) {
      const plain = await counted(lng);
      const without = renderToStaticMarkup(<TranslationsProvider translations={plain.translations}>{page(null)}</TranslationsProvider>);
      expect(plain.lookups.n).toBe(10);
      const once = await counted(lng);
      const withList = renderToStaticMarkup(
        <TranslationsProvider translations={once.translations}>
          <RepeatedWords>{page(null)}</RepeatedWords>
        </TranslationsProvider>,
      );
      expect(withList).toBe(without);
      // "Glow", "1 glow", "2 glows": a different count is a different text.
      expect(once.lookups.n).toBe(3);
      expect(withList).toContain(lng === "en" ? "2 glows" : "2");
    }
  });
});

describe("the typed namespaces", () => {
  it("name every translation file (app/locales/types.ts)", () => {
    const dir = path.resolve(import.meta.dirname, "../locales");
    const files = fs.readdirSync(path.join(dir, "en")).map((file) => file.replace(/\.json$/, ""));
    const typed = fs.readFileSync(path.join(dir, "types.ts"), "utf8");
    for (const ns of files) expect(typed, ns).toContain(`  ${ns}: typeof ${ns};`);
  });
});
