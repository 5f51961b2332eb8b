// The try-it and production entry: `npm start` (or `node server.js`).
// Builds first when there is no current build, then starts the Express app from the build.
// NODE_ENV=development runs the same server through Vite with hot reload instead.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
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

function printWelcome({ url, database, sms, email }) {
  const lines = [
    "",
    `  Glow is listening on ${url}`,
    `  Database: ${database}`,
    `  Sign in: open ${url}/signin and use any phone number, e.g. 555-010-0001 (demo member Ada).`,
    ...(sms === "console"
      ? [
          "  Texts go to the console SMS provider: codes are printed in this log and listed at",
          `  ${url}/dev/outbox while that provider is active.`,
        ]
      : [`  Texts are sent through ${sms}.`]),
    ...(email === "console"
      ? [`  Emails (party invitations) are printed in this log and listed at ${url}/dev/mailbox (from this machine).`]
      : ["  Emails (party invitations) are sent through SMTP."]),
    "",
  ];
  console.log(lines.join("\n"));
}

async function main() {
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    const { startServer } = await server.ssrLoadModule("./server/app.ts");
    await startServer({ vite: server, onListening: printWelcome });
    return;
  }
  const entry = await ensureBuild();
  const { startServer } = await import(pathToFileURL(entry).href);
  await startServer({ clientDir: path.join(buildDir, "client"), onListening: printWelcome });
}

main().catch((error) => {
  const plain = ["DatabaseLockedError", "DatabaseUnreachableError", "ConfigurationError"].includes(error?.name);
  console.error(plain ? `Glow cannot start: ${error.message}` : error);
  process.exit(1);
});
