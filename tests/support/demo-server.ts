/**
 * The built server (`node server.js`) with the demo world seeded, for a test file that speaks
 * real HTTP to it as a browser, a script or an attacker would: started before the file's
 * tests (building first if the sources changed), stopped after them. The browser tests'
 * hooks are on, with a key of the file's own, so a test can sign a demo member in without
 * the SMS round; visitors' pages are not cached, so each answer is the one asked for.
 */
import http from "node:http";
import { afterAll, beforeAll, expect } from "vitest";
import { ensureBuild, startBuiltServer, type ServerProcess } from "./server-process";

/** What a browser's page load sends as Accept. */
export const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => Record<string, unknown>;
}

/** The cookies a reply sets, as the next request's Cookie header. */
export const cookiesOf = (reply: Reply) =>
  ([] as string[])
    .concat(reply.headers["set-cookie"] ?? [])
    .map((c) => c.split(";", 1)[0])
    .join("; ");

/**
 * Registers the file's server; `name` makes its hooks' key (the tests' own, for /__e2e/…).
 * `entry` runs a test's own wrapper around server.js instead (tests/support/*.mjs).
 */
export function demoServer(name: string, entry?: string) {
  const hooksToken = `${name}-hooks-token-0123456789abcdef`;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureBuild();
    server = await startBuiltServer({ SEED_DEMO: "1", GLOW_E2E_HOOKS_TOKEN: hooksToken, PAGE_CACHE_MS: "0" }, entry);
  }, 300_000);
  afterAll(() => server?.stop());

  const running = () => {
    if (!server) throw new Error("the demo server is not running: use it inside a test");
    return server;
  };

  /** One request on a connection of its own; the whole answer as text. */
  function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
    const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: running().port,
          method,
          path,
          headers: { ...options.headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A member's cookies, written through the browser tests' hook. */
  async function memberCookie(phone: string): Promise<string> {
    const reply = await send("POST", "/__e2e/session", {
      headers: { "Content-Type": "application/json", "x-e2e-token": hooksToken },
      body: JSON.stringify({ phone }),
    });
    expect(reply.status).toBe(200);
    return cookiesOf(reply);
  }

  return {
    /** The running server (its port, its log). */
    get server() {
      return running();
    },
    hooksToken,
    send,
    memberCookie,
  };
}
