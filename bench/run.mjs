// `npm run bench`: builds the bare React Router app (bench/bare) and Glow (into
// build-bench, never ./build), serves both on free ports, measures each page of
// bench/pages.mjs against the bare page, prints one table and writes bench/results.json.
// See bench/README.md for the environment variables and extension points.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import {
  TARGETS,
  containerNodeMajor,
  envInt,
  formatTable,
  initialScriptUrls,
  judge,
  nodeBinaryPackage,
  startNodeOptions,
  staticImportUrls,
} from "./lib.mjs";
import { pages, seeds } from "./pages.mjs";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, "..");
const reactRouterCli = path.join(root, "node_modules/@react-router/dev/bin.js");

const config = {
  duration: envInt(process.env, "BENCH_DURATION", 10, { min: 1 }),
  connections: envInt(process.env, "BENCH_CONNECTIONS", 20, { min: 1 }),
  warmup: envInt(process.env, "BENCH_WARMUP", 5),
  rounds: envInt(process.env, "BENCH_ROUNDS", 5, { min: 1 }),
  strict: process.env.BENCH_STRICT === "1",
  seeds: process.env.BENCH_SEEDS !== "0",
  only: process.env.BENCH_ONLY?.trim() || null,
  buildDir: process.env.BENCH_GLOW_BUILD_DIR ?? "build-bench",
  serverNode: process.env.BENCH_NODE?.trim() || null,
};

const say = (line = "") => console.log(line);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// ── Child processes and temp dirs: every one is tracked and removed on the way out. ──

/** @type {Set<{ name: string, child: import("node:child_process").ChildProcess, output: () => string }>} */
const children = new Set();
const tempDirs = [];

function start(name, args, { env = {}, cwd = root, node = process.execPath } = {}) {
  // Own process group, so stopping it also stops whatever it spawned (server.js's build).
  const child = spawn(node, args, {
    cwd,
    env: { ...process.env, ...env },
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

async function stop(entry, graceMs = 10_000) {
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  signalGroup(entry.child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(entry.child, "SIGKILL"), graceMs);
  await exited(entry.child);
  clearTimeout(timer);
}

async function cleanup() {
  await Promise.all([...children].map((c) => stop(c)));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// Last resort when the process ends without cleanup() (a crash): no orphan servers.
process.on("exit", () => {
  for (const c of children) signalGroup(c.child, "SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
  process.once(signal, () => {
    say(`\n${signal}: stopping the servers…`);
    interrupted = true;
    activeLoad?.stop();
    cleanup().finally(() => process.exit(code));
  });
}

/** Runs a child to completion; throws with its output when it fails. */
async function run(name, args, options) {
  const entry = start(name, args, options);
  const code = await new Promise((resolve) => entry.child.once("exit", (c, s) => resolve(c ?? s)));
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${entry.output()}`);
  return entry.output();
}

/** Starts a server and waits for its "listening on http://…" line. */
async function serve(name, args, options, { timeoutMs, onLine } = {}) {
  const entry = start(name, args, options);
  const url = await new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${entry.output()}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        onLine?.(line);
        const m = /listening on (https?:\/\/\S+)/i.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    };
    entry.child.stdout.on("data", onData);
    entry.child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening:\n${entry.output()}`));
    });
  });
  return { ...entry, url };
}

// ── Measuring one page ──

async function fetchPage(url, headers) {
  return fetch(url, {
    redirect: "manual",
    headers: { accept: "text/html", "accept-language": "en", ...headers },
  });
}

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

/** The autocannon run under way, stopped on Ctrl-C so the servers can close. */
let activeLoad = null;
let interrupted = false;

async function load(options, watch) {
  if (interrupted) throw new Error("interrupted");
  const startedAt = performance.now();
  activeLoad = autocannon(options);
  watch?.(activeLoad);
  try {
    return { ...(await activeLoad), startedAt };
  } finally {
    activeLoad = null;
  }
}

/** Seconds of each slice of load that are not counted: connections open, first answers arrive. */
const RAMP_SECONDS = 1;

/**
 * One slice of load on one page: RAMP_SECONDS + `seconds` of load; requests per second
 * are the answers completed within the last `seconds` (steady state). Counting from the
 * start would undercount slow pages more than fast ones (nothing completes during the
 * first round trip), and the ramp also absorbs the previous slice's abandoned requests.
 */
async function throughput(url, headers, seconds) {
  const completed = [];
  const result = await load(
    {
      url,
      connections: config.connections,
      duration: RAMP_SECONDS + seconds,
      headers: { accept: "text/html", ...headers },
    },
    (tracker) => tracker.on("response", () => completed.push(performance.now())),
  );
  const from = result.startedAt;
  const windowStart = from + RAMP_SECONDS * 1000;
  const windowEnd = windowStart + seconds * 1000;
  const counted = completed.filter((t) => t >= windowStart && t < windowEnd).length;
  const problems = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  return {
    rps: counted / seconds,
    latencyP99: result.latency.p99,
    total: counted,
    problems,
  };
}

/** Fetches the page and its scripts; a 404 row is skipped, any other non-200 row carries an error. */
async function measurePage({ name, url, headers = {}, baseline = false }) {
  const row = { name, path: new URL(url).pathname, baseline };
  const response = await fetchPage(url, headers);
  if (response.status === 404 && !baseline) {
    await response.arrayBuffer(); // read it all: a cancelled body can leave the connection open
    return { ...row, skipped: true, note: "not available yet (Glow answers 404)" };
  }
  if (response.status !== 200) {
    await response.arrayBuffer(); // read it all: a cancelled body can leave the connection open
    const where = response.headers.get("location");
    return { ...row, error: `answered ${response.status}${where ? ` → ${where}` : ""}` };
  }
  const html = await response.text();
  const scripts = await measureScripts(html, url);
  row.htmlBytes = Buffer.byteLength(html);
  row.htmlGzip = gzipSync(html).length;
  row.jsGzip = scripts.total;
  row.jsFiles = scripts.files.length;
  row.scripts = scripts.files;
  return row;
}

/**
 * Puts every target under load in turns: a warm-up each, then BENCH_ROUNDS rounds. In a
 * round the bare page is measured before the first Glow page and again after every Glow
 * page (bare, page 1, bare, page 2, …, bare), each slice BENCH_DURATION / BENCH_ROUNDS
 * seconds long. Each Glow slice is thus paired with the bare slices on either side of it,
 * seconds apart: a machine that slows down for a while slows both sides of a pair alike.
 */
async function loadInTurns(targets) {
  const [bare, ...pages] = targets;
  if (config.warmup > 0) {
    say(`  warming up (${config.warmup} s a page)…`);
    for (const t of targets) await throughput(t.url, t.headers, config.warmup);
  }
  const slice = config.duration / config.rounds;
  const measure = async ({ row, url, headers }) => {
    const r = await throughput(url, headers, slice);
    (row.rpsSamples ??= []).push(r.rps);
    row.requests = (row.requests ?? 0) + r.total;
    row.latencyP99Ms = Math.max(row.latencyP99Ms ?? 0, r.latencyP99);
    if (r.problems.length) row.error = r.problems.join(", ");
    return r.rps;
  };
  for (let round = 1; round <= config.rounds; round++) {
    let before = await measure(bare);
    const line = [`${bare.row.name} ${before.toFixed(0)}`];
    for (const page of pages) {
      const rps = await measure(page);
      const after = await measure(bare);
      (page.row.bareSamples ??= []).push((before + after) / 2);
      line.push(`${page.row.name} ${rps.toFixed(0)}`, `bare ${after.toFixed(0)}`);
      before = after;
    }
    say(`  round ${round}/${config.rounds} (req/s): ${line.join(" · ")}`);
  }
}

// ── The Node the two servers run on ──

/**
 * BENCH_NODE: unset, the servers run on the Node running the bench; a path, on that
 * binary; `container`, on the Node major the Dockerfile ships, fetched once from the npm
 * registry (the `node-<platform>-<arch>` package holds Node's own binary) into
 * node_modules/.cache/bench-node/. Both servers always run on the same Node.
 */
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

// ── The run ──

async function main() {
  const began = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "glow-bench-"));
  tempDirs.push(tmp);
  const chosen = config.only ? pages.filter((p) => p.name.includes(config.only) || p.path === config.only) : pages;
  say(
    `Glow benchmark: ${config.connections} connections, ${config.duration} s a page in ` +
      `${config.rounds} rounds (+${config.warmup} s warm-up)`,
  );

  const serverNode = resolveServerNode();
  say(`Both servers run on Node ${serverNode.version}${config.serverNode ? ` (BENCH_NODE=${config.serverNode})` : ""}.`);

  let t = Date.now();
  say("Building the bare React Router app (bench/bare)…");
  await run("bare build", [reactRouterCli, "build", path.join(benchDir, "bare")]);
  say(`  built in ${seconds(t)}`);

  const databaseUrl = `file:${path.join(tmp, "db")}`;
  const activeSeeds = [];
  if (config.seeds) {
    for (const seed of seeds) {
      if (fs.existsSync(path.join(root, seed.module))) activeSeeds.push(seed);
      else if (seed.optional) say(`Seed "${seed.name}" skipped: ${seed.module} does not exist yet`);
      else throw new Error(`seed module ${seed.module} does not exist`);
    }
  }
  if (activeSeeds.length) {
    t = Date.now();
    say("Seeding Glow's database…");
    const out = await run("seeding", [path.join(benchDir, "seed-runner.mjs")], {
      env: { DATABASE_URL: databaseUrl, BENCH_SEEDS_JSON: JSON.stringify(activeSeeds), NODE_ENV: "production" },
    });
    process.stdout.write(out.split("\n").filter((l) => l.startsWith("  ")).map((l) => `${l}\n`).join(""));
    say(`  seeded in ${seconds(t)}`);
  }

  t = Date.now();
  const glowNodeOptions = startNodeOptions(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts?.start);
  say(
    `Starting Glow as npm start does (node ${[...glowNodeOptions, "server.js"].join(" ")}; builds into ${config.buildDir} when its sources changed)…`,
  );
  const e2eToken = randomBytes(24).toString("hex");
  const glow = await serve(
    "Glow",
    // As `npm start` runs it: the same Node options before server.js (decision 0042).
    [...glowNodeOptions, path.join(root, "server.js")],
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
      },
      node: serverNode.path,
    },
    {
      timeoutMs: 10 * 60_000,
      onLine: (line) => {
        if (/building|rebuilding/i.test(line)) say(`  ${line.trim()}`);
      },
    },
  );
  say(`  Glow listens on ${glow.url} (ready in ${seconds(t)})`);
  const bare = await serve(
    "bare server",
    [path.join(benchDir, "bare/server.mjs")],
    { env: { PORT: "0", NODE_ENV: "production" }, node: serverNode.path },
    { timeoutMs: 30_000 },
  );
  say(`  the bare app listens on ${bare.url}`);

  say("Fetching each page and its scripts…");
  const bareUrl = `${bare.url}/`;
  const baseline = await measurePage({ name: "bare /", url: bareUrl, baseline: true });
  if (baseline.error) throw new Error(`the bare app's page ${baseline.error}`);
  const rows = [baseline];
  const targets = [{ row: baseline, url: bareUrl }];
  for (const page of chosen) {
    try {
      const setup = (await page.setup?.({ baseUrl: glow.url, e2eToken })) ?? {};
      const url = new URL(setup.path ?? page.path, glow.url).href;
      const row = await measurePage({ name: page.name, url, headers: setup.headers });
      if (!row.skipped && !row.error) targets.push({ row, url, headers: setup.headers });
      rows.push(row);
    } catch (error) {
      rows.push({ name: page.name, path: page.path, error: String(error?.message ?? error).split("\n")[0] });
    }
  }
  say(`Load: ${config.connections} connections, ${config.duration} s a page in ${config.rounds} rounds…`);
  await loadInTurns(targets);
  const { drift } = judge(rows);

  say("");
  say(formatTable(rows));
  const measured = rows.filter((r) => !r.baseline && !r.skipped);
  const failures = measured.filter((r) => r.error || !r.verdict?.ok);
  for (const r of rows.filter((row) => !row.baseline && !row.skipped)) {
    if (r.error) say(`✗ ${r.name}: ${r.error}`);
    else if (!r.verdict.ok) {
      const why = [];
      if (r.verdict.js === false) why.push(`JS ${r.jsRatio.toFixed(2)}× bare > ${TARGETS.jsRatioMax}×`);
      if (r.verdict.html === false) why.push(`HTML ${(r.htmlGzip / 1024).toFixed(1)} KB ≥ 14 KB gzip`);
      if (r.verdict.rps === false) why.push(`req/s ${r.rpsRatio.toFixed(2)}× bare < ${TARGETS.rpsRatioMin}×`);
      say(`✗ ${r.name}: ${why.join("; ")}`);
    }
  }
  if (drift > 0.2) {
    say(
      `Note: the bare page's req/s varied by ${(drift * 100).toFixed(0)} % between slices: ` +
        "the machine was busy, so req/s ratios are rough.",
    );
  }
  say(failures.length ? `${failures.length} page(s) miss a target.` : "Every measured page meets its targets.");

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    serverNode: serverNode.version,
    cpus: os.cpus().length,
    config: { duration: config.duration, connections: config.connections, warmup: config.warmup, rounds: config.rounds },
    targets: TARGETS,
    ok: failures.length === 0,
    baselineDrift: drift,
    rows,
  };
  fs.writeFileSync(path.join(benchDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  say(`Results written to bench/results.json (${seconds(began)} in all).`);
  return failures.length;
}

let code = 0;
try {
  const failures = await main();
  if (failures && config.strict) code = 1;
} catch (error) {
  console.error(`\nThe benchmark could not run: ${error?.message ?? error}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
