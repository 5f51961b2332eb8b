import { renderToStaticMarkup } from "react-dom/server";
import type { i18n as I18n } from "i18next";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { beforeAll, describe, expect, it } from "vitest";
import { ChatMessages } from "./chat-parts";
import { TranslationsProvider } from "~/platform/translations";


/** The server's i18n instance for a language, as a page's render gets it. */
async function i18nFor(lng: string) {
  setMasterSecret("companion-ui-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/newsfeed?lng=${lng}`));
  return call.result as I18n;
}

describe("the chat history's markup", () => {
  let html = "";
  beforeAll(async () => {
    const en = await i18nFor("en");
    html = renderToStaticMarkup(
      <TranslationsProvider translations={serverTranslations(en)}>
        <ChatMessages
      name="Sparkit"
      messages={[
        { ID: 1, Content: "Hello", Role: "user", Timestamp: "2026-01-01T00:00:00Z" },
        { ID: 2, Content: "Hi!", Role: "assistant", Timestamp: "2026-01-01T00:00:01Z" },
      ]}
        />
      </TranslationsProvider>,
    );
  });

  it("is a log wrapping a list: the list keeps its semantics and its items their list (axe listitem, aria-allowed-role)", () => {
    expect(html).toMatch(/^<div role="log"[^>]*><ol[^>]*><li/);
    expect(html).not.toMatch(/<ol[^>]*role=/);
    expect(html).toMatch(/<\/li><\/ol><\/div>$/);
  });

  it("can be reached and scrolled with the keyboard, and is named (axe scrollable-region-focusable)", () => {
    const log = html.match(/^<div[^>]*>/)![0];
    expect(log).toContain('tabindex="0"');
    expect(log).toContain('aria-label="Chat history"');
    expect(log).toContain("overflow-y-auto");
  });

  it("names each speaker for a screen reader with the page language's colon", async () => {
    expect(html).toContain('<span class="sr-only">You: </span>');
    const zh = renderToStaticMarkup(
      <TranslationsProvider translations={serverTranslations(await i18nFor("zh"))}>
        <ChatMessages name="火花仔" messages={[{ ID: 1, Content: "你好", Role: "user", Timestamp: "2026-01-01T00:00:00Z" }, { ID: 2, Content: "嗨！", Role: "assistant", Timestamp: "2026-01-01T00:00:01Z" }]} />
      </TranslationsProvider>,
    );
    expect(zh).toContain('<span class="sr-only">你：</span>');
    expect(zh).toContain('<span class="sr-only">火花仔：</span>');
  });

  it("marks a message in the other language with its lang, so a Chinese voice does not read English", async () => {
    const zh = renderToStaticMarkup(
      <TranslationsProvider translations={serverTranslations(await i18nFor("zh"))}>
        <ChatMessages name="火花仔" messages={[{ ID: 1, Content: "hello there", Role: "user", Timestamp: "2026-01-01T00:00:00Z" }, { ID: 2, Content: "你好呀！", Role: "assistant", Timestamp: "2026-01-01T00:00:01Z" }]} />
      </TranslationsProvider>,
    );
    expect(zh).toContain('<span lang="en" class="whitespace-pre-wrap break-words">hello there</span>');
    expect(zh).toContain('<span class="whitespace-pre-wrap break-words">你好呀！</span>');
  });
});
