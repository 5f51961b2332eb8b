// `npm run staff -- add NAME [--admin]`, `npm run staff -- password NAME`, `npm run staff -- list`:
// staff accounts from the command line, against the database DATABASE_URL names (the
// embedded one in ./data/glow by default; stop `npm start` first, the embedded database
// is one process's). It runs the production build, as `npm start` does, building it first
// when the sources changed. A password is asked for on the terminal (not shown), or read
// as one line from standard input when that is not a terminal.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.resolve(root, process.env.GLOW_BUILD_DIR ?? "build");
process.env.NODE_ENV ??= "production";
process.env.LOG_REQUESTS ??= "0";

async function ensureBuild() {
  if (!fs.existsSync(path.join(root, "app"))) return; // a container: the build is all there is
  const { isBuildCurrent } = await import("./build-stamp.mjs");
  if (isBuildCurrent(root, buildDir)) return;
  console.error("Building Glow first…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--if-stale"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Lines of standard input, read one at a time as they are asked for. */
function stdinLines() {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  const waiting = [];
  const buffered = [];
  let ended = false;
  rl.on("line", (line) => (waiting.length ? waiting.shift()(line) : buffered.push(line)));
  rl.on("close", () => {
    ended = true;
    while (waiting.length) waiting.shift()("");
  });
  return {
    next: () => (buffered.length ? Promise.resolve(buffered.shift()) : ended ? Promise.resolve("") : new Promise((resolve) => waiting.push(resolve))),
    close: () => rl.close(),
  };
}

/** Asks on the terminal without echoing what is typed (raw mode: each key arrives as typed). */
function askHidden(question) {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let typed = "";
    const finish = () => {
      stdin.off("data", onKeys);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onKeys = (keys) => {
      for (const key of keys) {
        if (key === "\r" || key === "\n") {
          finish();
          resolve(typed);
          return;
        }
        if (key === "\u0003") {
          // Ctrl+C: nothing was changed.
          finish();
          process.exit(130);
        }
        typed = key === "\u007f" || key === "\b" ? typed.slice(0, -1) : typed + key;
      }
    };
    stdin.on("data", onKeys);
  });
}

await ensureBuild();
const { runStaffCommand } = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const interactive = Boolean(process.stdin.isTTY);
const lines = interactive ? null : stdinLines();
try {
  const code = await runStaffCommand(process.argv.slice(2), {
    interactive,
    askSecret: (question) => (interactive ? askHidden(question) : lines.next()),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  lines?.close();
  process.exit(code);
} catch (error) {
  lines?.close();
  const plain = ["DatabaseLockedError", "DatabaseUnreachableError", "ConfigurationError"].includes(error?.name);
  console.error(plain ? `npm run staff: ${error.message}` : error);
  process.exit(1);
}
