import { renderToStaticMarkup } from "react-dom/server";
import type { i18n as I18n } from "i18next";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompanionData } from "~/features/beamkins/companion";
import { CompanionMount } from "./companion-mount";
import { TranslationsProvider } from "~/platform/translations";

const companion: CompanionData = {
  signedIn: true,
  creature: null,
  corralled: false,
  dialogue: { title: "Complete Signup", lines: ["Hello"], speaker: { slug: "sparkit", name: "Sparkit" } },
  labels: {
    region: "Your companion",
    chat: "Chat",
    backpack: "Backpack",
    dialogueTitle: "Sparkit says",
  },
};


/** The server's i18n instance for a language, as a page's render gets it. */
async function i18nFor(lng: string) {
  setMasterSecret("companion-ui-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/newsfeed?lng=${lng}`));
  return call.result as I18n;
}

describe("the companion's dock", () => {
  const html: Record<string, string> = {};
  beforeAll(async () => {
    for (const lng of ["en", "zh"]) {
      html[lng] = renderToStaticMarkup(
        <TranslationsProvider translations={serverTranslations(await i18nFor(lng))}>
          <CompanionMount companion={companion} />
        </TranslationsProvider>,
      );
    }
  });

  it("names the dialogue toggle by what it shows (WCAG 2.5.3 label in name)", () => {
    const summary = html.en!.match(/<summary[^>]*>.*?<\/summary>/)![0];
    expect(summary).not.toContain("aria-label");
    expect(summary).toContain("Sparkit says");
    expect(html.en).not.toContain("Companion dialogue");
  });

  it.each([
    ["en", "Chat and backpack"],
    ["zh", "聊天和背包"],
  ])("gives its landmark and the links' navigation different names (%s)", (lng, links) => {
    const aside = html[lng]!.match(/<aside[^>]*aria-label="([^"]+)"/)![1];
    const nav = html[lng]!.match(/<nav[^>]*aria-label="([^"]+)"/)![1];
    expect(aside).toBe("Your companion");
    expect(nav).toBe(links);
  });

  it("is a band at the end of the page, in its flow: it floats over nothing (decision 1182)", () => {
    const aside = html.en!.match(/<aside[^>]*>/)![0];
    expect(aside).toContain("companion-dock");
    expect(aside).toMatch(/\bmt-auto\b/);
    expect(aside).not.toMatch(/\b(sticky|fixed|absolute)\b/);
  });
});
