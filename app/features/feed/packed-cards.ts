/**
 * A feed page's cards as its page data carries them: one JSON text for the cards, shared by
 * every reader while the page itself is (docs/decisions/0410), and the ids of the posts the
 * reader glowed at. React Router encodes page data value by value (about two hundred values
 * on a feed page, a tenth of a member's view); a text is one value, and the shared one is
 * written once. docs/decisions/0028-packed-feed-cards.md
 */
import { packJson, unpackJson } from "~/platform/packed-json";
import type { CardPost } from "./feed.server";

export interface PackedCards {
  /** JSON of the page's cards, every `glowedByMe` false, with its quotes swapped (`packJson`). */
  cards: string;
  /** The posts of the page the reader glowed at. */
  glowed: number[];
}

/** The cards' JSON, without the reader's own glows (those travel in `glowed`). */
export function packCards(posts: readonly CardPost[]): string {
  return packJson(posts.map((post) => (post.glowedByMe ? { ...post, glowedByMe: false } : post)));
}

/** The page's cards, each with the reader's own glow. */
export function unpackCards({ cards, glowed }: PackedCards): readonly CardPost[] {
  const posts = unpackJson<readonly CardPost[]>(cards);
  if (glowed.length === 0) return posts;
  const mine = new Set(glowed);
  return posts.map((post) => (mine.has(post.id) ? { ...post, glowedByMe: true } : post));
}
