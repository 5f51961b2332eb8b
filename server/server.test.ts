/**
 * The real production server (`node server.js` on the build) as a child process: proxy
 * trust, security headers, caching, compression, logs and graceful shutdown.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureBuild,
  request,
  requestLogs,
  startBuiltServer,
  type ServerProcess,
} from "../tests/support/server-process";

const THEME_FORM = "theme=dark&redirectTo=%2Fnewsfeed";
const FORGED_CLIENT = "198.51.100.23";

function proxiedThemePost(origin: string) {
  return {
    method: "POST",
    path: "/preferences/theme",
    headers: {
      Host: "glow.example",
      Origin: origin,
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": FORGED_CLIENT,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: THEME_FORM,
  };
}

beforeAll(() => ensureBuild(), 300_000);

describe("behind a TLS-terminating proxy (TRUST_PROXY=1)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({ TRUST_PROXY: "1" });
  }, 180_000);
  afterAll(() => server.stop());

  it("accepts a form post whose https Origin matches the forwarded protocol and host", async () => {
    const reply = await request(server.port, proxiedThemePost("https://glow.example"));
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/newsfeed");
    expect(String(reply.headers["set-cookie"])).toMatch(/^theme=/);
    // Served over https as far as the browser knows: HSTS applies.
    expect(reply.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
  });

  it("sees the client address the proxy forwarded", async () => {
    await request(server.port, { path: "/healthz?probe=proxy" });
    await request(server.port, {
      path: "/landing",
      headers: { "X-Forwarded-For": FORGED_CLIENT, "X-Forwarded-Proto": "https" },
    });
    await expect.poll(() => requestLogs(server.lines).find((l) => l.path === "/landing")?.ip).toBe(FORGED_CLIENT);
  });

  it("still refuses a post from another site", async () => {
    const reply = await request(server.port, proxiedThemePost("https://evil.example"));
    expect(reply.status).toBe(403);
    expect(reply.headers["set-cookie"]).toBeUndefined();
  });
});

describe("straight to the app (TRUST_PROXY=0, the default)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({});
  }, 180_000);
  afterAll(() => server.stop());

  it("ignores forged X-Forwarded-Proto: the https origin is refused, no HSTS", async () => {
    const reply = await request(server.port, proxiedThemePost("https://glow.example"));
    expect(reply.status).toBe(403);
    expect(reply.headers["set-cookie"]).toBeUndefined();
    expect(reply.headers["strict-transport-security"]).toBeUndefined();
  });

  it("accepts the same form posted from its real (http) origin", async () => {
    const reply = await request(server.port, {
      ...proxiedThemePost("http://glow.example"),
      headers: { ...proxiedThemePost("").headers, Origin: "http://glow.example" },
    });
    expect(reply.status).toBe(303);
  });

  it("ignores forged X-Forwarded-For: the logged client is the socket address", async () => {
    await request(server.port, {
      path: "/landing",
      headers: { "X-Forwarded-For": FORGED_CLIENT },
    });
    await expect.poll(() => requestLogs(server.lines).some((l) => l.path === "/landing")).toBe(true);
    const entry = requestLogs(server.lines).find((l) => l.path === "/landing")!;
    expect(entry.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(JSON.stringify(server.lines)).not.toContain(FORGED_CLIENT);
  });

  it("says on every response where its time went (Server-Timing)", async () => {
    const metrics = (header: unknown) =>
      Object.fromEntries(
        String(header ?? "")
          .split(",")
          .filter(Boolean)
          .map((part) => {
            const [name, ...params] = part.trim().split(";");
            const dur = params.find((p) => p.startsWith("dur="));
            return [name, dur === undefined ? null : Number(dur.slice(4))];
          }),
      );
    // A page rendered for a member-less visitor who asked for a fresh copy: database, render, total.
    const page = await request(server.port, { path: "/landing", headers: { "Cache-Control": "no-cache" } });
    const timing = metrics(page.headers["server-timing"]);
    expect(Object.keys(timing).sort()).toEqual(["db", "render", "total"]);
    expect(timing.render).toBeGreaterThan(0);
    expect(timing.total!).toBeGreaterThanOrEqual(timing.render!);
    expect(String(page.headers["server-timing"])).toMatch(/db;dur=[\d.]+;desc="\d+ quer(y|ies)"/);
    // Everything else says at least its database time and total: a resource, a refusal, a file.
    for (const path of ["/healthz", "/favicon.svg", "/sessionvalidation", "/no-such-page"]) {
      const reply = await request(server.port, { path });
      expect([path, Object.keys(metrics(reply.headers["server-timing"]))]).toEqual([path, expect.arrayContaining(["db", "total"])]);
    }
  });

  it("answers /healthz with 200", async () => {
    const reply = await request(server.port, { path: "/healthz" });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("ok");
  });

  it("sends the security headers, with a fresh CSP nonce that the page's scripts carry", async () => {
    const first = await request(server.port, { path: "/landing" });
    const second = await request(server.port, { path: "/landing" });
    expect(first.status).toBe(200);
    const csp = String(first.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(String(second.headers["content-security-policy"])).not.toContain(nonce!);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends a visitor asking for the members-only newsfeed or a post to sign in, and keeps no such answer", async () => {
    for (const [path, back] of [["/newsfeed", "%2Fnewsfeed"], ["/newsfeed/1", "%2Fnewsfeed%2F1"], ["/newsfeed/compliment/1", "%2Fnewsfeed%2Fcompliment%2F1"]]) {
      for (let i = 0; i < 2; i += 1) {
        const reply = await request(server.port, { path: path! });
        // Looked up in the visitors' page cache (a miss) but never kept: the second is no hit.
        expect([path, reply.status, reply.headers.location, reply.headers["x-page-cache"] === "hit"]).toEqual([path, 302, `/signin?redirectTo=${back}`, false]);
      }
    }
    // The sign-in page says what the feed is, and may be indexed; the Not-found page may not.
    const signIn = await request(server.port, { path: "/signin?redirectTo=%2Fnewsfeed" });
    expect(signIn.body).toContain("The newsfeed is where members see");
    expect(signIn.body).not.toContain('name="robots"');
    expect((await request(server.port, { path: "/nope" })).body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("lets browsers keep pages but not shared caches, and answers HEAD with the page's type", async () => {
    for (const path of ["/landing", "/landing", "/nope"]) {
      // The second /landing comes from the visitors' page cache: the header comes along.
      const page = await request(server.port, { path });
      expect([path, page.headers["cache-control"]]).toEqual([path, "private, no-cache"]);
    }
    const member = await request(server.port, { path: "/landing", headers: { Cookie: "sessionID=whoever" } });
    expect(member.headers["cache-control"]).toBe("private, no-cache");
    const head = await request(server.port, { method: "HEAD", path: "/" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.body).toBe("");
  });

  it("serves the other public pages a crowd lands on again too, but never the sign-in page of a browser mid sign-in", async () => {
    for (const path of ["/", "/home", "/landing", "/signin"]) {
      const first = await request(server.port, { path });
      const second = await request(server.port, { path });
      expect([path, first.status, second.status]).toEqual([path, 200, 200]);
      expect([path, second.headers["x-page-cache"]]).toEqual([path, "hit"]);
    }
    // An invite's arrival (?acceptinginvitation=true) and anyone holding a session render for themselves.
    await request(server.port, { path: "/signin?acceptinginvitation=true" });
    expect((await request(server.port, { path: "/signin?acceptinginvitation=true" })).headers["x-page-cache"]).toBeUndefined();
    const midway = await request(server.port, { path: "/signin", headers: { Cookie: "sessionID=whoever" } });
    expect(midway.headers["x-page-cache"]).toBeUndefined();
  });

  it("serves hashed /static/ assets as immutable for a year", async () => {
    const dir = path.resolve("build/client/static");
    const asset = fs.readdirSync(dir).find((name) => name.endsWith(".js"));
    expect(asset).toBeTruthy();
    const reply = await request(server.port, { path: `/static/${asset}` });
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await request(server.port, { path: "/static/no-such-file-0000.js" });
    expect(missing.status).toBe(404);
    // The folder itself, or a file that is not there: a quiet 404, no stack trace in the log.
    for (const path of ["/static/", "/static", "/static/nope/"]) {
      expect([path, (await request(server.port, { path })).status]).toEqual([path, 404]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.lines.filter((line) => /NotFoundError|^\s+at /.test(line))).toEqual([]);
    // The request log names the path asked for, prefix included.
    await expect.poll(() => requestLogs(server.lines).some((l) => l.path === `/static/${asset}`)).toBe(true);
  });

  it("serves the public files (the favicon, the beamkins' art) for an hour, and pages of the same name as pages", async () => {
    const art = fs.readdirSync(path.resolve("build/client/beamkins"))[0];
    expect(art).toBeTruthy();
    const icon = await request(server.port, { path: "/favicon.svg" });
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await request(server.port, { path: `/beamkins/${art}` })).status).toBe(200);
    // public/beamkins/ is a folder; /beamkins is still the page (sign-in first), never a 301.
    const page = await request(server.port, { path: "/beamkins" });
    expect(page.status).not.toBe(301);
    expect(page.headers.location ?? "").not.toBe("/beamkins/");
  });

  it("serves the service worker from the root, naming its build, asked for afresh every time", async () => {
    const worker = await request(server.port, { path: "/sw.js" });
    expect(worker.status).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const [first, ...rest] = worker.body.split("\n");
    expect(first).toMatch(/^\/\/ Glow build [\w.-]+$/);
    expect(rest.join("\n")).toBe(fs.readFileSync(path.resolve("build/client/sw.js"), "utf8"));
    // Allowed by the page's CSP as a script of the site ('self'), nonce or not.
    expect(worker.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("sends a page in the encoding the browser takes, whole and with its length, and plain to one that does not ask", async () => {
    /** The answer's bytes as they came over the wire. */
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = { Accept: "text/html", ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}) };
        http
          .get({ host: "127.0.0.1", port: server.port, path: "/landing", headers, agent: false }, (res) => {
            const parts: Buffer[] = [];
            res.on("data", (c: Buffer) => parts.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
          })
          .on("error", reject);
      });
    const whole = (html: string) => expect(html).toMatch(/^<!DOCTYPE html><html[\s\S]*<\/html>$/);

    const browser = await raw("gzip, deflate, br, zstd");
    expect(browser.headers["content-type"]).toMatch(/text\/html/);
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.headers["content-length"]).toBe(String(browser.body.length));
    expect(browser.headers["transfer-encoding"]).toBeUndefined();
    expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
    whole(zlib.brotliDecompressSync(browser.body).toString("utf8"));

    const gzip = await raw("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-length"]).toBe(String(gzip.body.length));
    whole(zlib.gunzipSync(gzip.body).toString("utf8"));

    const plain = await raw();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    whole(plain.body.toString("utf8"));
    expect(browser.body.length).toBeLessThan(plain.body.length / 2);
  });

  it("keeps idle connections longer than a proxy's 60 s idle timeout", async () => {
    const reply = await request(server.port, { path: "/healthz", headers: { Connection: "keep-alive" } });
    const timeout = Number(/timeout=(\d+)/.exec(String(reply.headers["keep-alive"]))?.[1]);
    expect(timeout).toBeGreaterThan(60);
  });

  it("logs one line per request without query strings or cookies", async () => {
    await request(server.port, {
      path: "/landing?phone=%2B15550100777&code=424242",
      headers: { Cookie: "sessionID=cookie-value-that-must-not-be-logged" },
    });
    await expect.poll(() => requestLogs(server.lines).some((l) => l.path === "/landing" && l.status === 200)).toBe(true);
    const entry = requestLogs(server.lines).find((l) => l.path === "/landing" && l.status === 200)!;
    expect(entry).toMatchObject({ method: "GET", status: 200 });
    const all = server.lines.join("\n");
    expect(all).not.toContain("15550100777");
    expect(all).not.toContain("424242");
    expect(all).not.toContain("cookie-value-that-must-not-be-logged");
  });

  it("stops accepting, finishes the request in flight, and exits 0 within 10 s", async () => {
    // Last in this block: it stops the block's server.
    {
      // A form post whose body arrives slowly: in flight when the signal lands. The agent
      // keeps its connection open afterwards, as a reverse proxy does.
      const agent = new http.Agent({ keepAlive: true });
      const reply = new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: "/preferences/theme",
            agent,
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": String(Buffer.byteLength(THEME_FORM)),
              Origin: `http://127.0.0.1:${server.port}`,
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
          },
        );
        req.on("error", reject);
        req.write(THEME_FORM.slice(0, 5));
        setTimeout(() => {
          server.child.kill("SIGTERM");
          setTimeout(() => req.end(THEME_FORM.slice(5)), 500);
        }, 300);
      });

      const signalled = Date.now();
      await new Promise((r) => setTimeout(r, 500));
      // No new connections once shutdown began.
      await expect(request(server.port, { path: "/healthz" })).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);

      expect(await reply).toEqual({ status: 303, location: "/newsfeed" });
      const code = await server.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      // Without waiting for the forced close (SHUTDOWN_TIMEOUT_MS): the idle keep-alive
      // connection was closed as soon as its response ended.
      expect(server.lines.join("\n")).not.toContain("did not finish in time");
      agent.destroy();
      expect(server.lines.join("\n")).toContain('"msg":"stopped"');
    }
  }, 60_000);
});

/** This machine's first address that is not loopback (the one a neighbour would connect to). */
function outwardAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (!entry.internal && entry.family === "IPv4") return entry.address;
  }
  return null;
}

describe("the newsfeed opened to visitors (NEWSFEED_FOR_VISITORS=1)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({ NEWSFEED_FOR_VISITORS: "1" });
  }, 180_000);
  afterAll(() => server.stop());

  it("serves a visitor's newsfeed again for a moment, with each response's own nonce; never a member's", async () => {
    const first = await request(server.port, { path: "/newsfeed" });
    const second = await request(server.port, { path: "/newsfeed" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(String(second.headers["content-security-policy"]))?.[1];
    const scripts = [...second.body.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    const firstNonce = /'nonce-([^']+)'/.exec(String(first.headers["content-security-policy"]))?.[1];
    expect(second.body.replaceAll(nonce!, "N")).toBe(first.body.replaceAll(firstNonce!, "N"));
    // A signed-in browser (any session cookie) is always rendered for itself.
    const member = await request(server.port, { path: "/newsfeed", headers: { Cookie: "sessionID=whoever" } });
    expect(member.headers["x-page-cache"]).toBeUndefined();
    // A language chosen by ?lng= (which sets a cookie) is rendered afresh each time.
    await request(server.port, { path: "/newsfeed?lng=zh" });
    expect((await request(server.port, { path: "/newsfeed?lng=zh" })).headers["x-page-cache"]).toBeUndefined();
  });

  it("keeps the feed out of search engines all the same", async () => {
    const feed = await request(server.port, { path: "/newsfeed" });
    expect(feed.status).toBe(200);
    expect(feed.body).toContain('<meta name="robots" content="noindex"/>');
    expect((await request(server.port, { path: "/landing" })).body).not.toContain('name="robots"');
  });
});

describe("the console pages (sign-in codes, invitations) answer only the key the start-up text shows", () => {
  let server: ServerProcess;
  let key: string;
  const pages = ["/dev/outbox", "/dev/outbox.json", "/dev/mailbox", "/dev/mailbox.json"];
  beforeAll(async () => {
    // Listening on every interface, as `npm start` does by default; no SMS provider or SMTP
    // server set; behind a proxy as far as TRUST_PROXY says.
    server = await startBuiltServer({ HOST: "0.0.0.0", TRUST_PROXY: "1" });
    const printed = /listed at\n {2}http:\/\/localhost:\d+\/dev\/outbox\?key=([\w-]+) /.exec(server.lines.join("\n"));
    key = printed![1]!;
  }, 180_000);
  afterAll(() => server.stop());

  it("prints the outbox's and the mailbox's address with this start's key", () => {
    expect(key.length).toBeGreaterThanOrEqual(24);
    expect(server.lines.join("\n")).toContain(`listed at http://localhost:${server.port}/dev/mailbox?key=${key}.`);
  });

  it("gives a request straight from this machine without the key the Not-found page", async () => {
    // 127.0.0.1, no forwarding header: exactly what a proxy on the same machine sends when it
    // adds none, so it is no reason to answer (decision 1100).
    for (const path of [...pages, ...pages.map((p) => `${p}?key=${key.slice(0, -1)}`), ...pages.map((p) => `${p}?key=`)]) {
      const reply = await request(server.port, { path });
      expect([path, reply.status]).toEqual([path, 404]);
      // The pages are the Not-found page; the JSON says nothing either.
      if (!path.includes(".json")) expect(reply.body).toContain("Page not found");
      expect(reply.body).not.toMatch(/Text outbox|Mailbox/);
    }
  });

  it("answers the key, with or without a proxy's forwarding headers", async () => {
    const proxies: Record<string, string>[] = [{}, { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" }, { Forwarded: "for=203.0.113.9" }];
    for (const headers of proxies) {
      for (const path of pages) {
        const reply = await request(server.port, { path: `${path}?key=${key}`, headers });
        expect([path, JSON.stringify(headers), reply.status]).toEqual([path, JSON.stringify(headers), 200]);
      }
    }
    const json = await request(server.port, { path: `/dev/outbox.json?key=${key}` });
    expect(JSON.parse(json.body)).toEqual([]);
    expect((await request(server.port, { path: `/dev/outbox?key=${key}` })).body).toContain("Text outbox");
  });

  it("gives a neighbour on the network without the key the Not-found page", async (ctx) => {
    const address = outwardAddress();
    if (!address) return ctx.skip();
    for (const path of ["/dev/outbox.json", "/dev/outbox"]) {
      const reply = await request(server.port, { path, host: address });
      expect([path, reply.status]).toEqual([path, 404]);
      expect(reply.body).toContain("Page not found");
    }
  });
});
