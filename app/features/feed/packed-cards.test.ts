import { describe, expect, it } from "vitest";
import type { CardPost } from "./feed.server";
import { packCards, unpackCards } from "./packed-cards";

const card = (id: number, glowedByMe = false): CardPost => ({
  id,
  type: "compliment",
  actor: { name: `Ada "A" O'Neil \\ <${id}>`, avatarUrl: "/avatars/default.svg" },
  subject: null,
  text: "Bright \u2028 work 🌟",
  data: { stars: 3 },
  createdAt: "2026-11-21T08:00:00.000Z",
  glows: id,
  glowedByMe,
});

describe("packed feed cards", () => {
  it("come back as they went, the reader's glows from the list of glowed posts", () => {
    const cards = [card(3, true), card(2), card(1, true)];
    const packed = { cards: packCards(cards), glowed: [3, 1] };
    expect(unpackCards(packed)).toEqual(cards);
  });

  it("keep no reader's glow in the shared text", () => {
    const text = packCards([card(5, true)]);
    expect(unpackCards({ cards: text, glowed: [] })).toEqual([card(5)]);
  });

  it("give each reader their own glows from the same text", () => {
    const text = packCards([card(7), card(6)]);
    expect(unpackCards({ cards: text, glowed: [6] }).map((post) => post.glowedByMe)).toEqual([false, true]);
    expect(unpackCards({ cards: text, glowed: [] }).map((post) => post.glowedByMe)).toEqual([false, false]);
  });

  it("travel without double quotes, so the page's data need not escape them", () => {
    const text = packCards([card(4), card(3)]);
    // Only the apostrophes of members' own words become double quotes: one a card here.
    expect(text.match(/"/g)).toHaveLength(2);
    expect(unpackCards({ cards: text, glowed: [] })).toEqual([card(4), card(3)]);
  });
});
