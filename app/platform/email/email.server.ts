import type { Env } from "../env.server";
import { env } from "../env.server";
import { ConsoleEmailSender } from "./console.server";
import type { EmailSender } from "./port";
import { SmtpEmailSender } from "./smtp.server";

export { EmailDeliveryError, headerText, type EmailSender, type OutgoingEmail } from "./port";

/** Stops the server from starting with an email configuration that cannot work. */
export class EmailConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    // The server shell prints a ConfigurationError as one plain line.
    this.name = "ConfigurationError";
  }
}

/**
 * Which sender this configuration gives: SMTP through nodemailer when SMTP_URL is set
 * (SMTP_FROM then names the sender and is required), the console mailbox otherwise.
 */
export function chooseEmailSender(config: Env): EmailSender {
  if (config.SMTP_URL) {
    if (!config.SMTP_FROM) {
      throw new EmailConfigurationError("SMTP_URL is set but SMTP_FROM is not: set the sender, e.g. SMTP_FROM='Glow <invites@glow.example>'.");
    }
    return new SmtpEmailSender({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }
  return new ConsoleEmailSender();
}

let current: EmailSender | undefined;

/** The process's sender, chosen once from the environment. */
export function emailSender(): EmailSender {
  return (current ??= chooseEmailSender(env()));
}

/** For tests and start-up checks. */
export function setEmailSender(sender: EmailSender | undefined) {
  current = sender;
}

/** The console mailbox, when that sender is active (else /dev/mailbox answers 404). */
export function consoleMailbox(): ConsoleEmailSender | null {
  const sender = emailSender();
  return sender instanceof ConsoleEmailSender ? sender : null;
}
