import { expect } from "vitest";
import { request } from "./server-process";

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
  expect(JSON.parse(json.body)).toEqual({ ok: false, type: "RESOURCES_UNAVAILABLE", error: "Resources unavailable" });
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
