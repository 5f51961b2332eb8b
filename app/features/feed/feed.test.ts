import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { posts as postsTable, members } from "~/platform/db/schema";
import { cardOf, countPosts, FEED_PAGE_SIZE, findPost, listFeed, listFeedCards, toggleGlow, writePost } from "./feed.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

describe("the newsfeed", () => {
  it("starts from the top for a cursor out of the database's range, as for one that does not parse", async () => {
    const first = await listFeed();
    for (const cursor of ["1_9999999999", "999999999999999_1", "1700000000000_2147483648", "garbage"]) {
      const page = await listFeed(cursor);
      expect(page.posts.map((p) => p.id), cursor).toEqual(first.posts.map((p) => p.id));
    }
  });

  it("shows 20 posts a page, newest first, and pages without repeats or gaps", async () => {
    const total = await countPosts();
    expect(total).toBeGreaterThan(FEED_PAGE_SIZE);
    const first = await listFeed();
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    const times = first.posts.map((p) => new Date(p.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.nextCursor).not.toBeNull();

    const seen = new Set(first.posts.map((p) => p.id));
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await listFeed(cursor);
      for (const post of page.posts) {
        expect(seen.has(post.id)).toBe(false);
        seen.add(post.id);
      }
      cursor = page.nextCursor;
    }
    expect(seen.size).toBe(total);
  });

  it("puts a new post at the top", async () => {
    const id = await writePost({ type: "quest", text: "Fresh quest" });
    const { posts } = await listFeed();
    expect(posts[0]?.id).toBe(id);
  });

  it("opens a post by id, and by type and id", async () => {
    const { posts } = await listFeed();
    const post = posts[0]!;
    expect((await findPost(post.id))?.id).toBe(post.id);
    expect((await findPost(post.id, post.type))?.id).toBe(post.id);
  });

  it("finds nothing for an unknown id, a wrong type or nonsense", async () => {
    const { posts } = await listFeed();
    const post = posts.find((p) => p.type !== "party")!;
    expect(await findPost(999_999)).toBeNull();
    expect(await findPost(post.id, "party")).toBeNull();
    expect(await findPost(post.id, "not-a-type")).toBeNull();
    expect(await findPost(Number.NaN)).toBeNull();
  });

  it("never names the sender of a secret salute", async () => {
    const all: Awaited<ReturnType<typeof listFeed>>["posts"] = [];
    let cursor: string | null = null;
    do {
      const page = await listFeed(cursor);
      all.push(...page.posts);
      cursor = page.nextCursor;
    } while (cursor);
    const secret = all.filter((p) => p.type === "secretsalute");
    expect(secret.length).toBeGreaterThan(0);
    for (const post of secret) expect(post.actor).toBeNull();
  });

  it("seeds the demo world only once", async () => {
    expect(await seedDemoWorld(db())).toBe(false);
  });
});

describe("a post as its card shows it", () => {
  it("carries what the card shows and leaves people's ids and usernames on the server", async () => {
    const { posts } = await listFeed();
    const withBoth = posts.find((p) => p.actor && p.subject) ?? posts.find((p) => p.actor)!;
    const now = Date.parse(withBoth.createdAt) + 3 * 3600 * 1000;
    const card = cardOf(withBoth, "en", now);
    expect(card).toEqual({
      id: withBoth.id,
      type: withBoth.type,
      text: withBoth.text,
      data: withBoth.data,
      createdAt: withBoth.createdAt,
      // Told on the server in the reader's language: the browser formats no date (ui/dates.ts).
      ago: "3 hours ago",
      glows: withBoth.glows,
      glowedByMe: withBoth.glowedByMe,
      actor: { name: withBoth.actor!.name, avatarUrl: withBoth.actor!.avatarUrl },
      subject: withBoth.subject ? { name: withBoth.subject.name } : null,
    });
  });
});

describe("the first page, shared for a moment", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a member their own new post and glow at once, and others' glows only on their own count", async () => {
    await listFeed(); // the page is now shared
    const [reader] = await db().insert(members).values({ phone: "+15554440001", firstName: "Reader" }).returning();
    const id = await writePost({ type: "quest", text: "Mine, just now" });
    const afterPost = await listFeed(null, reader!.id);
    expect(afterPost.posts[0]).toMatchObject({ id, glows: 0, glowedByMe: false });

    await toggleGlow(id, reader!.id, true);
    const mine = await listFeed(null, reader!.id);
    expect(mine.posts[0]).toMatchObject({ id, glows: 1, glowedByMe: true });
    // Another reader shares the page, but not the glow.
    expect((await listFeed(null, null)).posts[0]).toMatchObject({ id, glows: 1, glowedByMe: false });
  });

  it("shows a post written elsewhere (another instance) within a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_000 });
    await listFeed(); // shared from now
    const [row] = await db().insert(postsTable).values({ type: "quest", text: "From another instance" }).returning();
    vi.setSystemTime(Date.now() + 1_100);
    expect((await listFeed()).posts[0]?.id).toBe(row!.id);
  });
});

describe("a feed page's data", () => {
  it("carries the same cards as the feed, each reader's own glows included, on the first page and older ones", async () => {
    const [reader] = await db().insert(members).values({ phone: "+15554440002", firstName: "Packer" }).returning();
    const first = await listFeed(null, reader!.id);
    await toggleGlow(first.posts[1]!.id, reader!.id, true);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_000 }); // past the write's settling second
    try {
      for (const cursor of [null, first.nextCursor]) {
        for (const viewer of [reader!.id, null]) {
          const now = Date.now();
          await listFeedCards(cursor, viewer, "en", now); // the first page is shared from here on
          const expected = await listFeed(cursor, viewer);
          const cards = await listFeedCards(cursor, viewer, "en", now);
          expect(cards.posts).toEqual(expected.posts.map((post) => cardOf(post, "en", now)));
          expect(cards.nextCursor).toBe(expected.nextCursor);
          expect(cards.topPostId).toBe(expected.posts[0]!.id);
        }
      }
      const mine = (await listFeedCards(null, reader!.id, "en", Date.now())).posts;
      expect(mine[1]).toMatchObject({ id: first.posts[1]!.id, glowedByMe: true });
      expect((await listFeedCards(null, null, "en", Date.now())).posts[1]).toMatchObject({ glowedByMe: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
