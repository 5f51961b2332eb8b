import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/support/render";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { cardRenderer, latinOnly } from "./card-html.server";
import type { CardPost } from "./feed.server";
import { StaticGlowForms } from "./glow-button";
import { CardHtmlContext, PostItem } from "./post-card";
import { getInstance } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";

// The server may send a feed card from its memory of rendered cards (decision 0026); the
// browser then hydrates PostCard over it, so the two must be the same markup, always.

const NOW = Date.parse("2026-11-21T12:00:00Z");
const posts: CardPost[] = [
  {
    id: 7,
    type: "compliment",
    actor: { name: "Ada <Lovelace>", avatarUrl: "/avatars/1/2.svg" },
    subject: { name: "Grace & \"Co\"" },
    text: "You <b>shine</b> & 'glow'",
    data: { gems: 3 },
    createdAt: "2026-11-21T09:00:00Z",
    glows: 4,
    glowedByMe: true,
  },
  {
    id: 8,
    type: "starsalute",
    actor: { name: "Linus", avatarUrl: "/avatars/default.svg" },
    subject: { name: "Mei" },
    text: "",
    data: { stars: 3 },
    createdAt: "2026-11-20T12:00:00Z",
    glows: 0,
    glowedByMe: false,
  },
  {
    id: 9,
    type: "secretsalute",
    actor: null,
    subject: { name: "Omar" },
    text: "",
    data: { prompt: "kindness" },
    createdAt: "2026-11-21T11:59:30Z",
    glows: 1,
    glowedByMe: false,
  },
];

beforeAll(() => {
  // The route middleware reads signed cookies: it needs a secret, as at start-up.
  setMasterSecret("card-html-test-secret-0123456789");
});

async function i18nFor(lng: string) {
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/newsfeed?lng=${lng}`));
  return call.result as I18n;
}

const render = (node: ReactNode) => renderHtml(renderToPipeableStream, node);
/** Markup as the browser reads it: decimal character references become their characters. */
const decoded = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));

function list(
  i18n: I18n,
  { signedIn, now, cards, listQuery = "" }: { signedIn: boolean; now: number; cards?: ReturnType<typeof cardRenderer>; listQuery?: string },
) {
  return (
    <I18nextProvider i18n={i18n}>
      <CardHtmlContext.Provider value={cards ?? null}>
        <StaticGlowForms formId={signedIn ? "glow-form-_R_1_" : ""}>
          <ol>
            {posts.map((post) => (
              <PostItem key={post.id} post={post} now={now} signedIn={signedIn} listQuery={listQuery} />
            ))}
          </ol>
        </StaticGlowForms>
      </CardHtmlContext.Provider>
    </I18nextProvider>
  );
}

describe("feed cards from the memory of rendered cards", () => {
  it.each([
    ["en", true],
    ["en", false],
    ["zh", true],
    ["zh", false],
  ])("are the markup React renders for the card (%s, member: %s)", async (lng, signedIn) => {
    const i18n = await i18nFor(lng);
    const cards = cardRenderer(i18n);
    const rendered = await render(list(i18n, { signedIn, now: NOW }));
    expect(rendered).toContain("<article");
    // Twice: the first fills the memory, the second is served from it. Symbols beyond
    // Latin-1 may come as character references, which the browser reads as the same text.
    expect(decoded(await render(list(i18n, { signedIn, now: NOW, cards })))).toBe(rendered);
    expect(decoded(await render(list(i18n, { signedIn, now: NOW, cards })))).toBe(rendered);
    // On an older page the post links keep that page.
    const older = await render(list(i18n, { signedIn, now: NOW, listQuery: "?before=1_2" }));
    expect(older).toContain(`href="/newsfeed/${posts[0]!.type}/${posts[0]!.id}?before=1_2"`);
    expect(decoded(await render(list(i18n, { signedIn, now: NOW, cards, listQuery: "?before=1_2" })))).toBe(older);
  });

  it("never shows a kept card whose post, glow, time phrase or language has changed", async () => {
    const en = await i18nFor("en");
    const cards = cardRenderer(en);
    const card = (post: CardPost, now = NOW, i18n = en, signedIn = true) =>
      cardRenderer(i18n)({ post, now, signedIn, formId: "glow-form-_R_1_", listQuery: "" });
    const first = posts[0]!;
    const before = cards({ post: first, now: NOW, signedIn: true, formId: "glow-form-_R_1_", listQuery: "" });
    expect(before).toContain("(4 glows)");
    expect(card({ ...first, glows: 5 })).toContain("(5 glows)");
    expect(card({ ...first, glowedByMe: false })).toContain('aria-pressed="false"');
    expect(card(first, NOW + 3600_000)).toContain("4 hours ago");
    expect(before).toContain("3 hours ago");
    expect(card(first, NOW, await i18nFor("zh"))).not.toBe(before);
    expect(card(first, NOW, en, false)).not.toContain("<button");
    expect(card(first)).toBe(before);
  });

  it("put a Chinese glow count in full-width brackets", async () => {
    const zh = await i18nFor("zh");
    const html = decoded(cardRenderer(zh)({ post: posts[0]!, now: NOW, signedIn: true, formId: "glow-form-_R_1_", listQuery: "" }));
    expect(html).toContain("（4 次发光）");
    expect(html).not.toContain("(4 次发光)");
  });
});

describe("a member's words in a feed card", () => {
  const card = async (text: string, lng: string) =>
    decoded(cardRenderer(await i18nFor(lng))({ post: { ...posts[0]!, text }, now: NOW, signedIn: false, formId: "", listQuery: "" }));

  it("carry their language where it is not the page's (decision 0407)", async () => {
    expect(await card("你今天真棒！", "en")).toContain('<p lang="zh" class="mt-2 whitespace-pre-line break-words">你今天真棒！</p>');
    expect(await card("You shine", "zh")).toContain('<p lang="en" class="mt-2 whitespace-pre-line break-words">You shine</p>');
    expect(await card("You shine", "en")).toContain('<p class="mt-2 whitespace-pre-line break-words">You shine</p>');
    expect(await card("你今天真棒！", "zh")).toContain('<p class="mt-2 whitespace-pre-line break-words">你今天真棒！</p>');
  });

  it("write a few symbols beyond Latin-1 as character references, and leave Chinese as it is", async () => {
    const en = await i18nFor("en");
    const html = cardRenderer(en)({ post: posts[1]!, now: NOW, signedIn: true, formId: "glow-form-_R_1_", listQuery: "" });
    // The star salute's stars and the glow button's sparkles.
    expect(html).toContain("&#9733;&#9733;&#9733;");
    expect(html).toContain("&#10024;");
    expect(html).not.toMatch(/[\u0100-\u{10ffff}]/u);
    expect(latinOnly("<p>Plain café</p>")).toBe("<p>Plain café</p>");
    expect(latinOnly('<p title="🌟">a ✨ b</p>')).toBe('<p title="&#127775;">a &#10024; b</p>');
    const chinese = `<p>${"发光".repeat(5)}</p>`;
    expect(latinOnly(chinese)).toBe(chinese);
  });
});
