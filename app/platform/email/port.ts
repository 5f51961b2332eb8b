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

/**
 * A header's text with nothing in it that could change how the header reads: a member's
 * words reach the subject (a party's name, an inviter's name), and a right-to-left override
 * (U+202E) would show "Wicks\u202Eexe.gnp" as "Wicksgnp.exe", an isolate or mark would
 * reorder what follows, and a line break would try to start another header. Line breaks
 * (and tabs) become a space; other control characters (C0, DEL, C1) and invisible format
 * characters (bidi embeddings, overrides, isolates and marks, zero-width spaces, the BOM)
 * go. The zero-width joiner and non-joiner stay: emoji sequences and several scripts need
 * them. A lone surrogate, which no mail reader could show, goes too.
 */
export function headerText(value: string): string {
  return value
    .replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, " ")
    .replace(/(?![\u200C\u200D])[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * The email as every sender writes it: its subject through `headerText`. Every sender calls
 * this first, so the console mailbox, its log line and SMTP show the same subject. (The
 * recipient is an address checked where it was typed; the sender is the operator's.)
 */
export function withSafeHeaders(email: OutgoingEmail): OutgoingEmail {
  return { ...email, subject: headerText(email.subject) };
}
