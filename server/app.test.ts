/**
 * The Express shell in-process, for what needs control over the database: health and
 * readiness. (Everything that needs the real route build is in server.test.ts.)
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setConnection, type Connection } from "~/platform/db/db.server";
import { createTestDatabase } from "../tests/support/db";
import type express from "express";
import { createApp, refuseMalformedRequests, unreadablePath } from "./app";

let shuttingDown = false;
let server: Server;
let base: string;
let conn: Connection;

beforeAll(async () => {
  conn = await createTestDatabase();
  const app = createApp({
    // Health checks never reach React Router; a page request here would be a test bug.
    build: () => Promise.reject(new Error("no route build in this test")) as Promise<ServerBuild>,
    isShuttingDown: () => shuttingDown,
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  // As in production (startServer): fetch reuses its sockets, and Node's default 5 s would
  // close one under it while a slow step of a test runs.
  server.keepAliveTimeout = 65_000;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("/healthz and /readyz", () => {
  it("both answer 200 while the database is up", async () => {
    setConnection(conn);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe("ready");
  });

  it("readyz answers 503 when PostgreSQL is unreachable", async () => {
    // Nothing listens on port 1; the pool connects lazily, so the ping is what fails.
    const unreachable = await openDatabase("postgres://glow@127.0.0.1:1/glow", { migrate: false });
    setConnection(unreachable);
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe("database unavailable");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await unreachable.close();
      setConnection(undefined);
    }
  });

  it("readyz answers 503 once shutdown has begun, with the database still up", async () => {
    setConnection(conn);
    shuttingDown = true;
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe("shutting down");
      expect(ready.headers.get("connection")).toBe("close");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      shuttingDown = false;
    }
  });

  it("healthz stays 200 without any database; readyz says 503", async () => {
    // Last in this file: it closes the file's database.
    setConnection(conn);
    await conn.close();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    // Not even a connection object: healthz must not look for one.
    setConnection(undefined);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  });
});

describe("requests no page takes, refused before React Router (no database needed)", () => {
  it("answers OPTIONS with 204 and the methods the game takes", async () => {
    const reply = await fetch(`${base}/profile`, { method: "OPTIONS" });
    expect(reply.status).toBe(204);
    expect(reply.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers PUT, PATCH and DELETE with 405 and Allow, in the reader's language", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "PROPFIND"]) {
      const reply = await fetch(`${base}/profile`, { method, body: "intent=reset", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(await reply.text()).toBe("Something is wrong with your request, please try again");
    }
    const zh = await fetch(`${base}/reactions?lng=zh`, { method: "DELETE", headers: { accept: "application/json" } });
    expect(zh.status).toBe(405);
    expect(await zh.json()).toEqual({ success: false, type: "BAD_REQUEST", message: "你的请求有问题，请重试" });
  });

  it("answers 400 to a path with a line break, a control character or percent-encoding that does not decode, before any page runs (issue 36)", async () => {
    // React Router's patterns stop at a line break: these were a 500 and a stack ("No route
    // matches URL"). This app has no route build at all: reaching it would be a 500 here too.
    for (const path of ["/%0a", "/newsfeed%0a", "/%0D", "/profile%0d%0a", "/%E2%80%A8", "/a%09b", "/%7F", "/%E0%A4%A", "/newsfeed/%E0%A4%A", "/%"]) {
      const reply = await fetch(`${base}${path}`);
      expect(reply.status, path).toBe(400);
      expect(await reply.text()).toBe("Something is wrong with your request, please try again");
    }
    const json = await fetch(`${base}/api/getuser%0a`, { headers: { accept: "application/json" } });
    expect(await json.json()).toEqual({ success: false, type: "BAD_REQUEST", message: "Something is wrong with your request, please try again" });
    // A query string is the page's to read: only the path is looked at here.
    expect(unreadablePath("/newsfeed?q=%0a")).toBe(false);
    expect(unreadablePath("/salutes/recipients?q=%E0%A4%A")).toBe(false);
    expect(unreadablePath("/party/%E5%90%8D")).toBe(false);
  });

  it("answers an address of the JSON API with the envelope whatever the caller accepts (issue 36, one envelope)", async () => {
    // curl's own Accept is */*; a browser's address bar asks for HTML: an /api address's
    // refusal is the envelope all the same, as every other answer of the API is.
    const envelope = { success: false, type: "BAD_REQUEST", message: "Something is wrong with your request, please try again" };
    const asked: [string, string, RequestInit][] = [
      ["PUT", "/api/getuser", { method: "PUT", headers: { accept: "*/*" } }],
      ["DELETE", "/API/Logout", { method: "DELETE", headers: { accept: "text/html" } }],
      ["a line break", "/api/getuser%0a", { headers: { accept: "*/*" } }],
      ["a broken escape", "/api/obtaincreature/%zz%E0%80", {}],
      ["a dot segment", "/x/../api/getcontests%7F", { headers: { accept: "text/html" } }],
    ];
    for (const [what, path, init] of asked) {
      const reply = await fetch(`${base}${path}`, init);
      expect(reply.headers.get("content-type"), what).toContain("application/json");
      expect(await reply.json(), what).toEqual(envelope);
    }
    const crossSite = await fetch(`${base}/api/logout`, { method: "POST", headers: { "sec-fetch-site": "cross-site", accept: "*/*" } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ success: false, type: "FORBIDDEN" });
    const big = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: `{"u":"${"1".repeat(1024 * 1024)}"}` });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ success: false, type: "BAD_REQUEST" });
  });

  it("answers a /static address that climbs out of its folder 400, not Express's 403 and a stack (issue 36, bad URLs)", async () => {
    // serve-static refuses `..` after decoding (a backslash's `%5C..%5C`: fetch folds the
    // slash kinds of dot segment away before sending) with an error that Express would print
    // with its stack for every such request.
    for (const path of ["/static/x.js%5C..%5C", "/static/%5C..%5C..%5Cpackage.json"]) {
      const reply = await fetch(`${base}${path}`);
      expect(reply.status, path).toBe(400);
      expect(await reply.text()).toBe("Something is wrong with your request, please try again");
    }
    expect((await fetch(`${base}/static/no-such-file.js`)).status).toBe(404);
  });

  it("answers an address with a NUL character 400", async () => {
    for (const path of ["/compliment?q=%00", "/newsfeed/1%00", "/salutes/recipients?q=a%00b"]) {
      const reply = await fetch(`${base}${path}`);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers a body over 1 MiB 413 without reading it, and one of unknown length 411", async () => {
    const big = await fetch(`${base}/signin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "zh-CN,zh;q=0.9" },
      body: `phone=${"1".repeat(1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("内容超出了本游戏表单能接收的大小，请减少后再发送。");
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("phone=1"));
        controller.close();
      },
    });
    const chunked = await fetch(`${base}/signin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("lets /compete's entry form (a photo) carry up to 10 MB, and refuses more 413 unread", async () => {
    // Under 10 MB, the request goes on to the page (no page build here: the middleware alone).
    let passed = 0;
    const photoSized = { method: "POST", originalUrl: "/compete?round=1", path: "/compete", headers: { "content-length": String(3 * 1024 * 1024) } };
    refuseMalformedRequests(photoSized as unknown as express.Request, {} as express.Response, () => void passed++);
    refuseMalformedRequests({ ...photoSized, path: "/compete.data", originalUrl: "/compete.data?round=1" } as unknown as express.Request, {} as express.Response, () => void passed++);
    expect(passed).toBe(2);
    const huge = await fetch(`${base}/compete`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `text=${"1".repeat(10 * 1024 * 1024)}`,
    });
    expect(huge.status).toBe(413);
  });

  it("refuses a post from another site 403 with a translated reason", async () => {
    const reply = await fetch(`${base}/preferences/theme?lng=zh`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "theme=dark",
    });
    expect(reply.status).toBe(403);
    expect(await reply.text()).toBe("此表单来自其他网站，已被拒绝。");
  });

  it("refuses a post a browser says came from another site, even without an Origin", async () => {
    for (const path of ["/preferences/theme?lng=zh", "/signin?lng=zh", "/compliment?lng=zh"]) {
      const reply = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        body: "theme=dark",
      });
      expect([path, reply.status]).toEqual([path, 403]);
      expect(await reply.text()).toBe("此表单来自其他网站，已被拒绝。");
    }
    const json = await fetch(`${base}/reactions`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: "postId=1",
    });
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ success: false, type: "FORBIDDEN", message: "This form was sent from another website, so it was refused." });
  });
});

describe("Glow's offline page, /offline (decision 1181; no database needed)", () => {
  it("is a document of its own in the language asked for, and says nothing of anyone", async () => {
    const en = await fetch(`${base}/offline?lng=en`, { headers: { cookie: "lng=zh" } });
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(en.headers.get("content-language")).toBe("en");
    expect(en.headers.get("set-cookie")).toBeNull();
    const html = await en.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain("<title>You&#x27;re offline · Glow</title>");
    expect(html).toContain("Sent in your name as soon as this phone is back online");
    const zh = await (await fetch(`${base}/offline?lng=zh`)).text();
    expect(zh).toMatch(/<html lang="zh-Hans">/);
    expect(zh).toContain("你已离线");
  });

  it("has no inline script: its one script is a file of the site, which its CSP allows without a nonce", async () => {
    const reply = await fetch(`${base}/offline`);
    expect(reply.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const scripts = [...(await reply.text()).matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
    expect(scripts).toEqual(['<script src="/offline.js" defer=""></script>']);
    expect(fs.existsSync("public/offline.js")).toBe(true);
  });

  it("its style is allowed by the CSP it is sent (and kept by the worker) with: it carries that response's nonce", async () => {
    const reply = await fetch(`${base}/offline`);
    const csp = reply.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const styles = [...(await reply.text()).matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]);
    expect(styles).toEqual([` nonce="${nonce}"`]);
    expect(inlineStyleAllowed(csp, nonce)).toBe(true);
    // And were the policy to list nonces for styles (which turns 'unsafe-inline' off), still.
    const noncesOnly = csp.replace(/style-src [^;]*/, `style-src 'self' 'nonce-${nonce}' 'unsafe-inline'`);
    expect(inlineStyleAllowed(noncesOnly, nonce)).toBe(true);
    expect(inlineStyleAllowed(noncesOnly, undefined), "the rule reads a policy as a browser does").toBe(false);
  });

  it("carries the marks the service worker fills in, exactly as the worker looks for them", async () => {
    const html = await (await fetch(`${base}/offline`)).text();
    const mark = 'data-member="" data-pages=""';
    expect(html).toContain(`<body ${mark}>`);
    expect(fs.readFileSync("public/sw.js", "utf8")).toContain(`.replace('${mark}'`);
  });
});

/**
 * Whether a CSP lets an inline `<style>` (with this nonce, if any) apply, as CSP level 3 reads
 * it: the style-src-elem directive, else style-src, else default-src; a nonce it names
 * allows the element; 'unsafe-inline' allows any, unless the directive names a nonce or a
 * hash (a browser then ignores 'unsafe-inline').
 */
function inlineStyleAllowed(csp: string, nonce: string | undefined): boolean {
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
  const sources = directives.get("style-src-elem") ?? directives.get("style-src") ?? directives.get("default-src");
  if (!sources) return true;
  if (nonce && sources.includes(`'nonce-${nonce}'`)) return true;
  const namesNoncesOrHashes = sources.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  return sources.includes("'unsafe-inline'") && !namesNoncesOrHashes;
}
