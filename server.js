// The try-it and production entry: `npm start` (or `node server.js`).
// Builds first when there is no current build, then starts the Express app from the build.
// NODE_ENV=development runs the same server through Vite with hot reload instead.
// GLOW_WORKERS above 1 (PostgreSQL only) runs that many copies of the app on one port, kept
// by this process (see superviseWorkers below and docs/decisions/1006).
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

/**
 * The supervisor: starts the first worker alone (it migrates and seeds the database), then
 * the others; replaces a worker that dies, unless they keep dying (then it stops, so the
 * container's restart policy takes over); on SIGTERM or SIGINT it passes the signal on and
 * exits once every worker has drained (each does what one process does alone, decision 0511).
 */
function superviseWorkers(count) {
  let stopping = false;
  let exitCode = 0;
  let othersStarted = false;
  const deaths = [];
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  const fork = (number) => {
    // Only the first start of the first worker says where Glow listens.
    const welcome = number === 1 && !othersStarted;
    const worker = cluster.fork({ GLOW_WORKER_NUMBER: String(number), GLOW_WORKER_COUNT: String(count), GLOW_WORKER_WELCOME: welcome ? "1" : "0" });
    let listening = false;
    worker.once("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
        return;
      }
      if (!listening) {
        // It never came up (configuration, database unreachable): it has said why.
        exitCode = code || 1;
        stopAll();
        return;
      }
      const now = Date.now();
      deaths.push(now);
      while (deaths[0] < now - 60_000) deaths.shift();
      if (deaths.length > 5) {
        console.error("Glow's workers keep stopping (more than five in a minute): stopping.");
        exitCode = 1;
        stopAll();
        return;
      }
      console.error(`Glow worker ${number} stopped (${signal ?? `exit code ${code}`}); starting another.`);
      fork(number);
    });
    worker.once("listening", () => {
      listening = true;
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
  const { startServer } = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  const welcome = process.env.GLOW_WORKER_WELCOME === "1";
  await startServer({
    clientDir: path.join(buildDir, "client"),
    onListening: welcome ? (facts) => printWelcome({ ...facts, workers: Number(process.env.GLOW_WORKER_COUNT) }) : undefined,
  });
}

main().catch((error) => {
  const plain = ["DatabaseLockedError", "DatabaseUnreachableError", "ConfigurationError"].includes(error?.name);
  console.error(plain ? `Glow cannot start: ${error.message}` : error);
  process.exit(1);
});
