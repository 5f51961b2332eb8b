import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { countPosts, FEED_PAGE_SIZE, findPost, listFeed, writePost } from "./feed.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

describe("the newsfeed", () => {
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
