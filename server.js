// The try-it and production entry: `npm start` (or `node server.js`).
// Builds first when there is no current build, then starts the Express app from the build.
// NODE_ENV=development runs the same server through Vite with hot reload instead.
// GLOW_WORKERS above 1 (PostgreSQL only) runs that many copies of the app on one port, kept
// by this process (see superviseWorkers below and docs/decisions/1006, 1120).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.dirname(new URL(import.meta.url).pathname);
const buildDir = path.resolve(root, process.env.GLOW_BUILD_DIR ?? "build");
const dev = process.env.NODE_ENV === "development";
process.env.NODE_ENV ??= "production";

async function ensureBuild() {
  const entry = path.join(buildDir, "server", "index.js");
  // A container ships the build without sources (and without scripts/): use it as it is.
  if (!fs.existsSync(path.join(root, "app"))) return entry;
  const { isBuildCurrent, sourceStamp, writeStamp } = await import("./scripts/build-stamp.mjs");
  const stamp = sourceStamp(root);
  if (isBuildCurrent(root, buildDir)) return entry;
  console.log(fs.existsSync(entry) ? "Sources changed since the last build: rebuilding…" : "No build yet: building Glow…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(result.status ?? 1);
  }
  writeStamp(root, buildDir, stamp);
  return entry;
}

function printWelcome({ url, database, sms, email, demoStaff = [], workers = 1, publicOrigin, demoWorld = true, staffAccounts = 1, consoleLinks = {} }) {
  // Links name the address members use (PUBLIC_ORIGIN) when the operator gave it.
  const site = publicOrigin ?? url;
  const lines = [
    "",
    `  Glow is listening on ${url}${workers > 1 ? ` (${workers} workers)` : ""}`,
    ...(publicOrigin ? [`  Members open it at ${publicOrigin} (PUBLIC_ORIGIN).`] : []),
    `  Database: ${database}`,
    demoWorld
      ? `  Sign in: open ${site}/signin and use any phone number, e.g. 555-010-0001 (demo member Ada).`
      : `  Sign in: open ${site}/signin with a phone number; the first sign-in of a number makes its account.`,
    ...(sms === "console"
      ? [
          "  Texts go to the console SMS provider: sign-in codes are printed in this log, and listed at",
          `  ${consoleLinks.outbox} (only with this start's key).`,
        ]
      : [`  Texts are sent through ${sms}.`]),
    ...(email === "console"
      ? [`  Emails (party invitations) are printed in this log and listed at ${consoleLinks.mailbox}.`]
      : ["  Emails (party invitations) are sent through SMTP."]),
    ...(demoStaff.length
      ? [
          `  Staff: open ${site}/login as the demo world's ${demoStaff
            .map((s) => `${s.isAdmin ? "admin" : "agent"} ${s.username} (password ${s.password})`)
            .join(" or ")}.`,
        ]
      : staffAccounts === 0
        ? ["  No staff account yet: set STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD, or run `npm run staff -- add NAME --admin`."]
        : []),
    "",
  ];
  console.log(lines.join("\n"));
}

/**
 * How many copies of the app this instance runs. One Node process renders on one core; a
 * machine with more cores serves more members with one process per core, all listening on
 * the same port (node:cluster hands out connections). The embedded database is one
 * connection in one process, so it always runs one.
 */
function workerCount() {
  const asked = (process.env.GLOW_WORKERS ?? "1").trim();
  const count = asked === "auto" ? os.availableParallelism() : Number(asked);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`Glow cannot start: GLOW_WORKERS must be "auto" or a whole number from 1 (it is "${asked}").`);
    process.exit(1);
  }
  const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
  if (count > 1 && !postgres) {
    console.log(`GLOW_WORKERS=${asked}: the embedded database runs in one process, so Glow runs one.`);
    return 1;
  }
  return count;
}

/** A worker that could not reach the database to start exits with this (EX_TEMPFAIL: try again later). */
const EXIT_DATABASE_AWAY = 75;
/** The wait before a worker is started again: doubling from the first to the last (decision 1120). */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A worker that served this long stopped for a new reason: its next start waits the first wait again. */
const RESTART_STEADY_MS = 60_000;

/**
 * The supervisor: starts the first worker alone (it migrates and seeds the database), then
 * the others; keeps every worker that runs, and starts again one that stops, or could not
 * start (the database unreachable), after a wait that grows while it keeps failing
 * (decision 1120), while the others go on serving. The instance ends only when its very
 * first worker cannot start for a reason another try will not mend (its configuration; the
 * worker has said why). On SIGTERM or SIGINT it passes the signal on and exits once every
 * worker has drained (each does what one process does alone, decision 0511).
 */
function superviseWorkers(count) {
  let stopping = false;
  let exitCode = 0;
  let othersStarted = false;
  // Per worker number: starts that failed in a row, and the start waiting for its time.
  const restarts = new Map();
  const stopAll = () => {
    stopping = true;
    for (const { timer } of restarts.values()) clearTimeout(timer);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  const fork = (number) => {
    // Only the first start of the first worker says where Glow listens.
    const welcome = number === 1 && !othersStarted;
    const worker = cluster.fork({ GLOW_WORKER_NUMBER: String(number), GLOW_WORKER_COUNT: String(count), GLOW_WORKER_WELCOME: welcome ? "1" : "0" });
    let listeningSince = 0;
    worker.once("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
        return;
      }
      if (!listeningSince && !othersStarted && code !== EXIT_DATABASE_AWAY) {
        // The instance's first start failed for a reason a second try will not mend (its
        // configuration, a migration that fails): it has said why. The orchestrator decides.
        exitCode = code || 1;
        stopAll();
        return;
      }
      const slot = restarts.get(number) ?? { failures: 0, timer: undefined };
      if (listeningSince && Date.now() - listeningSince >= RESTART_STEADY_MS) slot.failures = 0;
      const wait = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** slot.failures);
      slot.failures++;
      const why = listeningSince
        ? `stopped (${signal ?? `exit code ${code}`})`
        : code === EXIT_DATABASE_AWAY
          ? "could not start: the database did not answer"
          : `could not start (${signal ?? `exit code ${code}`})`;
      console.error(`Glow worker ${number} ${why}; starting it again in ${wait / 1000} s.`);
      slot.timer = setTimeout(() => {
        slot.timer = undefined;
        if (!stopping) fork(number);
      }, wait);
      restarts.set(number, slot);
    });
    worker.once("listening", () => {
      listeningSince = Date.now();
      if (othersStarted) return;
      othersStarted = true;
      for (let n = 2; n <= count; n++) fork(n);
    });
  };
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (!stopping) stopAll();
    });
  }
  fork(1);
}

async function main() {
  // The console pages' key for this start (decision 1100): made before any worker (which
  // inherits it), so every worker answers the one link the start-up text prints.
  process.env.GLOW_CONSOLE_KEY ||= randomBytes(18).toString("base64url");
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    const { startServer } = await server.ssrLoadModule("./server/app.ts");
    await startServer({ vite: server, onListening: printWelcome });
    return;
  }
  if (cluster.isPrimary) {
    const entry = await ensureBuild();
    const count = workerCount();
    if (count > 1) {
      cluster.setupPrimary({ exec: path.join(root, "server.js") });
      superviseWorkers(count);
      return;
    }
    const { startServer } = await import(pathToFileURL(entry).href);
    await startServer({ clientDir: path.join(buildDir, "client"), onListening: printWelcome });
    return;
  }
  // A worker: the supervisor has built.
  built = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  const welcome = process.env.GLOW_WORKER_WELCOME === "1";
  await built.startServer({
    clientDir: path.join(buildDir, "client"),
    onListening: welcome ? (facts) => printWelcome({ ...facts, workers: Number(process.env.GLOW_WORKER_COUNT) }) : undefined,
  });
}

/** The built server module, once a worker loaded it (it knows what "the database is away" looks like). */
let built;

main().catch((error) => {
  const plain = ["DatabaseLockedError", "DatabaseUnreachableError", "ConfigurationError"].includes(error?.name);
  // A worker whose database did not answer is started again by the supervisor, after a wait.
  const databaseAway = cluster.isWorker && (error?.name === "DatabaseUnreachableError" || built?.databaseUnavailableReason?.(error));
  if (databaseAway && error?.name !== "DatabaseUnreachableError") {
    console.error(`Glow cannot start: the database did not answer (${built.databaseUnavailableReason(error)}).`);
  } else {
    console.error(plain ? `Glow cannot start: ${error.message}` : error);
  }
  process.exit(databaseAway ? EXIT_DATABASE_AWAY : 1);
});
