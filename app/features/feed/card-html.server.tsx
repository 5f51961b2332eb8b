// From the same package entry as the page renderer (entry.server.tsx), so the server loads one.
import { renderToString } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import type { i18n as I18n } from "i18next";
import { StaticGlowForms } from "./glow-button";
import { type CardHtml, PostCard, relativeTime } from "./post-card";

/**
 * Feed cards' HTML, rendered once and shared by every page view that shows the same card
 * (decision 0026). A card is the same for every viewer but for its glow button: the key
 * holds everything the card shows (the post as the page data carries it, the language,
 * the phrase its time reads as, whether the viewer can glow and their glow, the list's form
 * id), so a kept card is exactly the card React would render now.
 */
const MAX_CARDS = 4_000;
const cards = new Map<string, string>();

/** A post's JSON, written once per post object (a shared page's cards are the same objects). */
const postJson = new WeakMap<object, string>();
function jsonOf(post: object) {
  let json = postJson.get(post);
  if (json === undefined) postJson.set(post, (json = JSON.stringify(post)));
  return json;
}

export function cardRenderer(i18n: I18n): CardHtml {
  return ({ post, now, signedIn, formId, listQuery }) => {
    const lang = i18n.language;
    const key = `${lang}\u0000${relativeTime(post.createdAt, now, lang)}\u0000${signedIn ? formId : "-"}\u0000${listQuery}\u0000${jsonOf(post)}`;
    let html = cards.get(key);
    if (html === undefined) {
      html = renderToString(
        <I18nextProvider i18n={i18n}>
          <StaticGlowForms formId={signedIn ? formId : ""}>
            <PostCard post={post} now={now} signedIn={signedIn} listQuery={listQuery} />
          </StaticGlowForms>
        </I18nextProvider>,
      );
      html = latinOnly(html);
      if (cards.size >= MAX_CARDS) cards.clear();
      cards.set(key, html);
    }
    return html;
  };
}

/** Cards with no more symbols beyond Latin-1 than this keep them as character references. */
const MAX_REFERENCES = 8;
const beyondLatin1 = /[\u0100-\u{10ffff}]/gu;

/**
 * A card whose only characters beyond Latin-1 are a few symbols (the glow button's ✨, a star
 * salute's ★, an emoji in a post) writes them as character references (`&#10024;`), which
 * mean the same characters in text and attributes alike: a card has no script or comment
 * text where they would not. Its HTML is then a one-byte string, which React (measuring
 * each piece's UTF-8 length) and Node (encoding the page) go through with less work than a
 * two-byte one; one ✨ made each English card two-byte. Cards mostly in another script (Chinese) stay as they are: references would
 * nearly triple their size. (decision 0026)
 */
export function latinOnly(html: string): string {
  let count = 0;
  beyondLatin1.lastIndex = 0;
  while (beyondLatin1.test(html)) if (++count > MAX_REFERENCES) return html;
  return count === 0 ? html : html.replace(beyondLatin1, (c) => `&#${c.codePointAt(0)};`);
}
