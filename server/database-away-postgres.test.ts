/**
 * PostgreSQL stops under a running Glow, then starts again (docs/decisions/0510, 1122):
 * pages, posts and JSON calls answer 503 with Retry-After and RESOURCES_UNAVAILABLE, one
 * log line when the database goes and one when it is back, and Glow serves again by itself
 * once the server is back. Under load with two workers: database-restart-workers.test.ts.
 *
 * Runs in .ci/run's PostgreSQL pass, alone (it stops the server every other database test
 * uses), which sets TEST_DATABASE_URL and how to stop and start that server:
 * GLOW_TEST_PG_CTL, GLOW_TEST_PG_DATA, GLOW_TEST_PG_LOG, GLOW_TEST_PG_USER (postgres when
 * run as root). Skipped without them.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backLogLines, expectDatabaseAwayAnswers, expectRecovered, outageLogLines } from "../tests/support/database-away";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

const serverUrl = process.env.TEST_DATABASE_URL;
const pgCtl = process.env.GLOW_TEST_PG_CTL;
const dataDir = process.env.GLOW_TEST_PG_DATA;
const logFile = process.env.GLOW_TEST_PG_LOG;
const runAs = process.env.GLOW_TEST_PG_USER;
const ready = Boolean(serverUrl && pgCtl && dataDir && logFile);

/** pg_ctl on .ci/run's server, as the user that owns it. */
function pgControl(...args: string[]) {
  const command = [pgCtl!, "-D", dataDir!, ...args];
  const [file, ...rest] = runAs ? ["runuser", "-u", runAs, "--", ...command] : command;
  execFileSync(file!, rest, { stdio: "ignore", timeout: 60_000 });
}

describe.skipIf(!ready)("PostgreSQL stops under a running Glow, then starts again", () => {
  let server: ServerProcess;
  let database: string;
  let stopped = false;

  beforeAll(async () => {
    ensureBuild();
    database = `glow_outage_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    server = await startBuiltServer({ DATABASE_URL: url.toString(), PAGE_CACHE_MS: "0", SEED_DEMO: "1", LOG_REQUESTS: "0", NEWSFEED_FOR_VISITORS: "1" });
  }, 300_000);

  afterAll(async () => {
    if (stopped) pgControl("-w", "-t", "60", "-l", logFile!, "start");
    await server?.stop();
    if (!database) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }, 120_000);

  it("answers as usual while the server runs", async () => {
    expect((await request(server.port, { path: "/newsfeed" })).status).toBe(200);
  });

  it("answers 503 with Retry-After and RESOURCES_UNAVAILABLE while it is stopped, one log line for the outage", async () => {
    pgControl("-w", "-t", "60", "-m", "fast", "stop");
    stopped = true;
    // Past the feed's shared first page (kept for a second, decision 0410).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const before = server.lines.length;
    const failed = await expectDatabaseAwayAnswers(server.port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failed).toBeGreaterThan(1);
    // Said once, when the database went (the stop may have been noticed before the first request).
    expect(outageLogLines(server.lines)).toHaveLength(1);
    const lines = server.lines.slice(before);
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
    expect((await request(server.port, { path: "/readyz" })).status).toBe(503);
    expect((await request(server.port, { path: "/healthz" })).status).toBe(200);
  }, 120_000);

  it("recovers without a restart once the server is back, and says so once", async () => {
    pgControl("-w", "-t", "60", "-l", logFile!, "start");
    stopped = false;
    await expectRecovered(server.port);
    await expect.poll(() => backLogLines(server.lines).length).toBe(1);
    expect(outageLogLines(server.lines)).toHaveLength(1);
  }, 120_000);
});
