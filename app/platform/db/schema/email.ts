/**
 * The email queue: every email Glow sends is written here first (in the transaction of
 * what it is about) and delivered after, with retries, so a slow or failing mail server
 * never fails the form that asked for it.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const emailStatuses = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** What it is (invite), for the log. */
    kind: text("kind").notNull(),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Not tried before this moment: a retry's wait, or a sender's claim while it sends. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("email_outbox_status_known", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
