import { beforeAll, describe, expect, it } from "vitest";
import { setMasterSecret } from "~/platform/secrets.server";
import { keptByAnother, keptPostsKey } from "./kept-posts-key.server";

beforeAll(() => setMasterSecret("kept-posts-key-test-secret-0123456789"));

describe("the key a member's kept posts are filed under", () => {
  it("is the same in every session of a member and different for another member", () => {
    expect(keptPostsKey(42)).toBe(keptPostsKey(42));
    expect(keptPostsKey(42)).not.toBe(keptPostsKey(43));
    expect(keptPostsKey(42)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("says nothing about the member and cannot be made without the secret", () => {
    expect(keptPostsKey(42)).not.toContain("42");
    const here = keptPostsKey(42);
    setMasterSecret("another-instance-secret-0123456789abcdef");
    expect(keptPostsKey(42)).not.toBe(here);
    setMasterSecret("kept-posts-key-test-secret-0123456789");
  });

  it("tells a post kept by another member from one kept by this member or before owners", () => {
    expect(keptByAnother(42, keptPostsKey(43))).toBe(true);
    expect(keptByAnother(42, keptPostsKey(42))).toBe(false);
    expect(keptByAnother(42, undefined)).toBe(false);
  });
});
