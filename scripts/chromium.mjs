// Where the browser tests find Chromium: CHROMIUM_PATH, then Debian's package, then
// Playwright's own download (where the network allows one).
import fs from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined; // Playwright's own browser, if installed
}

/** Flags for a closed network and a root user (no sandbox available). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
