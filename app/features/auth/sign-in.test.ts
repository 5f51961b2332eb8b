import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { consoleOutboxPerTest } from "../../../tests/support/sms";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { loginAttempts, members, sessions } from "~/platform/db/schema";
import { setMasterSecret } from "~/platform/secrets.server";
import { setSmsProvider, SmsDeliveryError, type SmsProvider } from "~/platform/sms/sms.server";
import { hashCode } from "./codes.server";
import { findSessionMember } from "./principal.server";
import {
  checkSignInCode,
  countdownEndsAt,
  failedTriesOf,
  forgetSendTimings,
  signInText,
  startPhoneSignIn,
  verifyPhoneCode,
  waitAfterWrongCodes,
  WRONG_CODE_BACKOFF,
} from "./sign-in.server";

const outbox = consoleOutboxPerTest();
let phoneCounter = 0;
/** A fresh number each test (+1 555 2xx xxxx). */
const freshPhone = () => `555${String(2_000_000 + ++phoneCounter).padStart(7, "0")}`;
const e164 = (typed: string) => `+1${typed}`;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const t0 = new Date("2026-03-01T12:00:00Z");
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  await createTestDatabase();
});

function send(phone: string, options: { now?: Date; ip?: string; honeypot?: string } = {}) {
  return startPhoneSignIn({
    phone,
    honeypot: options.honeypot,
    clientIp: options.ip ?? freshIp(),
    allowedCallingCodes: ["1", "86"],
    textFor: (code) => signInText(`Your Glow sign-in code is ${code}.`, "glow.example", code),
    now: options.now ?? t0,
  });
}

/** The code of the newest text to this number. */
function lastCode(phone: string) {
  const text = outbox().outbox().find((t) => t.to === e164(phone));
  if (!text) throw new Error("no text");
  return /#(\d{6})$/.exec(text.body)![1]!;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function sentAttempt(phone: string, now = t0) {
  const result = await send(phone, { now });
  if (result.status !== "sent") throw new Error(`not sent: ${result.status}`);
  return result;
}

describe("sending a code", () => {
  it("texts a 6-digit code ending with the origin-bound line, and a login attempt exists", async () => {
    const phone = freshPhone();
    const result = await sentAttempt(`${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(result.phone).toBe(e164(phone));
    const [text] = outbox().outbox();
    expect(text!.to).toBe(e164(phone));
    expect(text!.body).toMatch(/\n\n@glow\.example #\d{6}$/);
    const [attempt] = await db().select().from(loginAttempts).where(eq(loginAttempts.id, result.attemptId));
    expect(attempt).toBeTruthy();
  });

  it("stores the code only as a keyed hash bound to its attempt", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    const [attempt] = await db().select().from(loginAttempts).where(eq(loginAttempts.id, attemptId));
    expect(JSON.stringify(attempt)).not.toContain(code);
    expect(attempt!.codeHash).toBe(hashCode(attemptId, code));
    // Keyed: another secret gives another hash.
    setMasterSecret("another-master-secret-0123456789ab");
    expect(hashCode(attemptId, code)).not.toBe(attempt!.codeHash);
    setMasterSecret("test-master-secret-0123456789abcdef");
  });

  it("gives different codes from send to send", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const phone = freshPhone();
      await sentAttempt(phone);
      codes.add(lastCode(phone));
    }
    expect(codes.size).toBeGreaterThan(4);
  });

  it("refuses numbers that are too short or from a country not allowed", async () => {
    expect((await send("555010001")).status).toBe("invalid-phone");
    expect((await send("+44 7700 900123")).status).toBe("invalid-phone");
    expect((await send("86 138 1234 5678")).status).toBe("sent");
    expect(outbox().outbox()).toHaveLength(1);
  });

  it("with a filled honeypot sends nothing and stores nothing, but answers like a send", async () => {
    const phone = freshPhone();
    const result = await send(phone, { honeypot: "https://spam.example" });
    expect(result.status).toBe("sent");
    expect(outbox().outbox()).toHaveLength(0);
    expect(await db().select().from(loginAttempts).where(eq(loginAttempts.phone, e164(phone)))).toHaveLength(0);
  });

  it("with a filled honeypot takes as long to answer as a real send", async () => {
    // A provider that takes a third of a second, as a real one on the network does.
    const slow: SmsProvider = { name: "console", send: () => new Promise((resolve) => setTimeout(resolve, 300)) };
    setSmsProvider(slow);
    forgetSendTimings();
    const timed = async (options: Parameters<typeof send>[1]) => {
      const started = performance.now();
      const result = await send(freshPhone(), options);
      expect(result.status).toBe("sent");
      return performance.now() - started;
    };
    const real: number[] = [];
    for (let i = 0; i < 3; i++) real.push(await timed({ now: new Date() }));
    const trap: number[] = [];
    for (let i = 0; i < 3; i++) trap.push(await timed({ now: new Date(), honeypot: "https://spam.example" }));
    const shortestReal = Math.min(...real);
    const longestReal = Math.max(...real);
    // Each trapped answer lasts as long as one of the real sends did (give or take the timers).
    for (const ms of trap) {
      expect(ms).toBeGreaterThanOrEqual(shortestReal * 0.9);
      expect(ms).toBeLessThanOrEqual(longestReal * 1.5 + 50);
    }
  });

  it("answers a number with an account exactly like a new one", async () => {
    const known = freshPhone();
    await db().insert(members).values({ phone: e164(known) });
    const fresh = freshPhone();
    const a = await send(known);
    const b = await send(fresh);
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(a.status).toBe(b.status);
  });

  it("reports a provider's refusal of the number apart from its outages, and burns nothing it did not send", async () => {
    const failing = (reason: "rejected-number" | "unavailable"): SmsProvider => ({
      name: "twilio",
      send: async () => {
        throw new SmsDeliveryError("nope", reason);
      },
    });
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    setSmsProvider(failing("rejected-number"));
    expect((await send(freshPhone())).status).toBe("rejected-number");
    setSmsProvider(failing("unavailable"));
    expect((await send(freshPhone())).status).toBe("unavailable");
  });
});

describe("send limits", () => {
  it("one send per number per 60 s", async () => {
    const phone = freshPhone();
    await sentAttempt(phone, after(0));
    const again = await send(phone, { now: after(30) });
    expect(again).toEqual({ status: "rate-limited", retryAfterSeconds: 30, reason: "too-soon" });
    expect((await send(phone, { now: after(61) })).status).toBe("sent");
  });

  it("five sends per number per hour", async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) expect((await send(phone, { now: after(i * 61) })).status).toBe("sent");
    const sixth = await send(phone, { now: after(5 * 61) });
    expect(sixth.status).toBe("rate-limited");
    // Free again once the first send is an hour old.
    expect((await send(phone, { now: after(3601) })).status).toBe("sent");
  });

  it("ten sends per client address per hour, IPv6 counted per /56", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send(freshPhone(), { ip: `2001:db8:aa:bb${String(i).padStart(2, "0")}::${i}` })).status).toBe("sent");
    }
    // Another address in the same /56 is the same client…
    expect((await send(freshPhone(), { ip: "2001:db8:aa:bbff::1" })).status).toBe("rate-limited");
    // …another /56 is not.
    expect((await send(freshPhone(), { ip: "2001:db8:aa:cc00::1" })).status).toBe("sent");
  });

  it("ten per hour for an IPv4 address too", async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < 10; i++) expect((await send(freshPhone(), { ip })).status).toBe("sent");
    const refused = await send(freshPhone(), { ip });
    expect(refused.status).toBe("rate-limited");
    expect(refused.status === "rate-limited" && refused.retryAfterSeconds).toBe(3600);
  });
});

describe("verifying a code", () => {
  it("signs a new member in and creates the account", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const result = await verifyPhoneCode({ attemptId, code: lastCode(phone), now: after(5) });
    expect(result.status).toBe("signed-in");
    if (result.status !== "signed-in") return;
    expect(result.isNew).toBe(true);
    expect(result.member.phone).toBe(e164(phone));
    expect((await findSessionMember(result.sid, after(6)))?.member.id).toBe(result.member.id);
  });

  it("signs a known member in to their own account", async () => {
    const phone = freshPhone();
    const [known] = await db().insert(members).values({ phone: e164(phone), firstName: "Known" }).returning();
    const { attemptId } = await sentAttempt(phone);
    const result = await verifyPhoneCode({ attemptId, code: lastCode(phone), now: after(5) });
    expect(result.status === "signed-in" && result.member.id).toBe(known!.id);
    expect(result.status === "signed-in" && result.isNew).toBe(false);
  });

  it("is valid for 10 minutes", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    expect(await verifyPhoneCode({ attemptId, code, now: after(600) })).toMatchObject({ status: "expired" });
    const other = freshPhone();
    const second = await sentAttempt(other);
    expect((await verifyPhoneCode({ attemptId: second.attemptId, code: lastCode(other), now: after(599) })).status).toBe("signed-in");
  });

  it("works once", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    expect((await verifyPhoneCode({ attemptId, code, now: after(5) })).status).toBe("signed-in");
    expect(await verifyPhoneCode({ attemptId, code, now: after(6) })).toMatchObject({ status: "expired" });
  });

  it("is tied to its login attempt", async () => {
    const a = freshPhone();
    const b = freshPhone();
    await sentAttempt(a);
    const attemptB = await sentAttempt(b);
    const result = await verifyPhoneCode({ attemptId: attemptB.attemptId, code: lastCode(a), now: after(5) });
    // (One chance in a million that both got the same code.)
    if (lastCode(a) !== lastCode(b)) expect(result.status).toBe("wrong-code");
  });

  it("burns the attempt on the 5th wrong try: the right code no longer works", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    for (let i = 1; i <= 4; i++) {
      expect(await verifyPhoneCode({ attemptId, code: wrong(code), now: after(i) })).toMatchObject({
        status: "wrong-code",
        triesLeft: 5 - i,
      });
    }
    expect(await verifyPhoneCode({ attemptId, code: wrong(code), now: after(5) })).toMatchObject({ status: "burnt" });
    expect(await verifyPhoneCode({ attemptId, code, now: after(6) })).toMatchObject({ status: "burnt" });
  });

  it("after 4 wrong tries the right code still works", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    for (let i = 1; i <= 4; i++) await verifyPhoneCode({ attemptId, code: wrong(code), now: after(i) });
    expect((await verifyPhoneCode({ attemptId, code, now: after(5) })).status).toBe("signed-in");
  });

  it("counts parallel guesses one by one: a burst cannot pass the 5 tries", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone);
    const code = lastCode(phone);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    guesses[29] = code;
    const results = await Promise.all(guesses.map((g) => verifyPhoneCode({ attemptId, code: g, now: after(5) })));
    expect(results.filter((r) => r.status === "signed-in")).toHaveLength(0);
    expect(await failedTriesOf(attemptId)).toBe(5);
  });

  it("a resend does not reset the failure count", async () => {
    const phone = freshPhone();
    const first = await sentAttempt(phone, after(0));
    for (let i = 1; i <= 3; i++) await verifyPhoneCode({ attemptId: first.attemptId, code: wrong(lastCode(phone)), now: after(i) });
    // Three wrong codes: the number waits 2 minutes after the last before another code.
    const resent = await sentAttempt(phone, after(130));
    expect(resent.attemptId).toBe(first.attemptId);
    const code = lastCode(phone);
    expect(await verifyPhoneCode({ attemptId: resent.attemptId, code: wrong(code), now: after(131) })).toMatchObject({
      status: "wrong-code",
      triesLeft: 1,
    });
    expect(await verifyPhoneCode({ attemptId: resent.attemptId, code: wrong(code), now: after(132) })).toMatchObject({ status: "burnt" });
    expect(await verifyPhoneCode({ attemptId: resent.attemptId, code, now: after(133) })).toMatchObject({ status: "burnt" });
  });

  it("a resend makes the old code useless", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone, after(0));
    const oldCode = lastCode(phone);
    await sentAttempt(phone, after(70));
    const newCode = lastCode(phone);
    if (oldCode === newCode) return;
    expect((await verifyPhoneCode({ attemptId, code: oldCode, now: after(71) })).status).toBe("wrong-code");
    expect((await verifyPhoneCode({ attemptId, code: newCode, now: after(72) })).status).toBe("signed-in");
  });

  it("issues a new session id and ends the previous one (fixation)", async () => {
    const phone = freshPhone();
    let { attemptId } = await sentAttempt(phone, after(0));
    const first = await verifyPhoneCode({ attemptId, code: lastCode(phone), now: after(1) });
    if (first.status !== "signed-in") throw new Error("not signed in");
    ({ attemptId } = await sentAttempt(phone, after(100)));
    const second = await verifyPhoneCode({ attemptId, code: lastCode(phone), previousSid: first.sid, now: after(101) });
    if (second.status !== "signed-in") throw new Error("not signed in");
    expect(second.sid).not.toBe(first.sid);
    expect(await findSessionMember(first.sid, after(102))).toBeNull();
    expect(await findSessionMember(second.sid, after(102))).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.memberId, second.member.id))).toHaveLength(1);
  });
});

describe("wrong codes slow the number down (decision 0504)", () => {
  it("the rule: 30 s after the first wrong code, doubling with each, never more than an hour", () => {
    expect(WRONG_CODE_BACKOFF).toMatchObject({ firstWaitMs: 30_000, longestWaitMs: 3_600_000 });
    const seconds = Array.from({ length: 10 }, (_, i) => waitAfterWrongCodes(i + 1) / 1000);
    expect(seconds).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(waitAfterWrongCodes(0)).toBe(0);
  });

  it("a wrong code never shortens the wait between sends", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone, after(0));
    const result = await verifyPhoneCode({ attemptId, code: wrong(lastCode(phone)), now: after(5) });
    expect(result).toMatchObject({ status: "wrong-code", triesLeft: 4 });
    // The one-code-a-minute wait still holds, and the answer says when it ends.
    expect(result.status === "wrong-code" && result.resendAt.getTime()).toBe(after(60).getTime());
    const again = await send(phone, { now: after(10) });
    expect(again).toEqual({ status: "rate-limited", retryAfterSeconds: 50, reason: "too-soon" });
    expect((await send(phone, { now: after(61) })).status).toBe("sent");
  });

  it("a burnt attempt is not replaced at once: wrong codes across attempts lengthen the wait", async () => {
    const phone = freshPhone();
    const first = await sentAttempt(phone, after(0));
    let result;
    for (let i = 1; i <= 5; i++) result = await verifyPhoneCode({ attemptId: first.attemptId, code: wrong(lastCode(phone)), now: after(i) });
    // Five wrong codes: 30 s × 2⁴ = 8 minutes after the last.
    expect(result).toMatchObject({ status: "burnt" });
    expect(result!.status === "burnt" && result!.resendAt.getTime()).toBe(after(5 + 480).getTime());
    expect(await send(phone, { now: after(6) })).toEqual({ status: "rate-limited", retryAfterSeconds: 479, reason: "wrong-codes" });
    expect(await send(phone, { now: after(484) })).toMatchObject({ status: "rate-limited", reason: "wrong-codes" });

    const second = await sentAttempt(phone, after(485));
    expect(second.attemptId).not.toBe(first.attemptId);
    for (let i = 1; i <= 3; i++) {
      result = await verifyPhoneCode({ attemptId: second.attemptId, code: wrong(lastCode(phone)), now: after(485 + i) });
    }
    // Eight wrong codes for the number: an hour.
    expect(result!.status === "wrong-code" && result!.resendAt.getTime()).toBe(after(488 + 3600).getTime());
    expect(await send(phone, { now: after(600) })).toEqual({ status: "rate-limited", retryAfterSeconds: 3488, reason: "wrong-codes" });
    // The right code still works meanwhile (2 tries left), and clears the count.
    expect((await verifyPhoneCode({ attemptId: second.attemptId, code: lastCode(phone), now: after(601) })).status).toBe("signed-in");
    expect((await send(phone, { now: after(700) })).status).toBe("sent");
  });

  it("a wrong code restarts the countdown from the top: 65 s, or the longer wait; the send gate stays where it was", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone, after(0));
    // 20 s after the send, the countdown had 45 s left; the wrong code starts it again at 65.
    const first = await checkSignInCode({ attemptId, code: wrong(lastCode(phone)), now: after(20) });
    expect(first).toMatchObject({ ok: false, refusal: "wrong-code", until: after(85).getTime() });
    // The page opened again shows the same countdown, from the server's clock.
    expect((await countdownEndsAt(e164(phone), t0.getTime(), after(30))).getTime()).toBe(after(85).getTime());
    // It only ever ends after the wait between sends: that wait is not shortened, nor made longer.
    expect(await send(phone, { now: after(59) })).toMatchObject({ status: "rate-limited", reason: "too-soon" });
    // Four wrong codes: the back-off (4 minutes after the last) is longer than 65 s, and counts.
    for (let i = 21; i <= 22; i++) await checkSignInCode({ attemptId, code: wrong(lastCode(phone)), now: after(i) });
    const fourth = await checkSignInCode({ attemptId, code: wrong(lastCode(phone)), now: after(23) });
    expect(fourth).toMatchObject({ ok: false, refusal: "wrong-code", until: after(23 + 240).getTime() });
    expect((await countdownEndsAt(e164(phone), t0.getTime(), after(40))).getTime()).toBe(after(23 + 240).getTime());
    // A new code sent later counts down from its own send, not from older wrong codes.
    const later = await sentAttempt(phone, after(300));
    expect(later.attemptId).toBe(attemptId);
    expect((await countdownEndsAt(e164(phone), after(300).getTime(), after(301))).getTime()).toBe(after(360).getTime());
  });

  it("forgets wrong codes older than a day", async () => {
    const phone = freshPhone();
    const { attemptId } = await sentAttempt(phone, after(0));
    for (let i = 1; i <= 5; i++) await verifyPhoneCode({ attemptId, code: wrong(lastCode(phone)), now: after(i) });
    const nextDay = await sentAttempt(phone, after(24 * 3600 + 10));
    const result = await verifyPhoneCode({ attemptId: nextDay.attemptId, code: wrong(lastCode(phone)), now: after(24 * 3600 + 11) });
    // One wrong code today: the minute since the send is what counts.
    expect(result.status === "wrong-code" && result.resendAt.getTime()).toBe(after(24 * 3600 + 70).getTime());
  });
});
