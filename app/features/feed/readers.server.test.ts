/**
 * The newsfeed and its posts are for members unless the operator opens them to visitors
 * (decision 0513); a visitor is sent to sign in, which says what the feed is.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { arrivalKind } from "~/features/auth/arrival";
import { resetEnvCache } from "~/platform/env.server";
import { loader as feedLoader } from "~/routes/newsfeed";
import { loader as postLoader } from "~/routes/newsfeed-post";
import { writePost } from "./feed.server";

beforeAll(async () => {
  await createTestDatabase();
});
afterEach(() => {
  delete process.env.NEWSFEED_FOR_VISITORS;
  resetEnvCache();
});

const signedIn = memberFactory("+1555640");
const get = (path: string, cookie?: string) => new Request(`${BASE_URL}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
const redirectOf = (thrown: unknown) => (thrown instanceof Response ? [thrown.status, thrown.headers.get("Location")] : thrown);

describe("who reads the newsfeed", () => {
  it("sends a visitor to sign in by default, and back to the feed or the post afterwards", async () => {
    const { member } = await signedIn({ firstName: "Poster" });
    const postId = await writePost({ type: "compliment", actorId: member.id, subjectId: member.id, text: "Kept for members" });
    const feed = await callRoute(feedLoader as never, get("/newsfeed?before=x"));
    expect(redirectOf(feed.thrown)).toEqual([302, "/signin?redirectTo=%2Fnewsfeed%3Fbefore%3Dx"]);
    const opened = await callRoute(postLoader as never, get(`/newsfeed/compliment/${postId}`), {
      params: { postType: "compliment", id: String(postId) },
    });
    expect(redirectOf(opened.thrown)).toEqual([302, `/signin?redirectTo=%2Fnewsfeed%2Fcompliment%2F${postId}`]);
    // The sign-in page opened that way tells what the feed is.
    expect(arrivalKind(new URLSearchParams("redirectTo=/newsfeed"))).toBe("newsfeed");
    expect(arrivalKind(new URLSearchParams(`redirectTo=/newsfeed/compliment/${postId}`))).toBe("newsfeed");
    expect(arrivalKind(new URLSearchParams("redirectTo=/newsfeedish"))).toBe("return");
  });

  it("shows a member the feed and its posts", async () => {
    const { member, cookie } = await signedIn({ firstName: "Reader" });
    const postId = await writePost({ type: "compliment", actorId: member.id, subjectId: member.id, text: "For a member's eyes" });
    const feed = await callRoute(feedLoader as never, get("/newsfeed", cookie));
    expect(feed.thrown).toBeUndefined();
    expect((feed.result as { posts: Array<{ text: string }> }).posts.some((p) => p.text === "For a member's eyes")).toBe(true);
    const opened = await callRoute(postLoader as never, get(`/newsfeed/${postId}`, cookie), { params: { id: String(postId) } });
    expect((opened.result as { post: { id: number } }).post.id).toBe(postId);
  });

  it("shows visitors the feed when the operator opened it (NEWSFEED_FOR_VISITORS=1)", async () => {
    process.env.NEWSFEED_FOR_VISITORS = "1";
    resetEnvCache();
    const feed = await callRoute(feedLoader as never, get("/newsfeed"));
    expect(feed.thrown).toBeUndefined();
    expect((feed.result as { signedIn: boolean }).signedIn).toBe(false);
  });
});
