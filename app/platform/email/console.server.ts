import { log } from "../log.server";
import { withSafeHeaders, type EmailSender, type OutgoingEmail } from "./port";

export interface MailboxEntry extends OutgoingEmail {
  sentAt: string;
}

export const MAILBOX_SIZE = 50;

/**
 * The try-it sender: prints each email to the server log and keeps the latest 50 in memory
 * for /dev/mailbox, as the console SMS provider does for texts. Development only, so
 * process memory is fine here.
 */
export class ConsoleEmailSender implements EmailSender {
  readonly name = "console" as const;
  private entries: MailboxEntry[] = [];

  async send(sent: OutgoingEmail) {
    const email = withSafeHeaders(sent);
    this.entries.unshift({ ...email, sentAt: new Date().toISOString() });
    if (this.entries.length > MAILBOX_SIZE) this.entries.length = MAILBOX_SIZE;
    // The console mailbox exists to show invitations to whoever runs the server.
    log.info("email (console sender)", { to: email.to, subject: email.subject, text: email.text });
  }

  /** Newest first. */
  mailbox(): MailboxEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear() {
    this.entries = [];
  }
}
