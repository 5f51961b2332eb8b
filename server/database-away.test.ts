/**
 * The database goes away while Glow runs (docs/decisions/0510): on the embedded database,
 * with a fault injected into PGlite (tests/support/faulty-embedded-database.mjs). Pages and
 * actions answer 503 with Retry-After and the catalogue's RESOURCES_UNAVAILABLE entry, JSON
 * callers the same type in the envelope, one log line per failed request (no stack), and
 * Glow recovers by itself once the database answers again. The same on PostgreSQL, stopped
 * and started for real: database-away-postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";
import { expectDatabaseAwayAnswers, expectRecovered, outageLogLines } from "../tests/support/database-away";

let server: ServerProcess;

beforeAll(async () => {
  ensureBuild();
  server = await startBuiltServer(
    // The page cache off: every request below reaches the database.
    { PAGE_CACHE_MS: "0", SEED_DEMO: "1", LOG_REQUESTS: "0", NEWSFEED_FOR_VISITORS: "1" },
    "tests/support/faulty-embedded-database.mjs",
  );
}, 300_000);
afterAll(() => server.stop());

async function toggleFault(on: boolean) {
  const seen = server.lines.length;
  server.child.kill("SIGUSR2");
  await expect
    .poll(() => server.lines.slice(seen).some((line) => line.includes('"test fault"') && line.includes(`"failing":${on}`)))
    .toBe(true);
}

describe("the embedded database fails, then comes back", () => {
  it("answers as usual before", async () => {
    expect((await request(server.port, { path: "/newsfeed" })).status).toBe(200);
  });

  it("answers 503 with Retry-After and RESOURCES_UNAVAILABLE while it fails, one log line a request", async () => {
    await toggleFault(true);
    // The feed's first page is shared for a second (decision 0410): past it, every read fails.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const before = server.lines.length;
    const failed = await expectDatabaseAwayAnswers(server.port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = server.lines.slice(before);
    expect(outageLogLines(lines)).toHaveLength(failed);
    // No stack traces: a line per failure, not a page of them.
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
    expect((await request(server.port, { path: "/readyz" })).status).toBe(503);
    expect((await request(server.port, { path: "/healthz" })).status).toBe(200);
  });

  it("recovers without a restart once the database answers", async () => {
    await toggleFault(false);
    await expectRecovered(server.port);
  });
});
