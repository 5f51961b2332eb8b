import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { resetEnvCache } from "./env.server";
import { endEventStreams, EVENT_STREAM_RULES, followTopic, openEventStream, openStreamCount, resetEventStreams } from "./event-streams.server";
import { stopEvents, subscriberCount } from "./events.server";

beforeAll(async () => {
  await createTestDatabase();
});
afterAll(() => stopEvents());
afterEach(() => {
  resetEventStreams();
  delete process.env.EVENT_STREAMS_MAX;
  resetEnvCache();
});

/** A browser's request for a stream, which it can give up on (the connection closes). */
function streamRequest() {
  const controller = new AbortController();
  return { request: new Request("http://glow.test/contests/1/events", { signal: controller.signal }), leave: () => controller.abort() };
}

const open = (owner: number, request = streamRequest().request) => openEventStream(request, owner, followTopic("contest:1"));

async function readAll(response: Response) {
  return new Response(response.body).text();
}

describe("event streams are bounded", () => {
  it("lets a member hold five streams and refuses a sixth until one closes", () => {
    const first = streamRequest();
    const held = [open(7, first.request), open(7), open(7), open(7), open(7)];
    expect(held.every((o) => o.ok)).toBe(true);
    expect(open(7)).toEqual({ ok: false, refusal: "member-streams", retryAfter: EVENT_STREAM_RULES.retryAfterSeconds, details: { max: 5 } });
    // Another member is not held back by this one.
    expect(open(8).ok).toBe(true);
    // The first tab closes: the member may open one again.
    first.leave();
    expect(open(7).ok).toBe(true);
    expect(open(7).ok).toBe(false);
  });

  it("refuses any stream past the process's limit (EVENT_STREAMS_MAX), whoever asks", () => {
    process.env.EVENT_STREAMS_MAX = "3";
    resetEnvCache();
    expect([open(1), open(2), open(3)].every((o) => o.ok)).toBe(true);
    expect(open(4)).toMatchObject({ ok: false, refusal: "instance-streams", retryAfter: EVENT_STREAM_RULES.retryAfterSeconds });
  });

  it("keeps nothing once streams close, however they close: no entry, no subscription", async () => {
    process.env.EVENT_STREAMS_MAX = "2000";
    resetEnvCache();
    const before = subscriberCount();
    const streams = Array.from({ length: 1_500 }, (_, i) => {
      const browser = streamRequest();
      const opened = open(1_000 + (i % 400), browser.request);
      if (!opened.ok) throw new Error(`refused: ${opened.refusal}`);
      return { browser, response: opened.value };
    });
    expect(openStreamCount()).toEqual({ streams: 1_500, members: 400 });
    expect(subscriberCount()).toBe(before + 1_500);
    // Half the browsers go away (the request is aborted), half drop the connection (the body is cancelled).
    await Promise.all(streams.map(({ browser, response }, i) => (i % 2 ? browser.leave() : response.body!.cancel())));
    expect(openStreamCount()).toEqual({ streams: 0, members: 0 });
    expect(subscriberCount()).toBe(before);
  });

  it("opens nothing for a browser that already left", () => {
    const browser = streamRequest();
    browser.leave();
    expect(open(9, browser.request).ok).toBe(true);
    expect(openStreamCount()).toEqual({ streams: 0, members: 0 });
  });
});

describe("shutdown", () => {
  it("ends every stream at once, each telling its browser when to come back, and opens no more", async () => {
    const opened = [open(1), open(2), open(2)];
    const responses = opened.map((o) => (o.ok ? o.value : null));
    endEventStreams();
    const texts = await Promise.all(responses.map((r) => readAll(r!)));
    for (const text of texts) {
      const wait = Number(/^: open\n\nretry: (\d+)\n\n$/.exec(text)?.[1]);
      expect(wait).toBeGreaterThanOrEqual(EVENT_STREAM_RULES.shutdownRetryMs.min);
      expect(wait).toBeLessThanOrEqual(EVENT_STREAM_RULES.shutdownRetryMs.max);
    }
    expect(openStreamCount()).toEqual({ streams: 0, members: 0 });
    expect(open(3)).toMatchObject({ ok: false, refusal: "shutting-down" });
  });
});
