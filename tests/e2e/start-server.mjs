// Starts the production build on a throw-away embedded database for the browser tests.
import fs from "node:fs";

const dir = process.env.GLOW_E2E_DATA_DIR;
if (dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.lock`, { force: true });
}
await import("../../server.js");
