import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { clientNetworkKey, consumeRateLimits, forgetHits } from "./rate-limit.server";

beforeAll(async () => {
  await createTestDatabase();
});

const minute = (key: string) => ({ bucket: "test-minute", key, limit: 2, windowMs: 60_000 });
const t0 = new Date("2026-01-01T10:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe("consumeRateLimits (sliding window)", () => {
  it("lets `limit` hits through per window, then refuses with the seconds until a place frees", async () => {
    expect(await consumeRateLimits([minute("a")], at(0))).toEqual({ allowed: true });
    expect(await consumeRateLimits([minute("a")], at(10))).toEqual({ allowed: true });
    expect(await consumeRateLimits([minute("a")], at(20))).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
      bucket: "test-minute",
    });
    // The first hit leaves the window at 60 s: one place frees, the second still counts.
    expect(await consumeRateLimits([minute("a")], at(61))).toEqual({ allowed: true });
    expect((await consumeRateLimits([minute("a")], at(62))).allowed).toBe(false);
  });

  it("forgets a key's hits when asked (a forgiven wait), and only that key's", async () => {
    await consumeRateLimits([minute("f")], at(0));
    await consumeRateLimits([minute("f")], at(1));
    await consumeRateLimits([minute("g")], at(1));
    await consumeRateLimits([minute("g")], at(2));
    expect((await consumeRateLimits([minute("f")], at(3))).allowed).toBe(false);
    await forgetHits("test-minute", "f");
    expect((await consumeRateLimits([minute("f")], at(4))).allowed).toBe(true);
    expect((await consumeRateLimits([minute("g")], at(4))).allowed).toBe(false);
  });

  it("counts keys separately", async () => {
    await consumeRateLimits([minute("b")], at(0));
    await consumeRateLimits([minute("b")], at(1));
    expect((await consumeRateLimits([minute("c")], at(2))).allowed).toBe(true);
  });

  it("a refusal by one limit records nothing in the others", async () => {
    const hour = (key: string) => ({ bucket: "test-hour", key, limit: 3, windowMs: 3_600_000 });
    await consumeRateLimits([minute("d"), hour("d")], at(0));
    await consumeRateLimits([minute("d"), hour("d")], at(1));
    // Refused by the minute limit three times: the hour limit must not have counted them.
    for (const s of [2, 3, 4]) expect((await consumeRateLimits([minute("d"), hour("d")], at(s))).allowed).toBe(false);
    expect((await consumeRateLimits([hour("d")], at(5))).allowed).toBe(true);
    expect((await consumeRateLimits([hour("d")], at(6))).allowed).toBe(false);
  });

  it("holds under concurrency: 20 requests at once, exactly `limit` get through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimits([{ bucket: "race", key: "k", limit: 5, windowMs: 60_000 }], at(0))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe("clientNetworkKey", () => {
  it("keeps IPv4 addresses whole (IPv4-mapped too)", () => {
    expect(clientNetworkKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetworkKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 clients per /56", () => {
    const a = clientNetworkKey("2001:db8:1234:5601::1");
    expect(clientNetworkKey("2001:db8:1234:56ff:abcd::9")).toBe(a);
    expect(clientNetworkKey("2001:0db8:1234:5600:0:0:0:1")).toBe(a);
    expect(clientNetworkKey("2001:db8:1234:5701::1")).not.toBe(a);
    expect(a).toBe("2001:db8:1234:5600::/56");
  });
});
