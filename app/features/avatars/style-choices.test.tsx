import type { i18n as I18n } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs } from "../../../tests/support/markup";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { TranslationsProvider } from "~/platform/translations";
import { StyleChoices } from "./style-choices";

async function render(size: "large" | "small") {
  setMasterSecret("style-choices-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/signup?lng=en`));
  return renderToStaticMarkup(
    <TranslationsProvider translations={serverTranslations(call.result as I18n)}>
      <StyleChoices seed="GERQ5WXY7Z" chosen="dylan" size={size} />
    </TranslationsProvider>,
  );
}

const radios = (html: string) => [0, 1, 2, 3].map((n) => attrs(html, "input", n));

describe("the avatar styles to choose from", () => {
  it("offer each style once, named, with the chosen one checked", async () => {
    const html = await render("large");
    expect(radios(html).map((r) => [r.name, r.value, "checked" in r])).toEqual([
      ["style", "pixelArt", false],
      ["style", "dylan", true],
      ["style", "personas", false],
      ["style", "lorelei", false],
    ]);
    expect(html.match(/<label/g)).toHaveLength(4);
    expect(html).toContain("Personas");
  });

  it("large, each face says what it shows and is drawn from the seed; small, the faces are decoration", async () => {
    const large = await render("large");
    expect(attrs(large, "img", 1).alt).toBe("Dylan starting look");
    expect(attrs(large, "img", 1).src).toContain("GERQ5WXY7Z");
    const small = await render("small");
    expect([0, 1, 2, 3].map((n) => attrs(small, "img", n).alt)).toEqual(["", "", "", ""]);
    expect(Number(attrs(small, "img").width)).toBeLessThan(Number(attrs(large, "img").width));
  });
});
