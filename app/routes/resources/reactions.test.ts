import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { callRoute, formRequest, outcome, toastOf } from "../../../tests/support/route";
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

describe("POST /reactions signed out", () => {
  it("answers a JSON caller 401 with the catalogue's message, stay=1 or not", async () => {
    const postId = await aPost();
    const asked: Record<string, string>[] = [{ glow: glowValue(postId, true), stay: "1" }, { glow: glowValue(postId, true) }];
    for (const fields of asked) {
      const call = await callRoute(action as never, formRequest("/reactions", fields, { headers: { Accept: "application/json" } }));
      expect(outcome(call)).toEqual({
        status: 401,
        location: null,
        data: { success: false, type: "UNAUTHORIZED", message: "Your session has expired, please go back and log in again" },
      });
    }
  });

  it("sends a browser's form post to sign in, back to the feed after", async () => {
    const postId = await aPost();
    const call = await callRoute(
      action as never,
      formRequest("/reactions", { glow: glowValue(postId, true) }, { headers: { Accept: "text/html", Referer: "http://localhost:3000/newsfeed" } }),
    );
    expect(outcome(call).status).toBe(302);
    expect(outcome(call).location).toMatch(/^\/signin\?redirectTo=%2Fnewsfeed(&|$)/);
  });
});

describe("POST /reactions (the glow buttons)", () => {
  it("glows a post from a feed button's one value and comes back to the post", async () => {
    const { member, cookie } = await signedIn();
    const postId = await aPost();
    const call = await glow({ glow: glowValue(postId, true), redirectTo: "/newsfeed?before=9_9" }, cookie);
    expect(outcome(call)).toMatchObject({ status: 303, location: `/newsfeed?before=9_9#post-${postId}` });
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

  it("refuses a malformed glow with 400 and an unknown post with 404, saying why", async () => {
    const { cookie } = await signedIn();
    for (const value of ["", "abc", "12:maybe", "12", ":on", "-3:on", "1e3:on", "99999999999:on"]) {
      expect(outcome(await glow({ glow: value }, cookie)), value).toEqual({
        status: 400,
        location: null,
        data: expect.objectContaining({ success: false, type: "BAD_REQUEST", message: "That glow didn't go through. Please try again." }),
      });
    }
    expect(outcome(await glow({}, cookie)).status).toBe(400);
    expect(outcome(await glow({ glow: "2147483647:on" }, cookie))).toEqual({
      status: 404,
      location: null,
      data: expect.objectContaining({ success: false, type: "NOT_FOUND", message: "That post isn't here any more." }),
    });
  });

  it("answers the glow fetcher (stay=1) and JSON with 400 and the reason in the member's language", async () => {
    const { cookie } = await signedIn();
    const fetcher = outcome(await glow({ glow: "abc", stay: "1", redirectTo: "/newsfeed" }, cookie));
    expect(fetcher).toEqual({ status: 400, location: null, data: expect.objectContaining({ success: false, type: "BAD_REQUEST", message: "That glow didn't go through. Please try again." }) });
    const zh = await callRoute(action as never,
      formRequest("/reactions", { glow: "abc" }, { headers: { Cookie: cookie, Accept: "application/json", "Accept-Language": "zh" } }),
    );
    expect(outcome(zh)).toEqual({ status: 400, location: null, data: expect.objectContaining({ success: false, type: "BAD_REQUEST", message: "这次发光没有成功，请再试一次。" }) });
  });

  it("brings a plain form post back to its page with the reason as a toast", async () => {
    const { cookie } = await signedIn();
    const headers = { Cookie: cookie, Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const call = await callRoute(action as never,
      formRequest("/reactions", { glow: "abc", redirectTo: "/newsfeed?before=9_9" }, { headers }),
    );
    expect(outcome(call)).toMatchObject({ status: 303, location: "/newsfeed?before=9_9" });
    expect(await toastOf(call.response)).toEqual({ type: "error", message: "That glow didn't go through. Please try again." });
    const gone = await callRoute(action as never, formRequest("/reactions", { glow: "2147483647:on", redirectTo: "//evil.com" }, { headers }));
    expect(outcome(gone)).toMatchObject({ status: 303, location: "/newsfeed" });
    expect(await toastOf(gone.response)).toEqual({ type: "error", message: "That post isn't here any more." });
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
