// Makes sure the browser tests have a Chromium, and says what it did.
// Order: CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own download,
// and as root, Debian's package through apt-get.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { DEBIAN_CHROMIUM } from "./chromium.mjs";

function say(message) {
  console.log(`[chromium] ${message}`);
}

function run(command, args, timeoutMs) {
  const result = spawnSync(command, args, { stdio: "inherit", timeout: timeoutMs });
  return result.status === 0;
}

if (process.env.CHROMIUM_PATH) {
  if (!fs.existsSync(process.env.CHROMIUM_PATH)) {
    say(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  say(`using CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`);
  process.exit(0);
}
if (fs.existsSync(DEBIAN_CHROMIUM)) {
  say(`using Debian's ${DEBIAN_CHROMIUM}`);
  process.exit(0);
}
let own = "";
try {
  own = chromium.executablePath();
} catch {
  own = "";
}
if (own && fs.existsSync(own)) {
  say(`using Playwright's own Chromium at ${own}`);
  process.exit(0);
}

say("no Chromium found; trying Playwright's download (npx playwright install chromium)…");
if (run(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"], 5 * 60_000)) {
  say("installed Playwright's Chromium.");
  process.exit(0);
}
say("Playwright's download is not reachable from here.");

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
  say("installing Debian's chromium package with apt-get (running as root)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const ok =
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env }).status === 0;
  if (ok && fs.existsSync(DEBIAN_CHROMIUM)) {
    say(`installed Debian's chromium at ${DEBIAN_CHROMIUM}`);
    process.exit(0);
  }
}
say("could not find or install Chromium. Install Debian's 'chromium' package or set CHROMIUM_PATH.");
process.exit(1);
