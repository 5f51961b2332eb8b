// The build's source stamp: a hash of what the build depends on (paths, sizes, mtimes).
// server.js rebuilds when build/.source-stamp differs; `npm test` writes it after its build
// step so the browser tests' server does not build a second time.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the build depends on; a change in any of these makes the build stale. */
export const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

export const STAMP_FILE = ".source-stamp";

export function sourceStamp(root) {
  const hash = createHash("sha256");
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return hash.digest("hex");
}

/** True when buildDir holds a server build made from the current sources. */
export function isBuildCurrent(root, buildDir) {
  const entry = path.join(buildDir, "server", "index.js");
  const stampFile = path.join(buildDir, STAMP_FILE);
  return (
    fs.existsSync(entry) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, "utf8") === sourceStamp(root)
  );
}

/** Records that buildDir was built from the sources as they are now. */
export function writeStamp(root, buildDir, stamp = sourceStamp(root)) {
  fs.writeFileSync(path.join(buildDir, STAMP_FILE), stamp);
}
