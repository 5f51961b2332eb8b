import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-to";

const origin = "https://glow.example";

describe("safeRedirectPath", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "/%5Cevil.com",
    "/\t/evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "",
    "newsfeed",
    "/%2F/evil.com",
  ])("falls back to /newsfeed for %j", (value) => {
    expect(safeRedirectPath(value, origin)).toBe("/newsfeed");
  });

  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/accept-invite/4/2?role=judge#top", origin)).toBe(
      "/accept-invite/4/2?role=judge#top",
    );
    expect(safeRedirectPath("/takeaguess/12", origin)).toBe("/takeaguess/12");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath(undefined, origin, "/")).toBe("/");
  });
});
