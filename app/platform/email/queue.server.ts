/**
 * The email queue. A command writes its email with `enqueueEmail` inside its own
 * transaction (so the email exists exactly when what it is about does), and the queue
 * delivers it after commit, away from the request: a slow or failing mail server never
 * fails or slows the form that asked for it. A failed delivery is tried again later, with
 * growing waits; a recipient the server refuses for good, or the last try, marks it failed.
 *
 * Every instance runs the queue; a row is claimed (its next try pushed past the claim
 * time, `for update skip locked`) before it is sent, so two instances never send it twice,
 * and a claim left by an instance that died runs out and the row is tried again.
 */
import { sql } from "drizzle-orm";
import { afterCommit, type Queryable } from "../db/transaction.server";
import { db } from "../db/db.server";
import { noteDatabaseFailure } from "../db/outage.server";
import { emailOutbox } from "../db/schema";
import { log } from "../log.server";
import { emailSender } from "./email.server";
import { EmailDeliveryError, withSafeHeaders, type EmailSender, type OutgoingEmail } from "./port";

/** Seconds to wait after each failed try before the next; after the last one, it failed. */
export const EMAIL_RETRY_WAITS_S = [30, 120, 600, 3_600, 6 * 3_600] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_WAITS_S.length + 1;
/** How long a sender holds a row it is sending: longer than the SMTP timeouts. */
const CLAIM_S = 120;
/** Rows sent per pass. */
const BATCH = 10;

/**
 * Queues an email; it goes out after the caller's transaction commits. Its subject is kept
 * as the senders will write it (`withSafeHeaders`), so the queued row says what was sent.
 */
export async function enqueueEmail(executor: Queryable, queued: OutgoingEmail & { kind: string }, now = new Date()) {
  const email = withSafeHeaders(queued);
  const [row] = await executor
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html, kind: queued.kind, nextAttemptAt: now })
    .returning({ id: emailOutbox.id });
  afterCommit(() => kick());
  return row!.id;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  attempts: number;
}

/** One pass: claims the emails that are due and tries each once. */
export async function deliverDueEmails(now = new Date(), sender: EmailSender = emailSender()): Promise<DeliveryReport> {
  const claimUntil = new Date(now.getTime() + CLAIM_S * 1000);
  const claimed = await db().execute(sql`
    update email_outbox set attempts = attempts + 1, next_attempt_at = ${claimUntil.toISOString()}
     where id in (
       select id from email_outbox
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)
    returning id, "to", subject, text, html, kind, attempts`);
  const rows = (claimed as unknown as { rows: ClaimedRow[] }).rows;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    try {
      await sender.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db().update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(sql`${emailOutbox.id} = ${row.id}`);
      report.sent++;
      log.info("email sent", { id: row.id, kind: row.kind, attempt: row.attempts });
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 500);
      const forGood = error instanceof EmailDeliveryError && error.reason === "rejected-address";
      const attempts = Number(row.attempts);
      if (forGood || attempts >= EMAIL_MAX_ATTEMPTS) {
        await db().update(emailOutbox).set({ status: "failed", lastError: message }).where(sql`${emailOutbox.id} = ${row.id}`);
        report.failed++;
        log.warn("email failed for good", { id: row.id, kind: row.kind, attempt: attempts, error: message });
      } else {
        const wait = EMAIL_RETRY_WAITS_S[attempts - 1] ?? EMAIL_RETRY_WAITS_S.at(-1)!;
        const next = new Date(now.getTime() + wait * 1000);
        await db().update(emailOutbox).set({ nextAttemptAt: next, lastError: message }).where(sql`${emailOutbox.id} = ${row.id}`);
        report.retrying++;
        log.warn("email will be tried again", { id: row.id, kind: row.kind, attempt: attempts, inSeconds: wait, error: message });
      }
    }
  }
  return report;
}

/** The queue's clock, while the server runs it. */
let timer: ReturnType<typeof setInterval> | null = null;
let busy: Promise<void> | null = null;
let again = false;

/** Delivers what is due now, unless a pass is already running (which then runs once more). */
function kick() {
  if (!timer) return; // not running (tests deliver by hand)
  if (busy) {
    again = true;
    return;
  }
  busy = (async () => {
    try {
      do {
        again = false;
        const report = await deliverDueEmails();
        // A full batch may have left more behind.
        if (report.sent + report.retrying + report.failed >= BATCH) again = true;
      } while (again && timer);
    } catch (error) {
      // The database being away is said once for the whole outage; the next pass tries again.
      if (!noteDatabaseFailure(error)) log.error("email queue pass failed", { error: String(error) });
    } finally {
      busy = null;
    }
  })();
}

/** Runs the queue: now, after every commit that queued an email, and every `intervalMs`. */
export function startEmailQueue(intervalMs = 15_000) {
  if (timer) return;
  timer = setInterval(kick, intervalMs);
  timer.unref();
  kick();
}

/** Stops the queue's clock and waits for a pass under way. */
export async function stopEmailQueue() {
  if (timer) clearInterval(timer);
  timer = null;
  await busy;
}
