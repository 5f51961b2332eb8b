import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import { request } from "./server-process";

/**
 * The PostgreSQL server an outage test may stop and start: what .ci/run sets for its
 * PostgreSQL pass (TEST_DATABASE_URL, and GLOW_TEST_PG_CTL, GLOW_TEST_PG_DATA,
 * GLOW_TEST_PG_LOG, GLOW_TEST_PG_USER: postgres when run as root), or null without it.
 * .ci/run finds the outage tests by the name GLOW_TEST_PG_CTL in their file and runs them
 * after every other database test, one file at a time.
 */
export function stoppablePostgres() {
  const { TEST_DATABASE_URL: serverUrl, GLOW_TEST_PG_CTL: pgCtl, GLOW_TEST_PG_DATA: dataDir, GLOW_TEST_PG_LOG: logFile, GLOW_TEST_PG_USER: runAs } = process.env;
  if (!serverUrl || !pgCtl || !dataDir || !logFile) return null;
  /** pg_ctl on that server, as the user that owns it. */
  const pgControl = (...args: string[]) => {
    const command = [pgCtl, "-D", dataDir, ...args];
    const [file, ...rest] = runAs ? ["runuser", "-u", runAs, "--", ...command] : command;
    execFileSync(file!, rest, { stdio: "ignore", timeout: 60_000 });
  };
  let stopped = false;
  const start = () => {
    pgControl("-w", "-t", "60", "-l", logFile, "start");
    stopped = false;
  };
  return {
    serverUrl,
    /** A fast shutdown, as a restart or a failover does: sessions are ended (57P01). */
    stop() {
      pgControl("-w", "-t", "60", "-m", "fast", "stop");
      stopped = true;
    },
    start,
    /** After the tests: running again, whatever a failure left behind. */
    restore() {
      if (stopped) start();
    },
  };
}

/** The consent cookie as the browser keeps it ("yes"), so /signin's send reaches the database. */
const CONSENT = `cookiesaccepted=${encodeURIComponent(Buffer.from(JSON.stringify("yes")).toString("base64"))}`;

const sendCode = (port: number, lng = "en") =>
  request(port, {
    method: "POST",
    path: `/signin?lng=${lng}`,
    headers: { Cookie: CONSENT, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: "intent=send&phone=5550100009",
  });

/**
 * What a member, a page's own script and a JSON caller get while the database is away: 503
 * with Retry-After and the catalogue's RESOURCES_UNAVAILABLE entry ('Resources
 * unavailable', 'Reload' → /home). Returns how many requests failed (together they log one line).
 */
export async function expectDatabaseAwayAnswers(port: number): Promise<number> {
  let failed = 0;
  const retryAfter = (headers: Record<string, unknown>) => Number(headers["retry-after"]);

  // A page (the newsfeed reads posts), in English and Chinese.
  const page = await request(port, { path: "/newsfeed", headers: { Accept: "text/html" } });
  failed++;
  expect(page.status).toBe(503);
  expect(retryAfter(page.headers)).toBeGreaterThan(0);
  expect(page.body).toContain("Resources unavailable");
  expect(page.body).toMatch(/<a href="\/home"[^>]*>Reload<\/a>/);
  // The catalogue's error screen, not the crash screen (no "Error details").
  expect(page.body).toContain('data-error-type="RESOURCES_UNAVAILABLE"');
  expect(page.body).not.toContain("Error details");
  const zh = await request(port, { path: "/newsfeed?lng=zh", headers: { Accept: "text/html" } });
  failed++;
  expect(zh.status).toBe(503);
  expect(zh.body).toContain("资源不可用");

  // The page's data asked for by its own script (client navigation).
  const data = await request(port, { path: "/newsfeed.data" });
  failed++;
  expect(data.status).toBe(503);
  expect(retryAfter(data.headers)).toBeGreaterThan(0);
  expect(data.body).toContain("RESOURCES_UNAVAILABLE");

  // A form post (sending a sign-in code writes to the database).
  const post = await sendCode(port);
  failed++;
  expect(post.status).toBe(503);
  expect(retryAfter(post.headers)).toBeGreaterThan(0);
  expect(post.body).toContain("Resources unavailable");

  // A JSON caller: the envelope, with the type.
  const json = await request(port, { path: "/feed/updates", headers: { Accept: "application/json" } });
  failed++;
  expect(json.status).toBe(503);
  expect(retryAfter(json.headers)).toBeGreaterThan(0);
  expect(JSON.parse(json.body)).toEqual({ success: false, type: "RESOURCES_UNAVAILABLE", message: "Resources unavailable" });
  return failed;
}

/** The lines that say the database went away (one an outage, not one a failed request). */
export function outageLogLines(lines: string[]) {
  return lines.filter((line) => line.includes('"msg":"database unavailable"'));
}

/** The lines that say the database answers again. */
export function backLogLines(lines: string[]) {
  return lines.filter((line) => line.includes('"msg":"database back"'));
}

/** Glow answers as usual again, without a restart. */
export async function expectRecovered(port: number) {
  await expect.poll(async () => (await request(port, { path: "/readyz" })).status, { timeout: 20_000 }).toBe(200);
  expect((await request(port, { path: "/newsfeed", headers: { Accept: "text/html" } })).status).toBe(200);
  const post = await sendCode(port);
  // The code is sent: the responder's 303 back to the page (a post answered with a GET).
  expect(post.status).toBe(303);
  expect((await request(port, { path: "/feed/updates", headers: { Accept: "application/json" } })).status).toBe(200);
}
