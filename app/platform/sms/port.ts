/** The SMS port: anything that can deliver a text to a phone number. */
export interface OutgoingText {
  /** E.164, e.g. +15551234567. */
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: "console" | "twilio";
  send(text: OutgoingText): Promise<void>;
}

/**
 * Why a text was not delivered. `rejected-number` means the provider refused this
 * number (not a mobile, not a real number); anything else is the provider's trouble.
 */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly reason: "rejected-number" | "unavailable",
  ) {
    super(message);
    this.name = "SmsDeliveryError";
  }
}
