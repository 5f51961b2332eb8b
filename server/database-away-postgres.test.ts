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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backLogLines, expectDatabaseAwayAnswers, expectRecovered, outageLogLines, stoppablePostgres } from "../tests/support/database-away";
import { throwAwayDatabase } from "../tests/support/db";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

/** .ci/run's PostgreSQL, which this file stops and starts (GLOW_TEST_PG_CTL …). */
const postgres = stoppablePostgres();

describe.skipIf(!postgres)("PostgreSQL stops under a running Glow, then starts again", () => {
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof throwAwayDatabase>> | undefined;

  beforeAll(async () => {
    ensureBuild();
    database = await throwAwayDatabase(postgres!.serverUrl);
    server = await startBuiltServer({ DATABASE_URL: database.url, PAGE_CACHE_MS: "0", SEED_DEMO: "1", LOG_REQUESTS: "0", NEWSFEED_FOR_VISITORS: "1" });
  }, 300_000);

  afterAll(async () => {
    postgres!.restore();
    await server?.stop();
    await database?.drop();
  }, 120_000);

  it("answers as usual while the server runs", async () => {
    expect((await request(server.port, { path: "/newsfeed" })).status).toBe(200);
  });

  it("answers 503 with Retry-After and RESOURCES_UNAVAILABLE while it is stopped, one log line for the outage", async () => {
    postgres!.stop();
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
    postgres!.start();
    await expectRecovered(server.port);
    await expect.poll(() => backLogLines(server.lines).length).toBe(1);
    expect(outageLogLines(server.lines)).toHaveLength(1);
  }, 120_000);
});
