import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { rememberedCookie } from "./cookies.server";

const secrets = ["a-long-enough-test-secret-for-hmac"];

describe("remembered signed cookies", () => {
  it("read what React Router's own signed cookie wrote, and write what it reads", async () => {
    const ours = rememberedCookie("sessionID", { secrets, path: "/" });
    const theirs = createCookie("sessionID", { secrets, path: "/" });
    const value = { sid: "abc", loginAttempt: { id: "1", phone: "+15550100001", sentAt: 5 } };
    const header = (await theirs.serialize(value)).split(";")[0]!;
    expect(await ours.parse(`theme=x; ${header}; lng=zh`)).toEqual(value);
    expect(await theirs.parse((await ours.serialize(value)).split(";")[0]!)).toEqual(value);
  });

  it("refuse a tampered value, even after the genuine one was read", async () => {
    const cookie = rememberedCookie("sessionID", { secrets, path: "/" });
    const header = (await cookie.serialize({ sid: "mine" })).split(";")[0]!;
    expect(await cookie.parse(header)).toEqual({ sid: "mine" });
    const [payload, signature] = header.slice("sessionID=".length).split(".");
    const forged = Buffer.from(JSON.stringify({ sid: "theirs" })).toString("base64");
    expect(await cookie.parse(`sessionID=${forged}.${signature}`)).toBeNull();
    expect(await cookie.parse(`sessionID=${payload}.${signature}x`)).toBeNull();
    // Another secret does not accept it either.
    expect(await rememberedCookie("sessionID", { secrets: ["another-long-enough-secret-value"] }).parse(header)).toBeNull();
  });

  it("hand out copies, so one request cannot change what the next one reads", async () => {
    const cookie = rememberedCookie("toast", { secrets });
    const header = (await cookie.serialize({ toast: { message: "Saved" } })).split(";")[0]!;
    const first = (await cookie.parse(header)) as { toast: { message: string } };
    first.toast.message = "changed";
    expect(await cookie.parse(header)).toEqual({ toast: { message: "Saved" } });
  });

  it("ignore a cookie whose name merely ends the same way", async () => {
    const cookie = rememberedCookie("theme", { secrets });
    const header = (await cookie.serialize({ theme: "dark" })).split(";")[0]!;
    expect(await cookie.parse(`my${header}`)).toBeNull();
    expect(await cookie.parse(`my${header}; ${header}`)).toEqual({ theme: "dark" });
  });

  it("write an empty session that still verifies", async () => {
    const toast = rememberedCookie("toast", { secrets });
    const empty = (await toast.serialize({})).split(";")[0]!;
    expect(await toast.parse(empty)).toEqual({});
    expect(await createCookie("toast", { secrets }).parse(empty)).toEqual({});
  });
});

describe("remembered plain cookies", () => {
  it("read what React Router's own cookie reads, from a header written any way", async () => {
    const ours = rememberedCookie("lng", { path: "/" });
    const theirs = createCookie("lng", { path: "/" });
    const zh = (await theirs.serialize("zh")).split(";")[0]!;
    const en = (await theirs.serialize("en")).split(";")[0]!;
    for (const header of [zh, `theme=x; ${zh}`, `${zh}; ${en}`, `${en};${zh}`, "lng = InpoIg%3D%3D", "lng=", "mylng=x", "theme=x", ""]) {
      // Twice: the second read is the remembered one.
      expect(await ours.parse(header)).toEqual(await theirs.parse(header));
      expect(await ours.parse(header)).toEqual(await theirs.parse(header));
    }
    expect(await ours.parse(null)).toBeNull();
  });

  it("peek at the remembered value, and parse into copies of it", async () => {
    const cookie = rememberedCookie("sessionID", { secrets });
    const header = (await cookie.serialize({ sid: "abc" })).split(";")[0]!;
    const peeked = await cookie.peek(header);
    expect(peeked).toEqual({ sid: "abc" });
    expect(await cookie.peek(header)).toBe(peeked);
    expect(await cookie.parse(header)).not.toBe(peeked);
    expect(await cookie.peek(`x=${header}`)).toBeNull();
    expect(await cookie.peek(null)).toBeNull();
  });
});
