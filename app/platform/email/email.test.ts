/**
 * The email port against a real SMTP server in this process (smtp-server on 127.0.0.1, no
 * network): delivery as text and HTML, and the database queue's retries, so a slow or
 * failing mail server never fails the post that queued an email.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { envWith } from "../../../tests/support/env";
import { db } from "../db/db.server";
import { emailOutbox } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { ConsoleEmailSender, MAILBOX_SIZE } from "./console.server";
import { chooseEmailSender, EmailConfigurationError } from "./email.server";
import { deliverDueEmails, EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_WAITS_S, enqueueEmail } from "./queue.server";
import { SmtpEmailSender } from "./smtp.server";

interface Received {
  to: string[];
  raw: string;
}

/** What the fake mail server does with the next recipients: take them, or refuse. */
let answers: Array<"ok" | "busy" | "refuse"> = [];
const received: Received[] = [];

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const answer = answers.shift() ?? "ok";
    if (answer === "busy") return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
    if (answer === "refuse") return callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let port = 0;
let smtp: SmtpEmailSender;

beforeAll(async () => {
  await createTestDatabase();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as AddressInfo).port;
  smtp = new SmtpEmailSender({ url: `smtp://127.0.0.1:${port}`, from: "Glow <invites@glow.test>", timeoutMs: 2_000 });
});

afterAll(async () => {
  smtp.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  answers = [];
  received.length = 0;
});

const email = (to: string) => ({ to, subject: "Katherine invites you", text: "Join us: https://glow.test/accept-invite/1?invite=abc", html: "<p>Join us</p>", kind: "party-invite" });

async function rowOf(id: number) {
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

describe("choosing the email sender", () => {
  const configWith = (vars: Record<string, string>) => envWith(vars, ["SMTP_URL", "SMTP_FROM"]);

  it("is the console mailbox by default", () => {
    expect(chooseEmailSender(configWith({})).name).toBe("console");
  });

  it("is SMTP when SMTP_URL and SMTP_FROM are set", () => {
    const sender = chooseEmailSender(configWith({ SMTP_URL: "smtp://user:pass@mail.example:587", SMTP_FROM: "Glow <invites@glow.example>" }));
    expect(sender.name).toBe("smtp");
    (sender as SmtpEmailSender).close();
  });

  it("refuses to start with SMTP_URL but no sender, or an address that is not SMTP", () => {
    expect(() => chooseEmailSender(configWith({ SMTP_URL: "smtp://mail.example" }))).toThrow(EmailConfigurationError);
    expect(() => configWith({ SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL/);
  });
});

describe("the console mailbox", () => {
  it("keeps the latest 50, newest first, and prints each to the log", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const mailbox = new ConsoleEmailSender();
    for (let i = 0; i < MAILBOX_SIZE + 3; i++) await mailbox.send({ ...email("a@example.com"), subject: `mail ${i}` });
    expect(mailbox.mailbox()).toHaveLength(50);
    expect(mailbox.mailbox()[0]!.subject).toBe("mail 52");
    expect(String(out.mock.calls[0]![0])).toContain("mail 0");
    out.mockRestore();
  });
});

describe("SMTP delivery", () => {
  it("sends the plain text and the HTML, from the configured sender", async () => {
    await smtp.send(email("friend@example.com"));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["friend@example.com"]);
    const raw = received[0]!.raw;
    expect(raw).toMatch(/^From: Glow <invites@glow\.test>/m);
    expect(raw).toMatch(/^Subject: Katherine invites you/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain("https://glow.test/accept-invite/1?invite=abc");
  });

  it("tells a refused recipient apart from a server that is busy", async () => {
    answers = ["refuse"];
    await expect(smtp.send(email("nobody@example.com"))).rejects.toMatchObject({ reason: "rejected-address" });
    answers = ["busy"];
    await expect(smtp.send(email("later@example.com"))).rejects.toMatchObject({ reason: "unavailable" });
  });
});

/** A header's value as a mail reader shows it: unfolded, its RFC 2047 encoded words decoded. */
function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return null;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

describe("headers a member's text reaches", () => {
  // A party name as a prankster would type it: a right-to-left override that shows
  // "Wicks" + "exe.gnp" as "Wicks png.exe", isolates and marks, a line break that tries a
  // second header, C0 and C1 controls and invisible format characters.
  const prank = "Ada invites you to \u202Eexe.gnp\u202C \u2066Wicks\u2069\u200F\r\nBcc: victim@example.com\u0000\u0007\u0085\u009B\u200B\u2028\uFEFF on Glow";
  const clean = "Ada invites you to exe.gnp Wicks Bcc: victim@example.com on Glow";
  // What stays: letters of any script and direction, emoji joined by zero-width joiners.
  const kept = "邀请你加入 «שלום» 👩‍👩‍👧 on Glow";

  it("reach the SMTP server without control characters, and add no header", async () => {
    await smtp.send({ ...email("clean@example.com"), subject: prank });
    await smtp.send({ ...email("kept@example.com"), subject: kept });
    const [pranked, plain] = received;
    expect(pranked!.to).toEqual(["clean@example.com"]);
    expect(headerOf(pranked!.raw, "Subject")).toBe(clean);
    expect(headerOf(pranked!.raw, "Bcc")).toBeNull();
    expect(headerOf(plain!.raw, "Subject")).toBe(kept);
  });

  it("reach the console mailbox and its log line without them", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const mailbox = new ConsoleEmailSender();
    await mailbox.send({ ...email("clean@example.com"), subject: prank });
    expect(mailbox.mailbox()[0]!.subject).toBe(clean);
    expect(JSON.parse(String(out.mock.calls[0]![0]))).toMatchObject({ subject: clean });
    out.mockRestore();
  });

  it("are queued cleaned, and a row queued raw (by an older version) is cleaned by whichever sender sends it", async () => {
    const now = new Date(Date.now() + 8 * 3_600_000);
    const id = await transaction((tx) => enqueueEmail(tx, { ...email("queued@example.com"), subject: prank }, now));
    expect((await rowOf(id)).subject).toBe(clean);
    // PostgreSQL text holds no NUL: the rest of the prank, as an older version stored it.
    const raw = prank.replace("\u0000", "");
    await db().insert(emailOutbox).values([
      { ...email("old-console@example.com"), subject: raw, nextAttemptAt: now },
      { ...email("old-smtp@example.com"), subject: raw, nextAttemptAt: now },
    ]);
    const mailbox = new ConsoleEmailSender();
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await deliverDueEmails(now, { name: "console", send: (m) => (m.to.includes("smtp") ? smtp.send(m) : mailbox.send(m)) });
    vi.restoreAllMocks();
    expect(mailbox.mailbox().find((m) => m.to === "old-console@example.com")!.subject).toBe(clean);
    expect(headerOf(received.find((r) => r.to[0] === "old-smtp@example.com")!.raw, "Subject")).toBe(clean);
  });
});

describe("the queue", () => {
  it("goes out only after the transaction that queued it commits", async () => {
    await expect(
      transaction(async (tx) => {
        await enqueueEmail(tx, email("never@example.com"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "never@example.com"));
    expect(rows).toEqual([]);
  });

  it("retries a busy server later, and then delivers", async () => {
    const now = new Date();
    const id = await transaction((tx) => enqueueEmail(tx, email("retry@example.com"), now));
    answers = ["busy"];
    expect(await deliverDueEmails(now, smtp)).toMatchObject({ sent: 0, retrying: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + EMAIL_RETRY_WAITS_S[0] * 1000);
    expect(row.lastError).toMatch(/451/);
    // Not before its time.
    expect(await deliverDueEmails(new Date(now.getTime() + 10_000), smtp)).toMatchObject({ sent: 0, retrying: 0 });
    expect(await deliverDueEmails(new Date(now.getTime() + EMAIL_RETRY_WAITS_S[0] * 1000), smtp)).toMatchObject({ sent: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(received.map((r) => r.to[0])).toEqual(["retry@example.com"]);
  });

  it("gives up on a recipient the server refuses for good", async () => {
    const now = new Date(Date.now() + 3_600_000);
    const id = await transaction((tx) => enqueueEmail(tx, email("gone@example.com"), now));
    answers = ["refuse"];
    expect(await deliverDueEmails(now, smtp)).toMatchObject({ failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("gives up after the last try", async () => {
    let at = new Date(Date.now() + 2 * 3_600_000);
    const id = await transaction((tx) => enqueueEmail(tx, email("flaky@example.com"), at));
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      answers = ["busy"];
      const report = await deliverDueEmails(at, smtp);
      expect(report).toMatchObject(attempt < EMAIL_MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      at = (await rowOf(id)).nextAttemptAt;
    }
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: EMAIL_MAX_ATTEMPTS });
  });

  it("a mail server that is down keeps the email waiting, and passes at once never send it twice", async () => {
    const down = new SmtpEmailSender({ url: "smtp://127.0.0.1:1", from: "Glow <invites@glow.test>", timeoutMs: 1_000 });
    const now = new Date(Date.now() + 4 * 3_600_000);
    const id = await transaction((tx) => enqueueEmail(tx, email("patient@example.com"), now));
    expect(await deliverDueEmails(now, down)).toMatchObject({ retrying: 1 });
    expect((await rowOf(id)).lastError).toMatch(/SMTP delivery failed/);
    down.close();

    const later = new Date(now.getTime() + EMAIL_RETRY_WAITS_S[0] * 1000);
    const [a, b] = await Promise.all([deliverDueEmails(later, smtp), deliverDueEmails(later, smtp)]);
    expect(a.sent + b.sent).toBe(1);
    expect(received.filter((r) => r.to[0] === "patient@example.com")).toHaveLength(1);
  });
});
