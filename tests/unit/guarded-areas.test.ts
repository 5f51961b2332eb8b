/**
 * The guarded areas (issue 37 point 2), over real HTTP to the built server with the demo world
 * seeded: each area is a layout route in app/routes.ts whose middleware guards everything
 * under it once, and the screens that can miss or refuse draw the 404 and 403 screens inside
 * the page's frame. The console's addresses are read off app/routes.ts, so a screen added
 * under the console's layout is checked here without a new line.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { BROWSER, cookiesOf, demoServer } from "../support/demo-server";

const ADA = "+15550100001"; // a member: no contest role
const GRACE = "+15550100002"; // the demo game master
const ALAN = "+15550100003"; // a judge, no game master

const demo = demoServer("guarded-areas");
const { memberCookie } = demo;

/** A request with these headers (and body): the shared `send`, called the short way. */
const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => demo.send(method, path, { headers, body });

/** A staff member's cookie: signed in through /login, as a person does. */
async function staffCookie(): Promise<string> {
  const username = `areas${Date.now().toString(36)}`;
  const password = "areas-password-0123456789";
  const made = await send("POST", "/__e2e/staff", { "Content-Type": "application/json", "x-e2e-token": demo.hooksToken }, JSON.stringify({ username, password }));
  expect(made.status, made.text).toBe(200);
  const login = await send("POST", "/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: BROWSER, Origin: `http://127.0.0.1:${demo.server.port}` }, new URLSearchParams({ username, password }).toString());
  expect(login.status, login.text.slice(0, 300)).toBe(303);
  return cookiesOf(login);
}

/** The paths of the routes under the layout route of `file`. */
function pathsUnder(file: string, entries: readonly RouteConfigEntry[] = routes): string[] {
  for (const entry of entries) {
    if (entry.file === file) return (entry.children ?? []).map((child) => `/${child.path}`);
    const found = pathsUnder(file, entry.children ?? []);
    if (found.length) return found;
  }
  return [];
}

const FORBIDDEN_HEADING = "You can’t do this here";
const NOT_FOUND_HEADING = "Page not found";
const heading = (text: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1];

describe("the game master's console is one guarded area", () => {
  const paths = pathsUnder("routes/areas/console.tsx");

  it("holds the console and every screen under it", () => {
    expect(paths).toEqual(expect.arrayContaining(["/gamemaster", "/gamemaster/quests", "/gamemaster/treasures", "/gamemaster/treasures/sheet"]));
  });

  it("sends a visitor to sign in and back, from every console address", async () => {
    for (const path of paths) {
      const reply = await send("GET", path, { Accept: BROWSER });
      expect(reply.status, path).toBe(302);
      expect(reply.headers.location, path).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("refuses a member without a contest role with the 403 screen on every console address, and they stay signed in", async () => {
    const ada = await memberCookie(ADA);
    for (const path of paths) {
      const reply = await send("GET", path, { Accept: BROWSER, Cookie: ada });
      expect(reply.status, path).toBe(403);
      expect(heading(reply.text), path).toBe(FORBIDDEN_HEADING);
      expect(reply.text, path).not.toContain("Your session has expired");
      // Nothing here ended the session: no cookie is cleared.
      expect([reply.headers["set-cookie"] ?? []].flat().some((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)), path).toBe(false);
    }
    // Refused before any loader runs, the screen and its tab still speak her language.
    const zh = await send("GET", "/gamemaster?lng=zh", { Accept: BROWSER, Cookie: ada });
    expect(zh.status).toBe(403);
    expect(heading(zh.text)).toBe("你无法在这里进行此操作");
    expect(zh.text).toContain("<title>你无权访问 · ");
    // Her session still opens her own pages.
    expect((await send("GET", "/profile", { Accept: BROWSER, Cookie: ada })).status).toBe(200);
    // A form posted to the console is refused before its action runs.
    const posted = await send("POST", "/gamemaster", { Accept: BROWSER, Cookie: ada, "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${demo.server.port}` }, "intent=create-contest&name=Sneaky+Cup");
    expect(posted.status).toBe(403);
  });

  it("opens every console address to the game master", async () => {
    const grace = await memberCookie(GRACE);
    for (const path of paths) {
      const reply = await send("GET", path, { Accept: BROWSER, Cookie: grace });
      expect(reply.status, path).toBe(200);
      expect(heading(reply.text), path).not.toBe(FORBIDDEN_HEADING);
    }
    expect(heading((await send("GET", "/gamemaster", { Accept: BROWSER, Cookie: grace })).text)).toBe("Game master");
  });

  it("lets a judge see their roles on the console, but not the game master's own screens", async () => {
    const alan = await memberCookie(ALAN);
    const console = await send("GET", "/gamemaster", { Accept: BROWSER, Cookie: alan });
    expect(console.status).toBe(200);
    expect(console.text).toContain('data-testid="screen-roles"');
    const quests = await send("GET", "/gamemaster/quests", { Accept: BROWSER, Cookie: alan });
    expect(quests.status).toBe(403);
    expect(heading(quests.text)).toBe(FORBIDDEN_HEADING);
    // Refused under the console's layout: the page's frame and who is signed in stay.
    expect(quests.text).toContain("Signed in as Alan");
  });
});

describe("the staff area is one guarded area", () => {
  it("sends a visitor and a member (never staff by their session) to the staff sign-in", async () => {
    const ada = await memberCookie(ADA);
    for (const cookie of ["", ada]) {
      const reply = await send("GET", "/dashboard", { Accept: BROWSER, ...(cookie ? { Cookie: cookie } : {}) });
      expect(reply.status).toBe(302);
      expect(reply.headers.location).toBe("/login");
    }
  });

  it("opens the dashboard to staff, never kept by a browser or a proxy", async () => {
    const reply = await send("GET", "/dashboard", { Accept: BROWSER, Cookie: await staffCookie() });
    expect(reply.status).toBe(200);
    expect(heading(reply.text)).toBe("Dashboard");
    expect(reply.headers["cache-control"]).toBe("no-store");
  });
});

describe("/api is one area", () => {
  it("keeps none of a call's answers, refused or not, and lets a published document say how it may be kept", async () => {
    const refused = await send("GET", "/api/getuser", { Accept: "application/json" });
    expect(refused.status).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
    const noCall = await send("GET", "/api/no-such-call", { Accept: "application/json" });
    expect(noCall.status).toBe(404);
    expect(noCall.headers["cache-control"]).toBe("no-store");
    const answered = await send("GET", "/api/getparties?zipcode=94110", { Accept: "application/json", Cookie: await memberCookie(ADA) });
    expect(answered.status).toBe(200);
    expect(answered.headers["cache-control"]).toBe("no-store");
    expect((await send("GET", "/api/openapi.json")).headers["cache-control"]).toBe("public, max-age=300");
  });
});

describe("a screen that can miss or refuse shows its 404 inside the page's frame", () => {
  it.each([
    ["a party that does not exist", "/party/999999"],
    ["a treasure that does not exist", "/treasure/999999"],
    ["a guess card that does not exist", "/takeaguess/no-such-card"],
  ])("%s: 404, the Not-found screen, the member still shown signed in", async (_, path) => {
    const reply = await send("GET", path, { Accept: BROWSER, Cookie: await memberCookie(ADA) });
    expect(reply.status).toBe(404);
    expect(heading(reply.text)).toBe(NOT_FOUND_HEADING);
    expect(reply.text).toContain("<title>Page not found · Glow</title>");
    expect(reply.text).toContain("Signed in as Ada");
  });

  it("in Chinese too", async () => {
    const reply = await send("GET", "/party/999999?lng=zh", { Accept: BROWSER, Cookie: await memberCookie(ADA) });
    expect(reply.status).toBe(404);
    expect(heading(reply.text)).not.toBe(NOT_FOUND_HEADING);
    expect(reply.text).toMatch(/<h1[^>]*>[^<]*[\u4e00-\u9fff][^<]*<\/h1>/);
  });
});
