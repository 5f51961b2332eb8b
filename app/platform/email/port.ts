/** The email port: anything that can deliver an email to an address. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text version (every mail reader shows it). */
  text: string;
  /** The HTML version, with the same content. */
  html: string;
}

export interface EmailSender {
  readonly name: "console" | "smtp";
  send(email: OutgoingEmail): Promise<void>;
}

/**
 * Why an email was not delivered. `rejected-address` means the server refused this
 * recipient for good (retrying cannot help); anything else is the server's trouble, and
 * the queue tries again later.
 */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly reason: "rejected-address" | "unavailable",
  ) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}
