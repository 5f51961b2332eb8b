/**
 * The instance's daily ceiling on texts (SMS_DAILY_LIMIT, decision 1160) against a real
 * database: every text counted, all workers together; one warning line at 80 %, not one a
 * send; past the ceiling, the code request is refused (503 with Retry-After and the wait in
 * words, to a page and to JSON alike), nothing is sent, and the member keeps their own limits.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { consoleOutboxPerTest } from "../../../tests/support/sms";
import { createTestDatabase } from "../../../tests/support/db";
import { BASE_URL, callRoute, outcome } from "../../../tests/support/route";
import { action as getPhoneCode } from "~/routes/api/getphonecode";
import { action as signInAction } from "~/routes/signin";
import { consentCookie } from "~/platform/cookies.server";
import { db } from "~/platform/db/db.server";
import { loginAttempts, rateLimitHits } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { TEXT_CEILING, TEXT_CEILING_BUCKET, textsInWindow } from "~/platform/sms/sms.server";
import { sendSignInCode, signInText } from "./sign-in.server";

const LIMIT = 5;
const outbox = consoleOutboxPerTest();
let n = 0;
const freshPhone = () => `555${String(4_000_000 + ++n).padStart(7, "0")}`;
const freshIp = () => `198.51.100.${n % 250}`;
const t0 = new Date("2026-06-01T08:00:00Z");
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const DAY_S = TEXT_CEILING.windowMs / 1000;

let saved: string | undefined;
beforeAll(async () => {
  await createTestDatabase();
  saved = process.env.SMS_DAILY_LIMIT;
  process.env.SMS_DAILY_LIMIT = String(LIMIT);
  resetEnvCache();
});
afterAll(() => {
  if (saved === undefined) delete process.env.SMS_DAILY_LIMIT;
  else process.env.SMS_DAILY_LIMIT = saved;
  resetEnvCache();
});
beforeEach(async () => {
  await db().delete(rateLimitHits);
});

function send(phone = freshPhone(), now = t0) {
  return sendSignInCode({
    phone,
    clientIp: freshIp(),
    allowedCallingCodes: ["1"],
    textFor: (code) => signInText(`Your Glow sign-in code is ${code}.`, "glow.example", code),
    now,
  });
}

/** The log lines written so far in this test (stdout and stderr), parsed. */
function logLines(): { level: string; msg: string; [field: string]: unknown }[] {
  const written = [...vi.mocked(process.stdout.write).mock.calls, ...(vi.isMockFunction(process.stderr.write) ? vi.mocked(process.stderr.write).mock.calls : [])];
  return written.map(([chunk]) => String(chunk)).filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { level: string; msg: string });
}

describe("the daily ceiling on texts", () => {
  it("counts every text and refuses the one past it: nothing sent, no attempt touched, the member's own limits kept", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await send(freshPhone(), after(60 * i))).ok).toBe(true);
    expect(await textsInWindow(after(60 * LIMIT))).toBe(LIMIT);
    const sentBefore = outbox().outbox().length;

    const phone = freshPhone();
    const refused = await send(phone, after(60 * LIMIT));
    // A place frees when the first text of the window leaves it, 24 hours after it was sent.
    expect(refused).toMatchObject({ ok: false, refusal: "text-ceiling", retryAfter: DAY_S - 60 * LIMIT });
    expect(outbox().outbox()).toHaveLength(sentBefore);
    expect(await db().select().from(loginAttempts).where(eq(loginAttempts.phone, `+1${phone}`))).toEqual([]);

    // When the first text leaves the window, the same number is sent its code at once: the
    // refusal took none of its one-code-a-minute wait.
    expect((await send(phone, after(DAY_S + 1))).ok).toBe(true);
    expect(outbox().outbox()[0]!.to).toBe(`+1${phone}`);
  });

  it("counts all senders together: texts asked for at once never pass it", async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => send()));
    expect(answers.filter((a) => a.ok)).toHaveLength(LIMIT);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.refusal)).toEqual(["text-ceiling", "text-ceiling", "text-ceiling"]);
    expect(await textsInWindow(t0)).toBe(LIMIT);
  });

  it("tells the log once when 80 % is used and once when it refuses, not at every send; again the next day", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const warnings = () => logLines().filter((l) => l.msg === "texts: 80 % of the daily ceiling used");
    const reached = () => logLines().filter((l) => l.msg.startsWith("texts: the daily ceiling is reached"));

    for (let i = 0; i < 3; i++) await send();
    expect(warnings()).toEqual([]);
    await send(); // the 4th of 5: 80 %
    expect(warnings()).toEqual([expect.objectContaining({ level: "warn", sent: 4, limit: LIMIT, variable: "SMS_DAILY_LIMIT" })]);
    await send();
    for (let i = 0; i < 3; i++) expect(await send()).toMatchObject({ ok: false, refusal: "text-ceiling" });
    expect(warnings()).toHaveLength(1);
    expect(reached()).toEqual([expect.objectContaining({ level: "error", limit: LIMIT, retryAfterSeconds: DAY_S })]);

    // A day later the window is empty; 80 % again is told again.
    const nextDay = after(DAY_S + 60);
    for (let i = 0; i < 4; i++) expect((await send(freshPhone(), nextDay)).ok).toBe(true);
    expect(warnings()).toHaveLength(2);
    stderr.mockRestore();
  });
});

describe("the refusal a member sees", () => {
  /** The window full: LIMIT texts sent a minute ago, by whichever worker. */
  async function fullWindow() {
    const minuteAgo = new Date(Date.now() - 60_000);
    await db().insert(rateLimitHits).values(Array.from({ length: LIMIT }, () => ({ bucket: TEXT_CEILING_BUCKET, key: "all", at: minuteAgo })));
  }

  it("on /signin: 503 with Retry-After and the wait, the number kept, no text", async () => {
    await fullWindow();
    const consent = (await consentCookie.serialize("yes")).split(";")[0]!;
    const phone = freshPhone();
    const request = new Request(new URL("/signin", BASE_URL), {
      method: "POST",
      body: new URLSearchParams({ intent: "send", phone }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Cookie: consent },
    });
    const call = await callRoute(signInAction, request, { info: { clientIp: freshIp() } });
    const answer = outcome(call);
    expect(answer.status).toBe(503);
    expect(answer.data).toMatchObject({
      values: { phone },
      errors: { form: "Glow has sent as many sign-in texts as it can for today. Please try again in 24 hours." },
      refusal: "text-ceiling",
    });
    const init = (call.result as { init?: { headers?: HeadersInit } }).init;
    expect(Number(new Headers(init?.headers).get("Retry-After"))).toBeGreaterThan(DAY_S - 120);
    expect(outbox().outbox()).toEqual([]);
  });

  it("on the JSON API, in the caller's language: the envelope, 503 and Retry-After", async () => {
    await fullWindow();
    const request = new Request(new URL("/api/getphonecode/?lng=zh", BASE_URL), {
      method: "POST",
      body: JSON.stringify({ phone: freshPhone() }),
      headers: { "Content-Type": "application/json", Accept: "application/json" },
    });
    const call = await callRoute(getPhoneCode, request, { info: { clientIp: freshIp() } });
    expect(outcome(call)).toMatchObject({
      status: 503,
      data: { success: false, type: "RESOURCES_UNAVAILABLE", message: "Glow 今天能发送的登录短信已达上限。请在24 小时后再试。" },
    });
    const init = (call.result as { init?: { headers?: HeadersInit } }).init;
    expect(Number(new Headers(init?.headers).get("Retry-After"))).toBeGreaterThan(DAY_S - 120);
    expect(outbox().outbox()).toEqual([]);
  });
});
