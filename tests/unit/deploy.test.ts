/**
 * The nginx configuration the repository ships (deploy/nginx.conf) is the one CI runs in
 * front of two containers (.ci/container-check) and the one docs/deploy.md shows: this
 * keeps the three from drifting apart, and the file's limits above Glow's own.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTEST_RULES } from "~/features/contests/rules";
import { MAX_BODY_BYTES } from "../../server/app";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const nginx = read("deploy/nginx.conf");
const docs = read("docs/deploy.md");

/** nginx's size syntax: 1m is 1024 × 1024 bytes, 16k 1024 × 16. */
function bytes(size: string): number {
  const [, number, unit = ""] = /^(\d+)([kKmMgG]?)$/.exec(size)!;
  return Number(number) * 1024 ** ({ "": 0, k: 1, m: 2, g: 3 }[unit.toLowerCase()] ?? 0);
}

/** The directives of one block: the text between `header {` and its closing brace. */
function block(header: RegExp): string {
  const start = nginx.search(header);
  expect(start, String(header)).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = nginx.indexOf("{", start); i < nginx.length; i++) {
    if (nginx[i] === "{") depth++;
    if (nginx[i] === "}" && --depth === 0) return nginx.slice(start, i + 1);
  }
  throw new Error(`unclosed block ${header}`);
}

describe("deploy/nginx.conf", () => {
  it("is quoted whole in docs/deploy.md", () => {
    const quoted = [...docs.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(quoted).toContain(nginx);
    // And it is the only nginx configuration there: no second, older copy to drift.
    expect(quoted).toHaveLength(1);
  });

  it("is the file CI runs in front of the containers", () => {
    expect(read(".ci/container-check")).toContain("cp deploy/nginx.conf");
  });

  it("speaks TLS and HTTP/2 as Debian 12's nginx 1.22 understands them", () => {
    expect(nginx).toMatch(/^\s*listen 443 ssl http2;$/m);
    expect(nginx).not.toMatch(/^\s*http2 on;/m);
  });

  it("passes the host with its port, the protocol, and an appended client address", () => {
    expect(nginx).toMatch(/^\s*proxy_set_header Host \$http_host;$/m);
    expect(nginx).not.toMatch(/proxy_set_header Host \$host;/);
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-Proto \$scheme;$/m);
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m);
  });

  it("sends every request to two instances published on loopback", () => {
    const servers = [...block(/upstream glow \{/).matchAll(/^\s*server (\S+);$/gm)].map((m) => m[1]);
    expect(servers).toEqual(["127.0.0.1:3000", "127.0.0.1:3001"]);
    expect([...nginx.matchAll(/proxy_pass (\S+);/g)].map((m) => m[1])).toEqual(["http://glow", "http://glow"]);
  });

  it("lets bodies through that Glow answers itself, in the member's language", () => {
    const server = block(/server \{\s*#[^\n]*\n\s*listen 443/);
    const general = /^ {4}client_max_body_size (\S+);$/m.exec(server)![1]!;
    expect(bytes(general)).toBeGreaterThan(MAX_BODY_BYTES);
    const compete = block(/location ~ \^\/compete\(\\\.data\)\?\$ \{/);
    const photos = /client_max_body_size (\S+);/.exec(compete)![1]!;
    expect(bytes(photos)).toBeGreaterThan(CONTEST_RULES.entryPostMaxBytes);
    expect(CONTEST_RULES.entryPostMaxBytes).toBeGreaterThan(CONTEST_RULES.photoMaxBytes);
  });

  it("keeps upstream connections for less time than Glow keeps them (65 s)", () => {
    const seconds = Number(/keepalive_timeout (\d+)s;/.exec(block(/upstream glow \{/))![1]);
    expect(seconds).toBeLessThan(65);
  });
});

describe("docs/deploy.md", () => {
  it("publishes the app port on loopback only, and says why", () => {
    // Each command whole: a line ending in a backslash goes on on the next.
    const runs = docs.replaceAll("\\\n", " ").split("\n").filter((line) => line.includes("docker run "));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const command of runs) expect(command, command).toMatch(/-p 127\.0\.0\.1:\d+:3000\b|--rm -it/);
    expect(docs).toMatch(/The app port is for the proxy only/);
    expect(docs).toMatch(/escape every per-address limit/);
  });

  it("runs two instances on one PostgreSQL, the upstreams of the shipped file", () => {
    expect(docs).toMatch(/-p 127\.0\.0\.1:3000:3000 -e DATABASE_URL=postgres:\/\//);
    expect(docs).toMatch(/-p 127\.0\.0\.1:3001:3000 -e DATABASE_URL=postgres:\/\//);
  });

  it("says where sign-in codes are in a container, and what to set for Twilio and SMTP", () => {
    expect(docs).toMatch(/docker logs glow/);
    expect(docs).toMatch(/TWILIO_ACCOUNT_SID/);
    expect(docs).toMatch(/SMTP_URL/);
    expect(docs).toMatch(/SMTP_FROM/);
  });
});
