import { describe, expect, it } from "vitest";
import { isLocalRequest, isLoopback } from "./local-only.server";

const request = (headers: Record<string, string> = {}) => new Request("http://localhost:3000/dev/mailbox", { headers });

describe("local-only pages", () => {
  it("take this machine's loopback addresses", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"]) expect([ip, isLoopback(ip)]).toEqual([ip, true]);
  });

  it("refuse any other address", () => {
    for (const ip of ["10.0.0.1", "192.168.1.5", "::ffff:10.0.0.1", "2001:db8::1", "0.0.0.0", "", "128.0.0.1"]) {
      expect([ip, isLoopback(ip)]).toEqual([ip, false]);
    }
  });

  it("refuse a request a proxy forwarded, even from loopback", () => {
    expect(isLocalRequest(request(), "127.0.0.1")).toBe(true);
    expect(isLocalRequest(request({ "X-Forwarded-For": "203.0.113.9" }), "127.0.0.1")).toBe(false);
    expect(isLocalRequest(request({ Forwarded: "for=203.0.113.9" }), "127.0.0.1")).toBe(false);
    expect(isLocalRequest(request({ "X-Real-IP": "203.0.113.9" }), "::1")).toBe(false);
    expect(isLocalRequest(request(), "203.0.113.9")).toBe(false);
  });
});
