import { describe, expect, it } from "vitest";
import { isLoopbackAddress, reachedFromThisMachine } from "./this-machine.server";

const headers = (values: Record<string, string>) => (name: string) => new Headers(values).get(name);

describe("reachedFromThisMachine", () => {
  it("takes loopback connections in every spelling", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::1]"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it("refuses every other address, and none at all", () => {
    for (const address of ["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "fe80::1", "::", "::2", "128.0.0.1", "", undefined, "localhost"]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it("answers a direct loopback request without forwarding headers only", () => {
    expect(reachedFromThisMachine("127.0.0.1", headers({ accept: "text/html" }))).toBe(true);
    expect(reachedFromThisMachine("::1", headers({}))).toBe(true);
    // A proxy on the same machine connects from loopback, but says it forwarded the request.
    const forwardedRequests: Record<string, string>[] = [
      { "X-Forwarded-For": "203.0.113.9" },
      { Forwarded: "for=203.0.113.9" },
      { "X-Real-IP": "203.0.113.9" },
      { "X-Forwarded-For": "127.0.0.1" },
      { "x-forwarded-for": "" },
    ];
    for (const forwarded of forwardedRequests) {
      expect(reachedFromThisMachine("127.0.0.1", headers(forwarded)), JSON.stringify(forwarded)).toBe(false);
    }
    expect(reachedFromThisMachine("192.0.2.2", headers({}))).toBe(false);
  });
});
