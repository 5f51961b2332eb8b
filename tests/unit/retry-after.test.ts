/**
 * Every 429 says when to come back (Retry-After): the sign-in's burnt attempt (see
 * signin-route.test.ts), the companion chat's hourly cap, and the secret salutes' daily cap.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/db";
import { memberFactory } from "../support/members";
import { callRoute, formRequest } from "../support/route";
import { db } from "~/platform/db/db.server";
import { rateLimitHits } from "~/platform/db/schema";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { CHAT_MESSAGES_PER_HOUR } from "~/features/beamkins/rules";
import { SALUTE_RULES, sendSalute } from "~/features/salutes/salutes.server";
import * as chatDemo from "~/routes/chat-demo";
import * as secretSalute from "~/routes/secret-salute";
import * as chatResource from "~/routes/resources/beamkins-chat";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555610");

type Answer = { data: Record<string, unknown>; init: { status: number; headers?: HeadersInit } | null };
const answerOf = (call: { result: unknown; thrown: unknown }) => (call.result ?? call.thrown) as Answer;
const retryAfterOf = (answer: Answer) => Number(new Headers(answer.init?.headers).get("Retry-After"));

/** What a route's `headers` export gives the document response after its action answered. */
function documentHeaders(route: { headers?: unknown }, answer: Answer) {
  const headers = route.headers as (args: { actionHeaders: Headers; loaderHeaders: Headers; parentHeaders: Headers }) => HeadersInit;
  expect(headers, "the route passes its action's headers on").toBeTypeOf("function");
  return new Headers(headers({ actionHeaders: new Headers(answer.init?.headers), loaderHeaders: new Headers(), parentHeaders: new Headers() }));
}

/** The member's chat allowance, used up an hour minus a minute ago. */
async function useUpChat(memberId: number) {
  const at = new Date(Date.now() - 59 * 60_000);
  await db()
    .insert(rateLimitHits)
    .values(Array.from({ length: CHAT_MESSAGES_PER_HOUR }, () => ({ bucket: "chat", key: String(memberId), at })));
}

describe("every 429 carries Retry-After", () => {
  it("the companion chat's hourly cap, as JSON", async () => {
    const { member, cookie } = await signedIn();
    await useUpChat(member.id);
    const call = await callRoute(
      chatResource.action as never,
      formRequest("/beamkins/chat", { message: "one more" }, { headers: { Cookie: cookie, Accept: "application/json" } }),
    );
    const answer = answerOf(call);
    expect(answer.init?.status).toBe(429);
    const seconds = retryAfterOf(answer);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it("the chat page's form at the same cap, on the page's own response", async () => {
    const { member, cookie } = await signedIn();
    await useUpChat(member.id);
    const call = await callRoute(chatDemo.action as never, formRequest("/chat-demo", { message: "one more" }, { headers: { Cookie: cookie } }));
    const answer = answerOf(call);
    expect(answer.init?.status).toBe(429);
    expect(retryAfterOf(answer)).toBeGreaterThan(0);
    expect(Number(documentHeaders(chatDemo, answer).get("Retry-After"))).toBe(retryAfterOf(answer));
  });

  it("the secret salutes' daily cap: until the oldest of the day's leaves the day", async () => {
    const { member: giver, cookie } = await signedIn();
    const friends = await Promise.all(Array.from({ length: SALUTE_RULES.secretPerDay + 1 }, () => signedIn()));
    const firstAt = new Date(Date.now() - 23 * 3600_000);
    for (const [i, friend] of friends.slice(0, SALUTE_RULES.secretPerDay).entries()) {
      const sent = await sendSalute(
        { kind: "secret", senderId: giver.id, recipientId: friend.member.id, prompt: "kindness", note: "" },
        new Date(firstAt.getTime() + i * 60_000),
      );
      expect(sent.ok).toBe(true);
    }
    const last = friends.at(-1)!.member.id;
    const call = await callRoute(
      secretSalute.action as never,
      formRequest("/secret-salute", { recipientId: String(last), prompt: "kindness", note: "" }, { headers: { Cookie: cookie } }),
    );
    const answer = answerOf(call);
    expect(answer.init?.status).toBe(429);
    // The first of the day's 20 was sent 23 hours ago: a place frees in about an hour.
    const seconds = retryAfterOf(answer);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(Number(documentHeaders(secretSalute, answer).get("Retry-After"))).toBe(seconds);
  });
});
