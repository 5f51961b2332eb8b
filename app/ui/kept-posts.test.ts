import { describe, expect, it } from "vitest";
import { cardName, codeStart, keptFor, parseKeptPosts, postsOf, shortGuess, type KeptPost } from "./kept-posts";
import { sendInTurn } from "./kept-posts-sender";

const post = (key: string, owner: string | undefined, keptAt: number): KeptPost => ({
  key,
  action: "/guesses/library-steps",
  fields: { intent: "guess", guess: key },
  label: `Guess “${key}” on Library steps`,
  keptAt,
  ...(owner === undefined ? {} : { owner }),
});

describe("posts kept on a phone shared by members", () => {
  const posts = [post("b", "ada", 2), post("a", "ada", 1), post("k", "kat", 3), post("old", undefined, 0)];

  it("each member sees only their own, oldest first, and a count of the others'", () => {
    expect(keptFor(posts, "ada")).toEqual({ mine: [posts[1], posts[0]], unowned: [posts[3]], others: 1 });
    expect(keptFor(posts, "kat")).toEqual({ mine: [posts[2]], unowned: [posts[3]], others: 2 });
  });

  it("a visitor (signed out) sees none of them, nor the ones kept before owners", () => {
    expect(keptFor(posts, null)).toEqual({ mine: [], unowned: [], others: 3 });
    expect(postsOf(posts, "nobody")).toEqual([]);
  });

  it("reads only what is a kept post from storage", () => {
    const text = JSON.stringify([posts[0], { key: 1 }, null, { key: "x", action: "/a", label: "L", fields: {}, owner: 5 }, posts[3]]);
    expect(parseKeptPosts(text)).toEqual([posts[0], posts[3]]);
    expect(parseKeptPosts("not json")).toEqual([]);
    expect(parseKeptPosts(null)).toEqual([]);
    expect(parseKeptPosts('{"key":"a"}')).toEqual([]);
  });
});

describe("what a kept post's label says", () => {
  it("the start of a code, enough to recognise it, not to use it", () => {
    expect(codeStart("250s-7k2m-qq9r-xx1a-bbcd")).toBe("250S-…");
    expect(codeStart(" 250S 7K2M ")).toBe("250S-…");
    expect(codeStart("ab1")).toBe("AB1");
    expect(codeStart("")).toBe("");
  });

  it("the card by the name in its address, and the guess, cut when long", () => {
    expect(cardName("library-steps")).toBe("Library steps");
    expect(cardName("fountain_lantern")).toBe("Fountain lantern");
    expect(shortGuess("  40 ")).toBe("40");
    expect(shortGuess("x".repeat(41))).toBe(`${"x".repeat(40)}…`);
    expect(shortGuess("春".repeat(40))).toBe("春".repeat(40));
  });
});

describe("sending one member's kept posts in turn", () => {
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

  it("forgets each post that got an answer, done or refused, with Glow's words", async () => {
    const forgotten: string[] = [];
    const replies = [answer(200, { success: true, message: "Right! +10 points" }), answer(409, { success: false, type: "CONFLICT", message: "Already solved." })];
    const round = await sendInTurn([post("a", "ada", 1), post("b", "ada", 2)], () => replies.shift()!, (key) => void forgotten.push(key));
    expect(forgotten).toEqual(["a", "b"]);
    expect(round).toEqual({
      sent: [
        { label: "Guess “a” on Library steps", ok: true, message: "Right! +10 points" },
        { label: "Guess “b” on Library steps", ok: false, message: "Already solved." },
      ],
      stopped: null,
    });
  });

  it("keeps a post that got no answer (offline, a 5xx), and every one after it", async () => {
    for (const reply of [() => Promise.reject(new TypeError("Failed to fetch")), () => answer(503, { success: false })]) {
      const forgotten: string[] = [];
      const round = await sendInTurn([post("a", "ada", 1), post("b", "ada", 2)], reply, (key) => void forgotten.push(key));
      expect(forgotten).toEqual([]);
      expect(round).toEqual({ sent: [], stopped: "unreachable" });
    }
  });

  it("neither sends nor loses a post when the session is not its owner's (signed out: 401; another member: 403)", async () => {
    for (const status of [401, 403]) {
      const forgotten: string[] = [];
      const round = await sendInTurn([post("a", "ada", 1)], () => answer(status, { success: false }), (key) => void forgotten.push(key));
      expect(forgotten).toEqual([]);
      expect(round.stopped).toBe("not-theirs");
    }
  });
});
