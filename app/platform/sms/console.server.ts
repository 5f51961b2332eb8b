import { log, redactPhone } from "../log.server";
import type { OutgoingText, SmsProvider } from "./port";

export interface OutboxEntry {
  to: string;
  body: string;
  sentAt: string;
}

export const OUTBOX_SIZE = 50;

/**
 * The try-it provider: prints each text to the server log and keeps the latest 50 in
 * memory for /dev/outbox. Development only, so process memory is fine here.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = "console" as const;
  private entries: OutboxEntry[] = [];

  async send(text: OutgoingText) {
    const entry = { to: text.to, body: text.body, sentAt: new Date().toISOString() };
    this.entries.unshift(entry);
    if (this.entries.length > OUTBOX_SIZE) this.entries.length = OUTBOX_SIZE;
    // The console outbox exists to show codes to whoever runs the server.
    log.info("sms (console provider)", { to: redactPhone(text.to), body: text.body });
  }

  /** Newest first. */
  outbox(): OutboxEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear() {
    this.entries = [];
  }
}
