import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import type { Language } from "~/platform/i18n";
import { serverTranslations } from "~/platform/i18n.server";
import { TranslationsProvider } from "~/platform/translations";
import { attrs } from "../../tests/support/markup";
import { MemberText } from "./member-text";

async function onPage(lng: Language, text: string) {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng, fallbackLng: "en", defaultNS: "common", fallbackNS: "common", interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <TranslationsProvider translations={serverTranslations(instance)}>
      <MemberText text={text} className="font-bold" />
    </TranslationsProvider>,
  );
}

describe("MemberText", () => {
  it("marks a Chinese name on an English page as Chinese, for a screen reader's Chinese voice", async () => {
    const html = await onPage("en", "光之队");
    expect(attrs(html, "span")).toMatchObject({ lang: "zh", class: "font-bold" });
    expect(html).toContain(">光之队</span>");
  });

  it("marks an English name on a Chinese page as English", async () => {
    expect(attrs(await onPage("zh", "The Night Owls"), "span").lang).toBe("en");
  });

  it("leaves the page's own language unmarked", async () => {
    expect(attrs(await onPage("en", "The Night Owls"), "span").lang).toBeUndefined();
    expect(attrs(await onPage("zh", "光之队"), "span").lang).toBeUndefined();
  });
});
