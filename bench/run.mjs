// `npm run bench`: what members and operators feel (issues 26 and 38). Five parts, each a table of
// pass/fail lines:
//   phone   Lighthouse on a simulated slow phone, Glow's pages against the bare React
//           Router app (bench/bare) measured in the same run;
//   bytes   each page's HTML and first-load JavaScript, gzipped, and the fonts and images a
//           first visit downloads;
//   server  the CPU time a member page costs the server (Glow and PostgreSQL) per request,
//           against the bare app's, on PostgreSQL 15 and on the embedded database;
//   event   a live event: open-loop arrivals with a realistic mix on PostgreSQL 15 (and on
//           the embedded database), then the highest rate that holds, as capacity;
//   growth  the hot pages at 1× and 100× the demo's data, in one run.
// It prints the tables and writes bench/results.json. See bench/README.md.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { keepAliveGets, postmasterPid, treeCpuMs } from "./cost.mjs";
import { statementsByTime, withBenchDatabase, startPostgres } from "./database.mjs";
import { runArrivals, summarizeRun } from "./event.mjs";
import {
  BUDGETS,
  appliedPhoneVerdict,
  bytesVerdict,
  capacityOf,
  checkWrites,
  chosenParts,
  containerNodeMajor,
  cookieHeader,
  envInt,
  eventVerdict,
  formatBytes,
  formatMs,
  growthVerdict,
  initialScriptUrls,
  latencySummary,
  mark,
  median,
  membersAt,
  nextCapacityRate,
  nodeBinaryPackage,
  parseServerTiming,
  phoneVerdict,
  randomSource,
  rowChosen,
  scriptsBeforeStylesheet,
  serverCostVerdict,
  startNodeOptions,
  staticImportUrls,
  textTable,
  weightedPicker,
} from "./lib.mjs";
import { costPages, eventMix, growthRows, pages, seeds, worldIds } from "./pages.mjs";
import { firstVisitAssets, lighthouseRun, startChrome, withLighthouseRetries } from "./phone.mjs";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, "..");
const reactRouterCli = path.join(root, "node_modules/@react-router/dev/bin.js");

const env = process.env;
const config = {
  parts: chosenParts(env.BENCH_PARTS),
  only: env.BENCH_ONLY?.trim() || null,
  runs: envInt(env, "BENCH_RUNS", 3, { min: 1 }),
  costRequests: envInt(env, "BENCH_COST_REQUESTS", 300, { min: 10 }),
  costEngines: (env.BENCH_COST_ENGINES ?? "postgres,embedded").split(",").map((e) => e.trim()).filter(Boolean),
  cpuProfileDir: env.BENCH_CPU_PROF?.trim() ? path.resolve(env.BENCH_CPU_PROF.trim()) : null,
  pgStatements: env.BENCH_PG_STATEMENTS === "1",
  phoneThrottling: (env.BENCH_PHONE_THROTTLING ?? "simulated,applied").split(",").map((m) => m.trim()).filter(Boolean),
  eventRate: envInt(env, "BENCH_EVENT_RATE", BUDGETS.event.rate, { min: 1 }),
  embeddedEventRate: envInt(env, "BENCH_EVENT_EMBEDDED_RATE", BUDGETS.event.embeddedRate, { min: 1 }),
  eventSeconds: envInt(env, "BENCH_EVENT_SECONDS", BUDGETS.event.seconds, { min: 1 }),
  eventWarmup: envInt(env, "BENCH_EVENT_WARMUP", 10),
  eventMembers: envInt(env, "BENCH_EVENT_MEMBERS", BUDGETS.event.members, { min: 2 }),
  eventWorkers: env.BENCH_EVENT_WORKERS?.trim() || "auto",
  eventEngines: (env.BENCH_EVENT_ENGINES ?? "postgres,embedded").split(",").map((e) => e.trim()).filter(Boolean),
  capacity: env.BENCH_CAPACITY !== "0",
  capacitySeconds: envInt(env, "BENCH_CAPACITY_SECONDS", 20, { min: 1 }),
  growthScale: envInt(env, "BENCH_GROWTH_SCALE", 100, { min: 2 }),
  growthSamples: envInt(env, "BENCH_GROWTH_SAMPLES", 80, { min: 4 }),
  strict: env.BENCH_STRICT === "1",
  buildDir: env.BENCH_GLOW_BUILD_DIR ?? "build-bench",
  serverNode: env.BENCH_NODE?.trim() || null,
};
for (const mode of config.phoneThrottling) {
  if (mode !== "simulated" && mode !== "applied") throw new Error(`BENCH_PHONE_THROTTLING: unknown throttling "${mode}" (simulated, applied)`);
}
for (const [name, engines] of [["BENCH_EVENT_ENGINES", config.eventEngines], ["BENCH_COST_ENGINES", config.costEngines]]) {
  for (const engine of engines) {
    if (engine !== "postgres" && engine !== "embedded") throw new Error(`${name}: unknown engine "${engine}" (postgres, embedded)`);
  }
}

const say = (line = "") => console.log(line);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// ── Child processes, temp dirs and the PostgreSQL server: all removed on the way out. ──

/** @type {Set<{ name: string, child: import("node:child_process").ChildProcess, output: () => string }>} */
const children = new Set();
const tempDirs = [];
let postgres = null;
let interrupted = false;

function start(name, args, { env: extra = {}, cwd = root, node = process.execPath } = {}) {
  // Own process group, so stopping it also stops whatever it spawned.
  const child = spawn(node, args, {
    cwd,
    env: { ...process.env, ...extra },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const entry = { name, child, output: () => output };
  children.add(entry);
  child.once("exit", () => children.delete(entry));
  return entry;
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

async function stop(entry, graceMs = 15_000) {
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  signalGroup(entry.child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(entry.child, "SIGKILL"), graceMs);
  await exited(entry.child);
  clearTimeout(timer);
}

async function cleanup() {
  await Promise.all([...children].map((c) => stop(c)));
  postgres?.stop();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// Last resort when the process ends without cleanup() (a crash): no orphan servers.
process.on("exit", () => {
  for (const c of children) signalGroup(c.child, "SIGKILL");
  postgres?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
  process.once(signal, () => {
    say(`\n${signal}: stopping the servers…`);
    interrupted = true;
    cleanup().finally(() => process.exit(code));
  });
}

function checkInterrupted() {
  if (interrupted) throw new Error("interrupted");
}

/** Runs a child to completion; throws with its output when it fails. */
async function run(name, args, options) {
  const entry = start(name, args, options);
  const code = await new Promise((resolve) => entry.child.once("exit", (c, s) => resolve(c ?? s)));
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${entry.output()}`);
  return entry.output();
}

/** Starts a server and waits for its "listening on http://…" line. */
async function serve(name, args, options, { timeoutMs }) {
  const entry = start(name, args, options);
  const url = await new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${entry.output()}`)),
      timeoutMs,
    );
    entry.child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const m = /listening on (https?:\/\/\S+)/i.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    });
    entry.child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening:\n${entry.output()}`));
    });
  });
  return { ...entry, url };
}

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

// ── The Node the servers run on (decision 0029) ──

function resolveServerNode() {
  const wanted = config.serverNode;
  if (!wanted) return { path: process.execPath, version: process.version };
  let binary = wanted;
  if (wanted === "container") {
    const major = containerNodeMajor(fs.readFileSync(path.join(root, "Dockerfile"), "utf8"));
    if (!major) throw new Error("BENCH_NODE=container: the Dockerfile's last stage is not an official node:<major> image");
    const pkg = nodeBinaryPackage(process.platform, process.arch);
    const cache = path.join(root, "node_modules/.cache/bench-node");
    const dir = path.join(cache, `${pkg}-${major}`);
    binary = path.join(dir, "package/bin/node");
    if (!fs.existsSync(binary)) {
      say(`Fetching Node ${major} (${pkg}@${major}) from the npm registry for the servers…`);
      fs.mkdirSync(cache, { recursive: true });
      const packed = JSON.parse(
        execFileSync("npm", ["pack", `${pkg}@${major}`, "--json", "--pack-destination", cache], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        }),
      );
      const tarball = path.join(cache, packed[0].filename);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      execFileSync("tar", ["-xzf", tarball, "-C", dir]);
      fs.rmSync(tarball, { force: true });
    }
  } else if (!fs.existsSync(binary)) {
    throw new Error(`BENCH_NODE: ${binary} does not exist (give a node binary's path, or "container")`);
  }
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  return { path: binary, version };
}

// ── Glow: built once, seeded, started as an operator starts it ──

let serverNode;
const e2eToken = randomBytes(24).toString("hex");

async function buildGlow() {
  const t = Date.now();
  say(`Building Glow into ${config.buildDir}/ (when its sources changed since the last build)…`);
  await run("Glow build", [path.join(root, "scripts/build.mjs"), "--if-stale"], {
    env: { GLOW_BUILD_DIR: config.buildDir, NODE_ENV: "production" },
  });
  say(`  ready in ${seconds(t)}`);
}

/** The demo world and the seed modules at `scale`, written before Glow opens the database. */
async function seedWorld(databaseUrl, scale) {
  const active = [];
  for (const seed of seeds) {
    if (fs.existsSync(path.join(root, seed.module))) active.push(seed);
    else if (seed.optional) say(`  seed "${seed.name}" skipped: ${seed.module} does not exist yet`);
    else throw new Error(`seed module ${seed.module} does not exist`);
  }
  const t = Date.now();
  const out = await run("seeding", [path.join(benchDir, "seed-runner.mjs")], {
    env: { DATABASE_URL: databaseUrl, BENCH_SEEDS_JSON: JSON.stringify(active), BENCH_SCALE: String(scale), NODE_ENV: "production" },
  });
  for (const line of out.split("\n").filter((l) => l.startsWith("  seeded"))) say(`  ${line.trim()}`);
  say(`  seeded (${scale}×) in ${seconds(t)}`);
}

/** The ids pages and the mix need (worldIds in pages.mjs), read before Glow starts. */
async function readIds(databaseUrl) {
  return withBenchDatabase(databaseUrl, async (db) => {
    const ids = {};
    for (const [name, sql] of Object.entries(worldIds)) {
      try {
        ids[name] = (await db.query(sql)).map((row) => ("value" in row ? row.value : Number(row.id)));
      } catch {
        ids[name] = []; // a table a later issue adds
      }
    }
    return ids;
  });
}

async function startGlow(name, databaseUrl, extraEnv = {}) {
  const t = Date.now();
  const options = startNodeOptions(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts?.start);
  // BENCH_CPU_PROF: every Glow process (workers too) writes a V8 CPU profile when it stops.
  const profiling = config.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${config.cpuProfileDir}`] : [];
  const glow = await serve(
    name,
    [...profiling, ...options, path.join(root, "server.js")],
    {
      env: {
        NODE_ENV: "production",
        GLOW_BUILD_DIR: config.buildDir,
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        LOG_REQUESTS: "0",
        SEED_DEMO: "1",
        GLOW_E2E_HOOKS_TOKEN: e2eToken,
        ...extraEnv,
      },
      node: serverNode.path,
    },
    { timeoutMs: 5 * 60_000 },
  );
  const settings = Object.entries(extraEnv).map(([k, v]) => `${k}=${v} `).join("");
  say(`  ${name} listens on ${glow.url} (${settings}node ${[...options, "server.js"].join(" ")}; ready in ${seconds(t)})`);
  return glow;
}

const fetchPage = (url, headers) =>
  fetch(url, { redirect: "manual", headers: { accept: "text/html", "accept-language": "en", ...headers } });

/** Runs a row's setup against one Glow; returns { url, headers } or { skip } / { error }. */
async function prepareRow(row, glow, ids) {
  try {
    const setup = (await row.setup?.({ baseUrl: glow.url, e2eToken, ids })) ?? {};
    if (setup.skip) return { skip: setup.skip };
    const url = new URL(setup.path ?? row.path, glow.url).href;
    const response = await fetchPage(url, setup.headers);
    const html = await response.text();
    if (response.status === 404) return { skip: "not available yet (Glow answers 404)" };
    if (response.status !== 200) {
      const where = response.headers.get("location");
      return { error: `answered ${response.status}${where ? ` → ${where}` : ""}` };
    }
    return { url, headers: setup.headers ?? {}, html };
  } catch (error) {
    return { error: String(error?.message ?? error).split("\n")[0] };
  }
}

// ── The bare React Router app: the same-run reference ──

let bareBuilt = false;

/** Builds the bare app (once a run) and starts its server. */
async function startBare() {
  if (!bareBuilt) {
    const t = Date.now();
    say("Building the bare React Router app (bench/bare)…");
    await run("bare build", [reactRouterCli, "build", path.join(benchDir, "bare")]);
    say(`  built in ${seconds(t)}`);
    bareBuilt = true;
  }
  const bare = await serve(
    "bare server",
    [path.join(benchDir, "bare/server.mjs")],
    { env: { PORT: "0", NODE_ENV: "production" }, node: serverNode.path },
    { timeoutMs: 30_000 },
  );
  say(`  the bare app listens on ${bare.url}`);
  return bare;
}

// ── Part 1 and 2: the slow phone and the bytes ──

/** gzip size of every script the page loads at once, following static imports. */
async function measureScripts(html, pageUrl) {
  const queue = initialScriptUrls(html, pageUrl);
  const seen = new Set(queue);
  let total = 0;
  const files = [];
  while (queue.length) {
    const url = queue.shift();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`script ${url} answered ${response.status}`);
    const code = Buffer.from(await response.arrayBuffer());
    const gz = gzipSync(code).length;
    total += gz;
    files.push({ url: new URL(url).pathname, bytes: code.length, gzip: gz });
    for (const next of staticImportUrls(code.toString("utf8"), url)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { total, files };
}

async function weigh(html, url) {
  const scripts = await measureScripts(html, url);
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSync(html).length,
    jsGzip: scripts.total,
    scripts: scripts.files,
    scriptsBeforeStylesheet: scriptsBeforeStylesheet(html),
  };
}

const METRICS = ["fcp", "lcp", "tbt", "cls", "accessibility", "performance"];
const APPLIED_METRICS = ["fcp", "lcp", "tti", "hydrated", "tbt", "cls", "accessibility"];

async function phoneAndBytes() {
  const doPhone = config.parts.includes("phone");
  say("");
  say(`── ${doPhone ? "Slow phone and bytes" : "Bytes"} ──`);
  const databaseUrl = `file:${path.join(tempDir("glow-bench-phone-"), "db")}`;
  await seedWorld(databaseUrl, 1);
  const ids = await readIds(databaseUrl);
  const glow = await startGlow("Glow", databaseUrl);
  const bare = await startBare();

  const rows = [];
  const bareRow = { name: "bare React Router app /", path: "/", baseline: true, url: `${bare.url}/`, headers: {} };
  const bareHtml = await (await fetchPage(bareRow.url)).text();
  Object.assign(bareRow, await weigh(bareHtml, bareRow.url));
  rows.push(bareRow);
  for (const page of pages.filter((p) => rowChosen(p, config.only))) {
    const row = { name: page.name, path: page.path, info: page.info ?? null, page };
    const prepared = await prepareRow(page, glow, ids);
    if (prepared.skip) row.skipped = prepared.skip;
    else if (prepared.error) row.error = prepared.error;
    else {
      row.url = prepared.url;
      row.headers = prepared.headers;
      try {
        Object.assign(row, await weigh(prepared.html, prepared.url));
      } catch (error) {
        row.error = String(error?.message ?? error);
      }
    }
    rows.push(row);
  }
  const measured = rows.filter((r) => !r.skipped && !r.error);

  const chrome = await startChrome();
  try {
    if (doPhone) {
      const simulated = config.phoneThrottling.includes("simulated");
      const applied = config.phoneThrottling.includes("applied");
      say(
        `Lighthouse (mobile, Slow 4G and 4× CPU${simulated ? ", simulated: 150 ms RTT, 1.6 Mbps" : ""}${applied ? `${simulated ? ";" : ","} applied: 562.5 ms a request, 1.4 Mbps` : ""}): ${config.runs} runs of ${measured.length} pages, in turns…`,
      );
      for (let round = 1; round <= config.runs; round++) {
        const line = [];
        for (const row of measured) {
          for (const mode of config.phoneThrottling) {
            checkInterrupted();
            try {
              const result = await withLighthouseRetries(row, async () => {
                // A member row signs in afresh for every run: the session-start row's page
                // validates its session, which later runs must not inherit.
                const headers = row.page?.setup ? ((await row.page.setup({ baseUrl: glow.url, e2eToken, ids })) ?? {}).headers : row.headers;
                return lighthouseRun(chrome, row.url, { headers, applied: mode === "applied" });
              });
              if (mode === "applied") {
                (row.appliedRuns ??= []).push(result);
                line.push(`${row.name} ${formatMs(result.tti)}`);
              } else {
                (row.runs ??= []).push(result);
                if (!applied) line.push(`${row.name} ${formatMs(result.lcp)}`);
              }
            } catch (error) {
              row.error = `Lighthouse (${mode}): ${String(error?.message ?? error).split("\n")[0]}`;
              line.push(`${row.name} failed`);
            }
          }
        }
        say(`  run ${round}/${config.runs} (${applied ? "time to interactive, applied" : "LCP"}): ${line.join(" · ")}`);
      }
      for (const row of measured) {
        const runs = row.runs ?? [];
        for (const metric of METRICS) row[metric] = median(runs.map((r) => r[metric]));
        if (row.appliedRuns) {
          row.applied = Object.fromEntries(APPLIED_METRICS.map((metric) => [metric, median(row.appliedRuns.map((r) => r[metric]))]));
        }
        const first = runs[0] ?? row.appliedRuns?.[0];
        row.settings = first?.settings;
        row.lcpElement = first?.lcpElement ?? null;
        row.accessibilityFailures = [...new Set([...runs, ...(row.appliedRuns ?? [])].flatMap((r) => r.accessibilityFailures ?? []))];
        row.assets = first ? firstVisitAssets(first.requests) : null;
      }
    }
    if (config.parts.includes("bytes")) {
      // Fonts and images of a first visit: from the first Lighthouse run, or one quick
      // unthrottled load per page when the phone part did not run.
      for (const row of measured) {
        if (row.assets) continue;
        checkInterrupted();
        const headers = row.page?.setup ? ((await row.page.setup({ baseUrl: glow.url, e2eToken, ids })) ?? {}).headers : row.headers;
        const result = await lighthouseRun(chrome, row.url, { headers, throttled: false });
        row.assets = firstVisitAssets(result.requests);
      }
    }
  } finally {
    chrome.kill();
  }
  await stop(glow);
  await stop(bare);

  for (const row of rows) {
    if (row.baseline || row.skipped || row.error) continue;
    if (doPhone && row.runs) row.phone = phoneVerdict(row, bareRow);
    // A member's page (signed in by its setup) has 5 s to become interactive, a visitor's 3 s.
    if (doPhone && row.applied) row.phoneApplied = appliedPhoneVerdict(row.applied, bareRow.applied, { member: Boolean(row.page?.setup) });
    row.bytes = bytesVerdict(row, bareRow);
  }
  for (const row of rows) {
    delete row.page;
    for (const r of [...(row.runs ?? []), ...(row.appliedRuns ?? [])]) delete r.requests;
  }
  return rows;
}

// ── The server's cost ──

/**
 * CPU milliseconds per request of one page: `warmup` requests first (code compiled, caches
 * of the build filled), then `requests` keep-alive GETs, `concurrency` at a time, with the
 * CPU time of the processes rooted at `pids` read from /proc before and after.
 */
async function cpuPerRequest({ url, headers, pids, requests, warmup }) {
  const concurrency = BUDGETS.server.concurrency;
  if (warmup > 0) await keepAliveGets({ url, headers, requests: warmup, concurrency });
  const before = pids.map((pid) => treeCpuMs([pid]));
  const started = performance.now();
  const answers = await keepAliveGets({ url, headers, requests, concurrency });
  const wallMs = performance.now() - started;
  // Per tree: Glow's, then (on PostgreSQL) the database server's.
  const treesMs = pids.map((pid, i) => (treeCpuMs([pid]) - before[i]) / requests);
  const cpuMs = treesMs.reduce((a, b) => a + b, 0);
  const bad = answers.filter((a) => a.error || a.status !== 200);
  const med = (key) => median(answers.map((a) => a[key]));
  return {
    cpuMs,
    glowMs: treesMs[0],
    databaseMs: treesMs[1] ?? null,
    perSecond: (requests * 1000) / wallMs,
    errors: bad.length,
    firstError: bad[0] ? (bad[0].error ?? `answered ${bad[0].status}`) : null,
    db: med("db"),
    render: med("render"),
    total: med("total"),
    queries: med("queries"),
  };
}

async function serverCost() {
  say("");
  say(`── Server cost: CPU ms per request (keep-alive GETs, ${BUDGETS.server.concurrency} at a time) ──`);
  const bare = await startBare();
  const engines = [];
  try {
    for (const engine of config.costEngines) {
      const databaseUrl =
        engine === "postgres" ? await postgres.createDatabase("glow_cost") : `file:${path.join(tempDir("glow-bench-cost-"), "db")}`;
      await seedWorld(databaseUrl, 1);
      const ids = await readIds(databaseUrl);
      // As `npm start` starts it: one process. On PostgreSQL the database server's processes
      // count too (the bench owns the cluster, so all of its processes are this Glow's).
      const glow = await startGlow(`Glow (${engine})`, databaseUrl);
      const pids = engine === "postgres" ? [glow.child.pid, postmasterPid(postgres.dataDir)] : [glow.child.pid];
      engines.push({ engine, databaseUrl, ids, glow, pids });
    }

    const rows = costPages.filter((p) => rowChosen(p, config.only)).map((page) => ({ name: page.name, path: page.path, gameMaster: page.gameMaster ?? false, page, by: {} }));
    for (const row of rows) {
      for (const e of engines) {
        const prepared = await prepareRow(row.page, e.glow, e.ids);
        if (prepared.skip) row.skipped = prepared.skip;
        else if (prepared.error) row.error = `${e.engine}: ${prepared.error}`;
        else row.by[e.engine] = { url: prepared.url, headers: prepared.headers, runs: [] };
      }
    }
    const measured = rows.filter((r) => !r.skipped && !r.error);
    const bareRow = { runs: [] };
    const statements = config.pgStatements ? engines.find((e) => e.engine === "postgres") : null;
    if (statements) await statementsByTime(statements.databaseUrl, { reset: true });

    say(`  ${config.runs} rounds of ${config.costRequests} requests a page; in each round the bare app first, then every page on each database`);
    for (let round = 1; round <= config.runs; round++) {
      checkInterrupted();
      // The first round warms each server up longer: its code is compiled then.
      const warmup = round === 1 ? 100 : 30;
      const bareRun = await cpuPerRequest({ url: `${bare.url}/`, headers: {}, pids: [bare.child.pid], requests: config.costRequests, warmup });
      bareRow.runs.push(bareRun);
      const line = [`bare ${bareRun.cpuMs.toFixed(2)}`];
      for (const row of measured) {
        for (const e of engines) {
          checkInterrupted();
          const target = row.by[e.engine];
          const result = await cpuPerRequest({ url: target.url, headers: target.headers, pids: e.pids, requests: config.costRequests, warmup });
          target.runs.push(result);
          if (e.engine === "postgres") line.push(`${row.path} ${result.cpuMs.toFixed(1)}`);
        }
      }
      say(`  round ${round}/${config.runs} (CPU ms a request${engines.some((e) => e.engine === "postgres") ? ", PostgreSQL" : ""}): ${line.join(" · ")}`);
    }

    const summarize = (runs) => {
      const pick = (key) => median(runs.map((r) => r[key]));
      return {
        cpuMs: pick("cpuMs"),
        cpuMsRuns: runs.map((r) => Math.round(r.cpuMs * 100) / 100),
        glowMs: pick("glowMs"),
        databaseMs: pick("databaseMs"),
        perSecond: pick("perSecond"),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        firstError: runs.find((r) => r.firstError)?.firstError ?? null,
        db: pick("db"),
        render: pick("render"),
        total: pick("total"),
        queries: pick("queries"),
      };
    };
    const bareFigures = summarize(bareRow.runs);
    for (const row of measured) {
      for (const e of engines) {
        const figures = summarize(row.by[e.engine].runs);
        // Each round's ratio against the bare app of the same round; the verdict on their median.
        const ratios = row.by[e.engine].runs.map((r, i) => r.cpuMs / bareRow.runs[i].cpuMs);
        row[e.engine] = { ...figures, ratio: median(ratios), verdict: serverCostVerdict({ ratio: median(ratios), gameMaster: row.gameMaster }) };
        if (figures.errors) row.error = `${e.engine}: ${figures.errors} answers were not 200 (${figures.firstError})`;
      }
      delete row.by;
      delete row.page;
    }
    for (const row of rows) {
      delete row.by;
      delete row.page;
    }
    const result = { bare: bareFigures, requests: config.costRequests, concurrency: BUDGETS.server.concurrency, engines: engines.map((e) => e.engine), rows };
    if (statements) result.statements = await statementsByTime(statements.databaseUrl);
    return result;
  } finally {
    await stop(bare);
    for (const e of engines) await stop(e.glow);
  }
}

// ── Part 3: the live event ──

/** Signs `count` of the seeded bench members in (+1888…), a few at a time. */
async function signInMembers(glow, count) {
  const members = [];
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const i = next++;
      const phone = `+1888${String(i).padStart(7, "0")}`;
      const response = await fetch(new URL("/__e2e/session", glow.url), {
        method: "POST",
        headers: { "content-type": "application/json", "x-e2e-token": e2eToken },
        body: JSON.stringify({ phone }),
      });
      if (!response.ok) throw new Error(`signing ${phone} in answered ${response.status}`);
      const { memberId } = await response.json();
      members.push({ id: memberId, cookie: cookieHeader(response.headers.getSetCookie()) });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return members;
}

async function liveEvent(engine) {
  say("");
  say(`── A live event on ${engine === "postgres" ? "PostgreSQL 15" : "the embedded database (PGlite)"} ──`);
  const databaseUrl =
    engine === "postgres" ? await postgres.createDatabase("glow_event") : `file:${path.join(tempDir("glow-bench-event-"), "db")}`;
  await seedWorld(databaseUrl, 1);
  const ids = await readIds(databaseUrl);
  // As an operator runs a large event on PostgreSQL: one worker per core (README, 1006).
  // The embedded database is one process whatever is asked.
  const glow = await startGlow(`Glow (${engine})`, databaseUrl, engine === "postgres" ? { GLOW_WORKERS: config.eventWorkers } : {});
  // The embedded database is judged at its own rate: one process, one connection.
  const rate = engine === "postgres" ? config.eventRate : config.embeddedEventRate;
  const result = { engine, rate, seconds: config.eventSeconds, workers: engine === "postgres" ? config.eventWorkers : "1" };
  const runTag = `bench ${engine} ${Date.now().toString(36)}`;
  const accepted = new Map(); // write entry → payloads Glow answered as done
  let members = [];
  try {
    let t = Date.now();
    members = await signInMembers(glow, config.eventMembers);
    say(`  ${members.length} members signed in (${seconds(t)})`);

    // Entries done as particular demo members (the contest's judges) use their own sessions.
    const asMembers = new Map();
    for (const phone of new Set(eventMix.flatMap((e) => e.as ?? []))) {
      const response = await fetch(new URL("/__e2e/session", glow.url), {
        method: "POST",
        headers: { "content-type": "application/json", "x-e2e-token": e2eToken },
        body: JSON.stringify({ phone }),
      });
      if (!response.ok) throw new Error(`signing ${phone} in answered ${response.status}`);
      const { memberId } = await response.json();
      asMembers.set(phone, { id: memberId, cookie: cookieHeader(response.headers.getSetCookie()) });
    }
    const crowdOf = (entry) => (entry.as ? entry.as.map((phone) => asMembers.get(phone)) : members);

    // The mix: entries whose page answers 404 (a later issue's screen) are left out.
    const mix = [];
    result.leftOut = [];
    for (const entry of eventMix) {
      if (entry.needs && !ids[entry.needs]?.length) {
        result.leftOut.push(`${entry.name}: no ${entry.needs} in the world`);
        continue;
      }
      if (!entry.write) {
        const prober = crowdOf(entry)[0];
        const spec = entry.request({ member: prober, n: 0, ids, pick: (list) => list[0], tag: "probe" });
        const probe = await fetchPage(new URL(spec.path, glow.url), entry.visitor ? {} : { cookie: prober.cookie });
        await probe.arrayBuffer();
        if (probe.status === 404) {
          result.leftOut.push(`${entry.name}: not available yet (404)`);
          continue;
        }
      }
      mix.push(entry);
    }
    if (result.leftOut.length) say(`  left out of the mix: ${result.leftOut.join("; ")}`);
    say(`  mix: ${mix.map((m) => `${m.name} ${m.weight}`).join(", ")}`);

    const random = randomSource(26);
    const pickEntry = weightedPicker(mix, random);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const glowed = new Set();
    const glowTargets = ids.glowTargets?.length ? ids.glowTargets : ids.posts;

    const arrivals = (phase) => (n) => {
      const entry = pickEntry();
      const member = entry.visitor ? null : pick(crowdOf(entry));
      let glowTarget;
      if (entry.write === "glow") {
        for (let tries = 0; tries < 50; tries++) {
          glowTarget = pick(glowTargets);
          if (!glowed.has(`${member.id}:${glowTarget}`)) break;
        }
        glowed.add(`${member.id}:${glowTarget}`);
      }
      const spec = entry.request({ member, n, ids, pick, glowTarget, tag: `${runTag} ${phase} #${n}` });
      return { entry, spec: { ...spec, cookie: member?.cookie } };
    };
    // The CPU the instance spends per request (its processes, and PostgreSQL's on PostgreSQL),
    // and the generator's own: what the machine's load cannot move much.
    const pids = engine === "postgres" ? [glow.child.pid, postmasterPid(postgres.dataDir)] : [glow.child.pid];
    const phase = async (name, rate, secs) => {
      checkInterrupted();
      const cpuBefore = pids.map((pid) => treeCpuMs([pid]));
      const generatorBefore = process.cpuUsage();
      const { answers, generatorLateMaxMs } = await runArrivals({
        baseUrl: glow.url,
        rate,
        seconds: secs,
        next: arrivals(name),
        onProgress: secs >= 30 ? (p) => say(`    ${p.second} s: ${p.answered} answered, ${p.inFlight} in flight`) : undefined,
      });
      for (const a of answers) if (a.write && a.ok) (accepted.get(a.entry) ?? accepted.set(a.entry, []).get(a.entry)).push(a.payload);
      const summary = summarizeRun(answers);
      const [glowCpu, databaseCpu = 0] = pids.map((pid, i) => treeCpuMs([pid]) - cpuBefore[i]);
      const generator = process.cpuUsage(generatorBefore);
      const cpu = {
        glowMs: glowCpu / answers.length,
        databaseMs: databaseCpu / answers.length,
        perRequestMs: (glowCpu + databaseCpu) / answers.length,
        generatorMs: (generator.user + generator.system) / 1000 / answers.length,
      };
      return { rate, seconds: secs, ...summary, cpu, generatorLateMaxMs: Math.round(generatorLateMaxMs) };
    };

    if (config.eventWarmup > 0) {
      say(`  warming up: ${config.eventWarmup} s at ${rate} requests a second…`);
      await phase("warm", rate, config.eventWarmup);
    }
    say(`  the event: ${config.eventSeconds} s at ${rate} requests a second (open loop)…`);
    const main = await phase("main", rate, config.eventSeconds);
    result.run = main;
    say(`  p50 ${formatMs(main.p50)} · p95 ${formatMs(main.p95)} · p99 ${formatMs(main.p99)} · ${main.errors} errors of ${main.count}`);
    say(
      `  CPU a request: ${main.cpu.perRequestMs.toFixed(1)} ms (Glow ${main.cpu.glowMs.toFixed(1)}${engine === "postgres" ? `, PostgreSQL ${main.cpu.databaseMs.toFixed(1)}` : ""}; the generator ${main.cpu.generatorMs.toFixed(2)}), ` +
        `so the machine's ${os.cpus().length} CPUs hold about ${Math.round((os.cpus().length * 1000) / (main.cpu.perRequestMs + main.cpu.generatorMs))} requests a second of this mix, generator included`,
    );
    for (const [kind, n] of Object.entries(main.errorKinds).slice(0, 5)) say(`    error ${kind} (${n}×)`);

    if (config.capacity) {
      say(`  capacity: the highest rate whose p95 stays ≤ ${BUDGETS.event.p95MaxMs} ms without errors (${config.capacitySeconds} s a step)…`);
      const steps = [{ rate: main.rate, p95: main.p95, errors: main.errors, ok: main.p95 <= BUDGETS.event.p95MaxMs && main.errors === 0 }];
      say(`    ${main.rate}/s: p95 ${formatMs(main.p95)}, ${main.errors} errors → ${steps[0].ok ? "holds" : "does not hold"}`);
      for (let next = nextCapacityRate(steps, { start: rate }); next != null; next = nextCapacityRate(steps, { start: rate })) {
        await new Promise((resolve) => setTimeout(resolve, 3_000)); // let the previous step drain
        const step = await phase(`cap${next}`, next, config.capacitySeconds);
        const ok = step.p95 <= BUDGETS.event.p95MaxMs && step.errors === 0;
        steps.push({ rate: next, p95: step.p95, p99: step.p99, errors: step.errors, generatorLateMaxMs: step.generatorLateMaxMs, ok });
        say(`    ${next}/s: p95 ${formatMs(step.p95)}, ${step.errors} errors → ${ok ? "holds" : "does not hold"}`);
      }
      const capacity = capacityOf(steps);
      result.capacity = { rate: capacity, members: capacity == null ? null : membersAt(capacity), steps };
    }
  } finally {
    // Stopped first: the writes are counted in the database the instance leaves behind.
    await stop(glow);
  }

  const t = Date.now();
  result.writes = await withBenchDatabase(databaseUrl, async (db) => {
    const byEntry = {};
    const memberIds = members.map((m) => m.id);
    for (const entry of eventMix.filter((e) => e.write)) {
      const payloads = accepted.get(entry.name) ?? [];
      const rows = await entry.check(db.query, { tag: runTag, memberIds });
      const found = new Map(rows.map((r) => [String(r.payload), Number(r.n)]));
      byEntry[entry.name] = checkWrites(payloads, found);
    }
    const total = Object.values(byEntry).reduce(
      (sum, w) => ({ accepted: sum.accepted + w.accepted, missing: sum.missing + w.missing, duplicated: sum.duplicated + w.duplicated }),
      { accepted: 0, missing: 0, duplicated: 0 },
    );
    return { ...total, byEntry };
  });
  say(`  writes: ${result.writes.accepted} accepted, ${result.writes.missing} missing, ${result.writes.duplicated} twice or more (counted in ${seconds(t)})`);
  result.verdict = eventVerdict({ p95: result.run.p95, p99: result.run.p99, errors: result.run.errors, writes: result.writes });
  // The budget is PostgreSQL's (an event's engine); the embedded database's line is reported.
  result.judged = engine === "postgres";
  return result;
}

// ── Part 4: flat as data grows ──

async function timedGet(url, headers) {
  const started = performance.now();
  const response = await fetchPage(url, headers);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, db: parseServerTiming(response.headers.get("server-timing")).db };
}

/** `count` requests one at a time to one world's page, with the CPU its Glow and PostgreSQL spent. */
async function timedBlock(target, count) {
  const before = target.pids.map((pid) => treeCpuMs([pid]));
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await timedGet(target.url, target.headers));
  const cpuMs = target.pids.reduce((sum, pid, i) => sum + treeCpuMs([pid]) - before[i], 0);
  return { samples, cpuMs };
}

async function growth() {
  const big = config.growthScale;
  say("");
  say(`── Flat as data grows: 1× and ${big}× the demo's data, on PostgreSQL 15 ──`);
  const small = { scale: 1, url: await postgres.createDatabase("glow_growth_1") };
  const large = { scale: big, url: await postgres.createDatabase(`glow_growth_${big}`) };
  for (const world of [small, large]) {
    await seedWorld(world.url, world.scale);
    world.ids = await readIds(world.url);
  }
  small.glow = await startGlow("Glow (1×)", small.url);
  large.glow = await startGlow(`Glow (${big}×)`, large.url);
  const database = postmasterPid(postgres.dataDir);
  const rows = [];
  // Blocks of requests, alternating between the two worlds, so the machine's mood falls on both alike.
  const blocks = 4;
  const perBlock = Math.max(1, Math.round(config.growthSamples / blocks));
  try {
    for (const spec of growthRows.filter((r) => rowChosen(r, config.only))) {
      checkInterrupted();
      const row = { name: spec.name, path: spec.path };
      const a = await prepareRow(spec, small.glow, small.ids);
      const b = await prepareRow(spec, large.glow, large.ids);
      const problem = a.skip ?? b.skip;
      if (problem) {
        rows.push({ ...row, skipped: problem });
        continue;
      }
      if (a.error || b.error) {
        rows.push({ ...row, error: a.error ?? b.error });
        continue;
      }
      const worlds = {
        small: { ...a, pids: [small.glow.child.pid, database], samples: [], cpuMs: 0 },
        large: { ...b, pids: [large.glow.child.pid, database], samples: [], cpuMs: 0 },
      };
      // A few first requests warm each up.
      for (const world of Object.values(worlds)) await timedBlock(world, 5);
      for (let block = 0; block < blocks; block++) {
        for (const world of Object.values(worlds)) {
          const measured = await timedBlock(world, perBlock);
          world.samples.push(...measured.samples);
          world.cpuMs += measured.cpuMs;
        }
      }
      const bad = [...worlds.small.samples, ...worlds.large.samples].find((s) => s.status !== 200);
      if (bad) {
        rows.push({ ...row, error: `answered ${bad.status}` });
        continue;
      }
      const p50 = (list) => latencySummary(list).p50;
      const dbP50 = (list) => median(list.map((s) => s.db));
      const measured = {
        ...row,
        cpuSmall: worlds.small.cpuMs / worlds.small.samples.length,
        cpuBig: worlds.large.cpuMs / worlds.large.samples.length,
        p50Small: p50(worlds.small.samples),
        p50Big: p50(worlds.large.samples),
        dbP50Small: dbP50(worlds.small.samples),
        dbP50Big: dbP50(worlds.large.samples),
      };
      measured.verdict = growthVerdict(measured);
      rows.push(measured);
      say(`  ${row.name}: CPU ${measured.cpuSmall.toFixed(1)} → ${measured.cpuBig.toFixed(1)} ms a request (${measured.verdict.ratio.toFixed(2)}×), p50 ${formatMs(measured.p50Small)} → ${formatMs(measured.p50Big)}`);
    }
  } finally {
    await stop(small.glow);
    await stop(large.glow);
  }
  return { scale: big, samples: blocks * perBlock, rows };
}

// ── The tables ──

/**
 * A page's row of a budget table: its name, its cells (`[metric, text]`, marked with the
 * verdict's check of the metric, except the bare app's and a null metric's), its result.
 */
function budgetRow(r, verdict, cells) {
  if (r.skipped || r.error) return [r.name, ...cells.map(() => ""), r.skipped ? `skipped: ${r.skipped}` : `error: ${r.error}`];
  const checks = verdict?.checks ?? {};
  return [
    r.name,
    ...cells.map(([metric, text]) => (r.baseline || metric === null ? text : `${text} ${mark(checks[metric])}`)),
    r.baseline ? "same-run reference" : r.info ? "info, not a budget" : verdict?.ok ? "PASS" : "FAIL",
  ];
}

function phoneTable(rows) {
  const bare = rows.find((r) => r.baseline);
  const limit = (metric) => (bare ? formatMs(phoneVerdict({}, bare).limits[metric]) : "–");
  const lines = rows.map((r) =>
    budgetRow(r, r.phone, [
      ["fcp", formatMs(r.fcp)],
      ["lcp", formatMs(r.lcp)],
      ["tbt", formatMs(r.tbt)],
      ["cls", r.cls == null ? "–" : r.cls.toFixed(3)],
      ["accessibility", r.accessibility == null ? "–" : r.accessibility.toFixed(2)],
    ]),
  );
  const notes = rows.filter((r) => r.info && !r.skipped).map((r) => `${r.name}: ${r.info}.`);
  return [
    textTable(["Slow phone (median of runs)", "FCP", "LCP", "TBT", "CLS", "a11y", "Result"], lines, { right: [1, 2, 3, 4, 5] }),
    ...notes,
    `Budgets: FCP ≤ ${limit("fcp")} and LCP ≤ ${limit("lcp")} (min(1.3 × bare + 0.3 s, 2.0 s)) · TBT ≤ ${BUDGETS.phone.tbtMaxMs} ms · CLS ≤ ${BUDGETS.phone.clsMax} · accessibility 1.0`,
  ].join("\n");
}

function appliedPhoneTable(rows) {
  const bare = rows.find((r) => r.baseline);
  const lines = rows.map((r) => {
    const a = r.applied ?? {};
    return budgetRow(r, r.phoneApplied, [
      ["fcp", formatMs(a.fcp)],
      ["lcp", formatMs(a.lcp)],
      ["tti", formatMs(a.tti)],
      [null, (r.appliedRuns ?? []).map((run) => formatMs(run.tti)).join(" ")],
      [null, formatMs(a.hydrated)],
      ["tbt", formatMs(a.tbt)],
      ["cls", a.cls == null ? "–" : a.cls.toFixed(3)],
      ["accessibility", a.accessibility == null ? "–" : a.accessibility.toFixed(2)],
    ]);
  });
  const paints = bare?.applied ? `FCP ≤ ${formatMs(bare.applied.fcp + BUDGETS.phoneApplied.paintSlackMs)} and LCP ≤ ${formatMs(bare.applied.lcp + BUDGETS.phoneApplied.paintSlackMs)} (bare + 0.5 s)` : "FCP and LCP ≤ bare + 0.5 s";
  return [
    textTable(["Slow phone, applied (median of runs)", "FCP", "LCP", "TTI", "TTI of each run", "hydrated", "TBT", "CLS", "a11y", "Result"], lines, { right: [1, 2, 3, 5, 6, 7, 8] }),
    "hydrated: when the page's scripts had taken over (a mark of Glow's root; not a budget).",
    `Budgets: ${paints} · time to interactive ≤ ${formatMs(BUDGETS.phoneApplied.ttiVisitorMaxMs)} for a visitor's page, ≤ ${formatMs(BUDGETS.phoneApplied.ttiMemberMaxMs)} for a member's · TBT ≤ ${BUDGETS.phoneApplied.tbtMaxMs} ms · CLS ≤ ${BUDGETS.phoneApplied.clsMax} · accessibility 1.0`,
  ].join("\n");
}

function bytesTable(rows) {
  const bare = rows.find((r) => r.baseline);
  const lines = rows.map((r) => {
    if (r.skipped) return [r.name, "", "", "", "", "", `skipped: ${r.skipped}`];
    if (r.error) return [r.name, "", "", "", "", "", `error: ${r.error}`];
    const c = r.bytes?.checks ?? {};
    const biggest = (r.assets ?? []).reduce((max, a) => (a.bytes > (max?.bytes ?? -1) ? a : max), null);
    return [
      r.name,
      `${formatBytes(r.jsGzip)} (${r.scripts.length})${r.baseline ? "" : ` ${mark(c.js)}`}`,
      r.baseline || !bare?.jsGzip ? "" : `${(r.jsGzip / bare.jsGzip).toFixed(2)}×`,
      `${formatBytes(r.htmlGzip)}${r.baseline ? "" : ` ${mark(c.html)}`}`,
      biggest ? `${formatBytes(biggest.bytes)} ${path.basename(biggest.url)}${r.baseline ? "" : ` ${mark(c.assets)}`}` : r.baseline ? "–" : `none ${mark(c.assets)}`,
      r.scriptsBeforeStylesheet == null ? "–" : String(r.scriptsBeforeStylesheet),
      r.baseline ? "same-run reference" : r.info ? "info" : r.bytes.ok ? "PASS" : "FAIL",
    ];
  });
  return [
    textTable(["Bytes (first visit)", "JS gzip (files)", "× bare", "HTML gzip", "largest font/image", "scripts before CSS", "Result"], lines, { right: [1, 2, 3] }),
    `Budgets: first-load JS ≤ ${BUDGETS.bytes.jsRatioMax}× the bare app's · HTML < 14 KB gzipped · no font or image over 40 KB`,
  ].join("\n");
}

function serverCostTable(result) {
  const pg = result.engines.includes("postgres");
  const embedded = result.engines.includes("embedded");
  const cost = (figures, judged) =>
    figures ? `${figures.cpuMs.toFixed(1)} (${figures.ratio.toFixed(1)}×${judged ? ` ${mark(figures.verdict.ok)}` : ""})` : "";
  const header = [
    "Server cost (CPU ms a request)",
    ...(pg ? ["PostgreSQL: Glow + database", "database's", "db wait / queries"] : []),
    ...(embedded ? ["embedded"] : []),
    "Result",
  ];
  const blank = [...(pg ? ["", "", ""] : []), ...(embedded ? [""] : [])];
  const bare = result.bare.cpuMs.toFixed(2);
  const lines = [["bare React Router app /", ...(pg ? [bare, "", ""] : []), ...(embedded ? [bare] : []), "same-run reference"]];
  for (const r of result.rows) {
    if (r.skipped || (r.error && !r.postgres && !r.embedded)) {
      lines.push([r.name, ...blank, r.skipped ? `skipped: ${r.skipped}` : `error: ${r.error}`]);
      continue;
    }
    const judged = pg ? r.postgres : r.embedded;
    const verdict = r.error ? `FAIL (${r.error})` : judged?.verdict.ok ? "PASS" : `FAIL (> ${judged?.verdict.ratioMax}×)`;
    lines.push([
      r.name,
      ...(pg
        ? [cost(r.postgres, true), r.postgres ? r.postgres.databaseMs.toFixed(1) : "", r.postgres?.db == null ? "" : `${formatMs(r.postgres.db)} / ${r.postgres.queries}`]
        : []),
      ...(embedded ? [cost(r.embedded, !pg)] : []),
      pg ? verdict : `${verdict}, reported`,
    ]);
  }
  return [
    textTable(header, lines, { right: header.map((_, i) => i).slice(1, -1) }),
    `Budget (PostgreSQL, Glow's processes and the database server's): every page ≤ ${BUDGETS.server.memberRatioMax}× the bare app's CPU per request, the game master's console ≤ ${BUDGETS.server.gameMasterRatioMax}×; the embedded database's figures are reported. Median of ${config.runs} rounds of ${result.requests} requests, ${result.concurrency} at a time; the ratio is the median of each round's against the bare app's of that round.`,
  ].join("\n");
}

function eventTable(results) {
  const lines = results.map((r) => {
    if (r.error) return [r.engine, "", "", "", "", "", "", "", "", `error: ${r.error}`];
    const c = r.verdict.checks;
    const cpu = r.run.cpu;
    const byCpu = Math.round((os.cpus().length * 1000) / (cpu.perRequestMs + cpu.generatorMs));
    const cap = r.capacity ? (r.capacity.rate == null ? "below the first step" : `${r.capacity.rate}/s ≈ ${r.capacity.members.toLocaleString("en")} members`) : "not searched";
    return [
      r.engine === "postgres" ? `PostgreSQL 15, GLOW_WORKERS=${r.workers}` : "embedded (PGlite)",
      `${r.rate}/s × ${r.seconds} s`,
      `${formatMs(r.run.p50)}`,
      `${formatMs(r.run.p95)} ${mark(c.p95)}`,
      `${formatMs(r.run.p99)} ${mark(c.p99)}`,
      `${r.run.errors} ${mark(c.errors)}`,
      `${r.writes.accepted} (${r.writes.missing} missing, ${r.writes.duplicated} twice) ${mark(c.writes)}`,
      `${cpu.perRequestMs.toFixed(1)} ms (≈ ${byCpu}/s)`,
      cap,
      r.judged ? (r.verdict.ok ? "PASS" : "FAIL") : `reported (${r.verdict.ok ? "holds" : "misses"} the budget)`,
    ];
  });
  return [
    textTable(["Live event (open loop)", "load", "p50", "p95", "p99", "errors", "accepted writes", "CPU a request (CPU-bound rate)", "capacity (p95 ≤ 300 ms)", "Result"], lines, { right: [2, 3, 4, 5] }),
    `Budgets (PostgreSQL): p95 ≤ ${BUDGETS.event.p95MaxMs} ms · p99 ≤ ${BUDGETS.event.p99MaxMs} ms · 0 errors · every accepted write present exactly once. Members: one page view each ${BUDGETS.event.secondsPerView} s. ` +
      `CPU a request: the instance's processes (and PostgreSQL's) over the measured minute; the rate in brackets is what the machine's CPUs could serve of this mix at that cost, the generator's own CPU included (not a budget: what a quiet machine would allow).`,
  ].join("\n");
}

function growthTable(result) {
  const lines = result.rows.map((r) => {
    if (r.skipped) return [r.name, "", "", "", "", "", `skipped: ${r.skipped}`];
    if (r.error) return [r.name, "", "", "", "", "", `error: ${r.error}`];
    return [
      r.name,
      `${r.cpuSmall.toFixed(1)} → ${r.cpuBig.toFixed(1)}`,
      `${r.verdict.ratio.toFixed(2)}× ${mark(r.verdict.ok)}`,
      `${formatMs(r.p50Small)} → ${formatMs(r.p50Big)}`,
      r.p50Small ? `${(r.p50Big / r.p50Small).toFixed(2)}×` : "–",
      `${formatMs(r.dbP50Small)} → ${formatMs(r.dbP50Big)}`,
      r.verdict.ok ? "PASS" : "FAIL",
    ];
  });
  return [
    textTable(["Flat as data grows", `CPU ms a request 1× → ${result.scale}×`, "ratio", "p50", "p50 ratio", "database p50", "Result"], lines, { right: [1, 2, 3, 4] }),
    `Budget: a page's CPU per request (Glow's and PostgreSQL's processes) at ${result.scale}× ≤ ${BUDGETS.growth.costRatioMax}× the same at 1× (1×: 1,000 members, 10,000 posts; ${result.scale}×: ${(1000 * result.scale).toLocaleString("en")} members, ${(10_000 * result.scale).toLocaleString("en")} posts). ${result.samples} requests a row and world, one at a time, in blocks alternating between the worlds; the p50 ratio is shown, not judged.`,
  ].join("\n");
}

// ── The run ──

async function main() {
  const began = Date.now();
  say(`Glow benchmark: parts ${config.parts.join(", ")}${config.only ? ` (rows matching "${config.only}")` : ""}`);
  const load = os.loadavg()[0];
  say(`Machine: ${os.cpus().length} CPUs, load average ${load.toFixed(2)} when the run began${load > os.cpus().length * 0.5 ? " (busy: figures are rough)" : ""}.`);
  serverNode = resolveServerNode();
  say(`Servers run on Node ${serverNode.version}${config.serverNode ? ` (BENCH_NODE=${config.serverNode})` : ""}.`);
  await buildGlow();

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    serverNode: serverNode.version,
    cpus: os.cpus().length,
    loadAverageAtStart: os.loadavg(),
    config: { ...config, serverNode: undefined },
    budgets: BUDGETS,
  };
  const tables = [];
  const failures = [];

  if (config.parts.includes("phone") || config.parts.includes("bytes")) {
    const rows = await phoneAndBytes();
    results.pages = rows;
    const judged = rows.filter((r) => !r.baseline && !r.skipped && !r.info);
    if (config.parts.includes("phone")) {
      if (config.phoneThrottling.includes("simulated")) {
        tables.push(phoneTable(rows));
        for (const r of judged) if (r.error || !r.phone?.ok) failures.push(`slow phone: ${r.name}`);
      }
      if (config.phoneThrottling.includes("applied")) {
        tables.push(appliedPhoneTable(rows));
        for (const r of judged) if (r.error || !r.phoneApplied?.ok) failures.push(`slow phone, applied: ${r.name}`);
      }
    }
    if (config.parts.includes("bytes")) {
      tables.push(bytesTable(rows));
      for (const r of judged) if (r.error || !r.bytes?.ok) failures.push(`bytes: ${r.name}`);
    }
  }
  const postgresParts = [
    config.parts.includes("server") && config.costEngines.includes("postgres"),
    config.parts.includes("event") && config.eventEngines.includes("postgres"),
    config.parts.includes("growth"),
  ];
  if (postgresParts.some(Boolean)) postgres = await startPostgres({ log: (l) => say(l), statements: config.pgStatements });
  if (config.parts.includes("server")) {
    results.server = await serverCost();
    tables.push(serverCostTable(results.server));
    for (const r of results.server.rows) {
      const judged = config.costEngines.includes("postgres") ? r.postgres : null;
      if (r.error || (judged && !judged.verdict.ok)) failures.push(`server cost: ${r.name}`);
    }
  }
  if (config.parts.includes("event")) {
    results.event = [];
    for (const engine of config.eventEngines) {
      try {
        results.event.push(await liveEvent(engine));
      } catch (error) {
        if (interrupted) throw error;
        results.event.push({ engine, error: String(error?.message ?? error).split("\n")[0] });
      }
    }
    tables.push(eventTable(results.event));
    for (const r of results.event) if (r.error || (r.judged && !r.verdict.ok)) failures.push(`live event: ${r.engine}`);
  }
  if (config.parts.includes("growth")) {
    results.growth = await growth();
    tables.push(growthTable(results.growth));
    for (const r of results.growth.rows) if (r.error || (r.verdict && !r.verdict.ok)) failures.push(`growth: ${r.name}`);
  }

  say("");
  for (const table of tables) {
    say(table);
    say("");
  }
  results.failures = failures;
  results.ok = failures.length === 0;
  results.loadAverageAtEnd = os.loadavg();
  say(failures.length ? `${failures.length} line(s) miss a budget: ${failures.join("; ")}.` : "Every measured line meets its budget.");
  if (os.loadavg()[0] > os.cpus().length * 0.5 || load > os.cpus().length * 0.5) {
    say(`Note: the machine was busy (load average ${load.toFixed(2)} → ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs): the figures are rough.`);
  }
  fs.writeFileSync(path.join(benchDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  say(`Results written to bench/results.json (${seconds(began)} in all).`);
  return failures.length;
}

let code = 0;
try {
  const failures = await main();
  if (failures && config.strict) code = 1;
} catch (error) {
  console.error(`\nThe benchmark could not run: ${error?.stack ?? error}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
