/**
 * The database goes away while Glow runs (docs/decisions/0510, 1122): on the embedded
 * database, with a fault injected into PGlite (tests/support/faulty-embedded-database.mjs).
 * Pages and actions answer 503 with Retry-After and the catalogue's RESOURCES_UNAVAILABLE
 * entry, JSON callers the same type in the envelope, one log line when the database goes
 * (however many requests fail) and one when it is back, no stack, and Glow recovers by
 * itself once the database answers again. The same on PostgreSQL, stopped and started for
 * real: database-away-postgres.test.ts (and under load with two workers:
 * database-restart-workers.test.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";
import { backLogLines, expectDatabaseAwayAnswers, expectRecovered, outageLogLines } from "../tests/support/database-away";

let server: ServerProcess;
const token = randomBytes(24).toString("hex");

beforeAll(async () => {
  ensureBuild();
  server = await startBuiltServer(
    // The page cache off: every request below reaches the database. The browser tests'
    // hook signs a member in.
    { PAGE_CACHE_MS: "0", SEED_DEMO: "1", LOG_REQUESTS: "0", NEWSFEED_FOR_VISITORS: "1", GLOW_E2E_HOOKS_TOKEN: token },
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
  it("answers 503 with Retry-After and RESOURCES_UNAVAILABLE while it fails, one log line for the outage", async () => {
    // Grace (the demo world's game master) signs in while the database answers.
    const signIn = await request(server.port, {
      method: "POST",
      path: "/__e2e/session",
      headers: { "Content-Type": "application/json", "x-e2e-token": token },
      body: JSON.stringify({ phone: "+15550100002" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = ((signIn.headers["set-cookie"] ?? []) as string[]).map((c) => c.split(";", 1)[0]).join("; ");

    // Failing before any member's page was asked for: what the root middleware reads for a
    // member (the quest steps a visit may count for, kept for 30 s once read) fails too, as
    // it does once that copy has expired in a longer outage. That was a 500 with a stack
    // ("The i18n middleware has not run for this request") for every page and call.
    await toggleFault(true);
    const before = server.lines.length;
    const failed = await expectDatabaseAwayAnswers(server.port);
    expect(failed).toBeGreaterThan(1);
    const member = { Cookie: cookie };
    const page = await request(server.port, { path: "/home", headers: { ...member, Accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
    expect(page.body).toContain('data-error-type="RESOURCES_UNAVAILABLE"');
    // The JSON API, in its own envelope.
    const api = await request(server.port, { path: "/api/getcontests/", headers: { ...member, Accept: "application/json" } });
    expect(api.status).toBe(503);
    expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(api.body)).toEqual({ success: false, type: "RESOURCES_UNAVAILABLE", message: "Resources unavailable" });
    // An event stream.
    const stream = await request(server.port, { path: "/contests/1/events", headers: { ...member, Accept: "text/event-stream" } });
    expect(stream.status).toBe(503);
    expect(Number(stream.headers["retry-after"])).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = server.lines.slice(before);
    expect(outageLogLines(lines)).toHaveLength(1);
    // No stack traces: a line for the outage, not a page of them.
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
    expect((await request(server.port, { path: "/readyz" })).status).toBe(503);
    expect((await request(server.port, { path: "/healthz" })).status).toBe(200);
  });

  it("recovers without a restart once the database answers, and says so once", async () => {
    const before = server.lines.length;
    await toggleFault(false);
    await expectRecovered(server.port);
    await expect.poll(() => backLogLines(server.lines.slice(before)).length).toBe(1);
    expect(outageLogLines(server.lines.slice(before))).toEqual([]);
  });
});
