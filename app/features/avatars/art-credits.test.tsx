import type { i18n as I18n } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { ArtCredits } from "./art-credits";
import { artCredits } from "./render.server";
import { TranslationsProvider } from "~/platform/translations";

async function i18nFor(lng: string) {
  setMasterSecret("art-credits-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/profile?lng=${lng}`));
  return call.result as I18n;
}

async function creditsText(lng: string) {
  const html = renderToStaticMarkup(
    <TranslationsProvider translations={serverTranslations(await i18nFor(lng))}>
      <ArtCredits credits={artCredits()} />
    </TranslationsProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, "") };
}

describe("the avatar art credits", () => {
  it("read as an English sentence in English", async () => {
    const { html, text } = await creditsText("en");
    expect(text).toContain("Pixel art: “Pixel Art” by DiceBear, CC0 1.0");
    expect(text).toMatch(/CC BY 4\.0 — combined into avatars by DiceBear/);
    expect(html).toContain('rel="license noreferrer"');
  });

  it("use Chinese title marks and commas in Chinese, no ASCII comma or English quotes", async () => {
    const { html, text } = await creditsText("zh");
    expect(text).toContain("像素风：《Pixel Art》，作者 DiceBear，CC0 1.0");
    expect(text).toContain("CC BY 4.0，由 DiceBear 组合成头像");
    expect(text).not.toMatch(/[“”]|, /);
    // The work and the licence are still links.
    expect(html).toMatch(/<a href="[^"]+" class="underline" rel="noreferrer">《Pixel Art》<\/a>/);
    expect(html).toMatch(/<a href="[^"]+" class="underline" rel="license noreferrer">CC0 1\.0<\/a>/);
  });
});
