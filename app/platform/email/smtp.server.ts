import nodemailer from "nodemailer";
import type { EmailSender, OutgoingEmail } from "./port";
import { EmailDeliveryError, withSafeHeaders } from "./port";

export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 (nodemailer's connection URL). */
  url: string;
  /** The sender, e.g. "Glow <invites@glow.example>". */
  from: string;
  /** How long one delivery may take before the queue tries again later. */
  timeoutMs?: number;
}

/**
 * Real email through an SMTP server, by nodemailer. A refusal of the recipient (5xx) is for
 * good; anything else (no connection, a timeout, a 4xx "try later") is the server's trouble.
 */
export class SmtpEmailSender implements EmailSender {
  readonly name = "smtp" as const;
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(private readonly config: SmtpConfig) {
    const timeout = config.timeoutMs ?? 15_000;
    this.transport = nodemailer.createTransport({
      url: config.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(sent: OutgoingEmail) {
    const email = withSafeHeaders(sent);
    try {
      await this.transport.sendMail({ from: this.config.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    } catch (error) {
      const code = Number((error as { responseCode?: number }).responseCode);
      throw new EmailDeliveryError(
        `SMTP delivery failed${code ? ` (${code})` : ""}: ${(error as Error).message}`,
        code >= 500 && code < 600 ? "rejected-address" : "unavailable",
      );
    }
  }

  close() {
    this.transport.close();
  }
}
