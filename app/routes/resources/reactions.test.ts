import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { callRoute, formRequest } from "../../../tests/support/route";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { glowValue } from "~/features/feed/glow-button";
import { db } from "~/platform/db/db.server";
import { posts, reactions } from "~/platform/db/schema";
import { action } from "./reactions";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555810");

// The route module's typed args carry more than callRoute builds; the test reads results loosely.
const glow = (fields: Record<string, string>, cookie?: string) =>
  callRoute(action as never, formRequest("/reactions", fields, cookie ? { headers: { Cookie: cookie } } : {}));

function outcome(call: { result: unknown; thrown: unknown }) {
  const value = (call.result ?? call.thrown) as { data?: unknown; init?: { status?: number } | null } | Response;
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
  return { status: value.init?.status ?? 200, location: null, data: value.data as Record<string, unknown> | null };
}

async function glowsOn(postId: number, memberId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(reactions)
    .where(and(eq(reactions.postId, postId), eq(reactions.memberId, memberId)));
  return row!.n;
}

async function aPost() {
  const [post] = await db().select({ id: posts.id }).from(posts).limit(1);
  return post!.id;
}

describe("POST /reactions (the glow buttons)", () => {
  it("glows a post from a feed button's one value and comes back to the post", async () => {
    const { member, cookie } = await signedIn();
    const postId = await aPost();
    const call = await glow({ glow: glowValue(postId, true), redirectTo: "/newsfeed?before=9_9" }, cookie);
    expect(outcome(call)).toMatchObject({ status: 302, location: `/newsfeed?before=9_9#post-${postId}` });
    expect(await glowsOn(postId, member.id)).toBe(1);
  });

  it("does what the button asked, so pressing twice does not take the glow back", async () => {
    const { member, cookie } = await signedIn();
    const postId = await aPost();
    await glow({ glow: glowValue(postId, true), stay: "1" }, cookie);
    const again = outcome(await glow({ glow: glowValue(postId, true), stay: "1" }, cookie));
    expect(again.status).toBe(200);
    expect(await glowsOn(postId, member.id)).toBe(1);
    await glow({ glow: glowValue(postId, false), stay: "1" }, cookie);
    expect(await glowsOn(postId, member.id)).toBe(0);
  });

  it("still reads the post and the wish as two fields, as pages loaded before sent them", async () => {
    const { member, cookie } = await signedIn();
    const postId = await aPost();
    const call = outcome(await glow({ postId: String(postId), glow: "on", stay: "1" }, cookie));
    expect(call.status).toBe(200);
    expect(await glowsOn(postId, member.id)).toBe(1);
  });

  it("refuses a malformed glow with 400 and an unknown post with 404", async () => {
    const { cookie } = await signedIn();
    for (const value of ["", "abc", "12:maybe", "12", ":on", "-3:on", "1e3:on"]) {
      expect(outcome(await glow({ glow: value }, cookie)).status, value).toBe(400);
    }
    expect(outcome(await glow({ glow: "2147483647:on" }, cookie)).status).toBe(404);
  });

  it("is for members: a visitor's glow changes nothing", async () => {
    const postId = await aPost();
    const before = await db().select({ n: count() }).from(reactions).where(eq(reactions.postId, postId));
    const call = outcome(await glow({ glow: glowValue(postId, true) }));
    expect(call.status).not.toBe(200);
    const after = await db().select({ n: count() }).from(reactions).where(eq(reactions.postId, postId));
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
