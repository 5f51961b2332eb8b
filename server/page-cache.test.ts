import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publicPageCache } from "./page-cache";

/** A stand-in for the React Router handler: a page that names its nonce, written in pieces. */
let renders = 0;
let postStarted: (() => void) | null = null;
let finishPost: (() => void) | null = null;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(
    publicPageCache({
      ttlMs: 300,
      pageOf: (path) => (path === "/newsfeed" ? { query: new Set(["before"]) } : null),
      shareableCookies: new Set(["lng", "theme"]),
      nonceOf: (res) => String(res.locals.cspNonce),
    }),
  );
  app.post("/slow-post", async (_req, res) => {
    await new Promise<void>((resolve) => {
      finishPost = resolve;
      postStarted?.();
    });
    res.status(204).end();
  });
  app.get("/newsfeed", async (req, res) => {
    renders++;
    const n = renders;
    const nonce = String(res.locals.cspNonce);
    if (req.query.fail) return void res.status(500).type("html").send(`<p>render ${n}</p>`);
    if (req.query.before === "cookie") res.setHeader("Set-Cookie", "lng=zh");
    res.type("html");
    res.write(`<html><body><p>render ${n} lang ${req.get("accept-language") ?? "-"}</p>`);
    res.write(`<p>${"A post worth compressing. ".repeat(80)}</p>`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    res.write(`<script nonce="${nonce}">one()</script>`);
    res.end(`<script nonce="${nonce}">two()</script></body></html>`);
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(async () => {
  // Each test starts with nothing remembered (a post forgets every page).
  await fetch(`${base}/forget`, { method: "POST" });
  renders = 0;
});

async function view(path = "/newsfeed", headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, html, nonce, status: response.status, cache: response.headers.get("x-page-cache") };
}

describe("visitors' pages, kept for a moment", () => {
  it("serves the same page again with the new response's own nonce, compressed as usual", async () => {
    const first = await view();
    const second = await view("/newsfeed", { "accept-encoding": "gzip" });
    expect(renders).toBe(1);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.response.headers.get("content-encoding")).toBe("gzip");
    expect(second.html).toContain("render 1");
    expect(second.nonce).not.toBe(first.nonce);
    // Every script carries the nonce this response's policy allows, none the old one.
    expect(second.html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${second.nonce}"`, `nonce="${second.nonce}"`]);
    expect(second.html).not.toContain(first.nonce!);
    expect(second.response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("renders anew once the moment has passed", async () => {
    await view();
    await new Promise((resolve) => setTimeout(resolve, 350));
    const later = await view();
    expect(later.cache).toBe("miss");
    expect(renders).toBe(2);
  });

  it("keeps languages and themes apart", async () => {
    await view("/newsfeed", { "accept-language": "zh" });
    const en = await view("/newsfeed", { "accept-language": "en" });
    const zhAgain = await view("/newsfeed", { "accept-language": "zh" });
    const dark = await view("/newsfeed", { "accept-language": "zh", cookie: "theme=dark" });
    expect(en.html).toContain("lang en");
    expect(zhAgain.cache).toBe("hit");
    expect(zhAgain.html).toContain("lang zh");
    expect(dark.cache).toBe("miss");
    expect(renders).toBe(3);
  });

  it("never shares a page with or for a request carrying any other cookie (a member's, a notice's)", async () => {
    await view("/newsfeed", { cookie: "sessionID=abc" });
    const again = await view("/newsfeed", { cookie: "sessionID=abc" });
    const visitor = await view();
    expect([again.cache, visitor.cache]).toEqual([null, "miss"]);
    const member = await view("/newsfeed", { cookie: "lng=en; toast=xyz" });
    expect(member.cache).toBeNull();
    expect(renders).toBe(4);
  });

  it("renders a page afresh for a hard reload (Cache-Control: no-cache)", async () => {
    await view();
    const reload = await view("/newsfeed", { "cache-control": "no-cache" });
    const old = await view("/newsfeed", { pragma: "no-cache" });
    expect([reload.cache, old.cache]).toEqual([null, null]);
    expect(reload.html).toContain("render 2");
    expect((await view()).cache).toBe("hit");
  });

  it("does not keep a page that sets a cookie, fails, or has an unknown query", async () => {
    await view("/newsfeed?before=cookie");
    expect((await view("/newsfeed?before=cookie")).cache).toBe("miss");
    await view("/newsfeed?fail=1");
    expect((await view("/newsfeed?fail=1")).cache).toBeNull();
    expect(renders).toBe(4);
  });

  it("forgets every page when a form is posted, and keeps none rendered while it ran", async () => {
    await view();
    const started = new Promise<void>((resolve) => (postStarted = resolve));
    const post = fetch(`${base}/slow-post`, { method: "POST" });
    await started;
    const during = await view();
    expect(during.cache).toBe("miss");
    finishPost!();
    await post;
    const after = await view();
    expect(after.cache).toBe("miss");
    expect((await view()).cache).toBe("hit");
    expect(renders).toBe(3);
  });
});
