// The production build (`react-router build`) plus its source stamp, so server.js does
// not build again. `--if-stale` skips the build when build/ already matches the sources.
// A lock folder makes parallel callers (test files, npm test) wait for one build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isBuildCurrent, sourceStamp, writeStamp } from "./build-stamp.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.resolve(root, process.env.GLOW_BUILD_DIR ?? "build");
const ifStale = process.argv.includes("--if-stale");
const lockDir = path.join(root, ".cache", `build-${path.basename(buildDir)}.lock`);

function acquireLock() {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      return () => fs.rmSync(lockDir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
      } catch {
        /* being written or removed */
      }
      let alive = true;
      if (holder > 0) {
        try {
          process.kill(holder, 0);
        } catch {
          alive = false;
        }
      }
      if (!alive || Date.now() > deadline) fs.rmSync(lockDir, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

const release = acquireLock();
try {
  if (ifStale && isBuildCurrent(root, buildDir)) {
    console.log(`[build] ${path.relative(root, buildDir)}/ is current for these sources: not building again.`);
  } else {
    build();
  }
} finally {
  release();
}

function build() {
  const stamp = sourceStamp(root);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) {
    console.error("[build] the production build failed; see above.");
    process.exitCode = result.status ?? 1;
  } else {
    writeStamp(root, buildDir, stamp);
    console.log(`[build] built ${path.relative(root, buildDir)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}
