import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Lets the e2e fixture open sessions without clicking through sign-in every time. */
export const E2E_HOOKS_TOKEN = process.env.GLOW_E2E_HOOKS_TOKEN ?? "e2e-hooks-token-for-local-test-runs-only";
/** The key the console pages (/dev/outbox, /dev/mailbox) answer, known to the tests (decision 1100). */
export const CONSOLE_KEY = process.env.GLOW_CONSOLE_KEY ?? "e2e-console-key-for-local-test-runs-only";

const dataDir = path.join(os.tmpdir(), `glow-e2e-${E2E_PORT}`);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [
    { name: "chromium", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: `file:${dataDir}`,
      GLOW_E2E_DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
      GLOW_E2E_HOOKS_TOKEN: E2E_HOOKS_TOKEN,
      // Test-only: the server would make a new one and print it; the tests read codes with this one.
      GLOW_CONSOLE_KEY: CONSOLE_KEY,
      LOG_REQUESTS: "0",
      // Like production behind one proxy; lets a test speak from its own client address.
      TRUST_PROXY: "1",
      // The browser tests read the feed as visitors too; its members-only default (0513) is
      // tested on the built server (server/server.test.ts).
      NEWSFEED_FOR_VISITORS: "1",
      NODE_ENV: "production",
    },
  },
});
