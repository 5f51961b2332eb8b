import { describe, expect, it } from "vitest";
import { signInUrl } from "./sign-in-return.server";

const post = (path: string, referer?: string) =>
  new Request(`http://glow.test${path}`, {
    method: "POST",
    headers: referer ? { Referer: referer } : {},
    body: new URLSearchParams({ glow: "39:on" }),
  });

describe("where sign-in sends a member back to", () => {
  it("a page asked for: that page, query included", () => {
    expect(signInUrl(new Request("http://glow.test/profile?tab=creator"))).toBe(
      "/signin?redirectTo=%2Fprofile%3Ftab%3Dcreator",
    );
    expect(signInUrl(new Request("http://glow.test/"))).toBe("/signin");
  });

  it("a form posted after the session ended: the page it was posted from, not the address it posted to, and that the session ended", () => {
    expect(signInUrl(post("/reactions", "http://glow.test/newsfeed?before=1795249798710_58"))).toBe(
      "/signin?redirectTo=%2Fnewsfeed%3Fbefore%3D1795249798710_58&expired=1",
    );
    expect(signInUrl(post("/beamkins/give-light", "http://glow.test/beamkins"))).toBe("/signin?redirectTo=%2Fbeamkins&expired=1");
  });

  it("a post without a page of ours behind it: the usual landing page, still saying the session ended", () => {
    expect(signInUrl(post("/reactions"))).toBe("/signin?expired=1");
    expect(signInUrl(post("/reactions", "https://elsewhere.example/newsfeed"))).toBe("/signin?expired=1");
    expect(signInUrl(post("/reactions", "not a url"))).toBe("/signin?expired=1");
    expect(signInUrl(post("/reactions", "http://glow.test/signin?redirectTo=%2Fprofile"))).toBe("/signin?expired=1");
  });

  it("a page's data asked for by React Router in the browser: the page itself", () => {
    expect(signInUrl(new Request("http://glow.test/compliment.data?to=9&_routes=root%2Croutes%2Fcompliment"))).toBe(
      "/signin?redirectTo=%2Fcompliment%3Fto%3D9",
    );
    expect(signInUrl(new Request("http://glow.test/_root.data"))).toBe("/signin");
  });

  it("a page asked for is not an ended session: no notice", () => {
    expect(signInUrl(new Request("http://glow.test/beamkins"))).not.toMatch(/expired/);
  });
});
