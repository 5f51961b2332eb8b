import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import { serverTranslations } from "~/platform/i18n.server";
import { TranslationsProvider } from "~/platform/translations";
import { attrs } from "../../../tests/support/markup";
import { RemovalReason } from "./ui";

async function onEnglishPage(node: ReactNode) {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: "en", fallbackLng: "en", defaultNS: "common", fallbackNS: "common", interpolation: { escapeValue: false } });
  return renderToStaticMarkup(<TranslationsProvider translations={serverTranslations(instance)}>{node}</TranslationsProvider>);
}

describe("RemovalReason", () => {
  it("quotes the ringleader's reason in their words, marked Chinese where the page is English", async () => {
    const html = await onEnglishPage(<RemovalReason reason="一直没来参加活动" />);
    expect(attrs(html, "blockquote").class).toContain("italic");
    expect(attrs(html, "span").lang).toBe("zh");
    expect(html).toContain("一直没来参加活动");
  });

  it("is nothing when no reason was given (no empty quote)", async () => {
    expect(await onEnglishPage(<RemovalReason reason={null} />)).toBe("");
    expect(await onEnglishPage(<RemovalReason reason="" />)).toBe("");
  });
});
