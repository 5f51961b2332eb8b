/**
 * A feed page's cards as its page data carries them: one JSON text for the cards, shared by
 * every reader while the page itself is (docs/decisions/0410), and the ids of the posts the
 * reader glowed at. React Router encodes page data value by value (about two hundred values
 * on a feed page, a tenth of a member's view); a text is one value, and the shared one is
 * written once. docs/decisions/0028-packed-feed-cards.md
 */
import type { CardPost } from "./feed.server";

export interface PackedCards {
  /** JSON of the page's cards, every `glowedByMe` false, with its quotes swapped (below). */
  cards: string;
  /** The posts of the page the reader glowed at. */
  glowed: number[];
}

/**
 * `"` and `'` trade places. The page data reaches the browser as a JSON text inside a JSON
 * text inside a script, so each `"` of the cards' JSON was written as `\\\"`: four
 * bytes, escaped twice on every view. An apostrophe needs no escaping there, and the cards'
 * JSON has hundreds of `"` and few `'`. Swapping the two characters is its own inverse, so
 * it restores the exact text.
 */
function swapQuotes(text: string): string {
  return text.replace(/["']/g, (quote) => (quote === '"' ? "'" : '"'));
}

/** The cards' JSON, without the reader's own glows (those travel in `glowed`). */
export function packCards(posts: readonly CardPost[]): string {
  return swapQuotes(JSON.stringify(posts.map((post) => (post.glowedByMe ? { ...post, glowedByMe: false } : post))));
}

/** The last few texts unpacked (a shared page arrives again and again, as the same text). */
const MAX_UNPACKED = 8;
const unpacked = new Map<string, readonly CardPost[]>();

/** The page's cards, each with the reader's own glow. */
export function unpackCards({ cards, glowed }: PackedCards): readonly CardPost[] {
  let posts = unpacked.get(cards);
  if (!posts) {
    posts = JSON.parse(swapQuotes(cards)) as CardPost[];
    if (unpacked.size >= MAX_UNPACKED) unpacked.delete(unpacked.keys().next().value!);
    unpacked.set(cards, posts);
  }
  if (glowed.length === 0) return posts;
  const mine = new Set(glowed);
  return posts.map((post) => (mine.has(post.id) ? { ...post, glowedByMe: true } : post));
}
