import type { OutgoingText, SmsProvider } from "./port";
import { SmsDeliveryError } from "./port";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sending number or alphanumeric sender id… */
  from?: string;
  /** …or a messaging service, which picks the sender itself. */
  messagingServiceSid?: string;
  /** Overridable for tests; Twilio's REST API otherwise. */
  baseUrl?: string;
  timeoutMs?: number;
}

export const TWILIO_API = "https://api.twilio.com";

// Twilio error codes that mean "this number cannot get a text", not "Twilio is down".
const REJECTED_NUMBER_CODES = new Set([21211, 21214, 21217, 21407, 21408, 21610, 21612, 21614]);

/** Twilio's Programmable Messaging REST API (no SDK: one form post). */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = "twilio" as const;

  constructor(private readonly config: TwilioConfig) {
    if (!config.from && !config.messagingServiceSid) {
      throw new Error("Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID");
    }
  }

  async send(text: OutgoingText) {
    const { accountSid, authToken, from, messagingServiceSid } = this.config;
    const url = `${this.config.baseUrl ?? TWILIO_API}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: text.to, Body: text.body });
    if (messagingServiceSid) form.set("MessagingServiceSid", messagingServiceSid);
    else form.set("From", from!);

    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: form,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsDeliveryError(`Twilio unreachable: ${String(error)}`, "unavailable");
    }
    if (response.ok) return;
    const problem = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    const code = Number(problem?.code);
    throw new SmsDeliveryError(
      `Twilio answered ${response.status}${code ? ` (code ${code})` : ""}`,
      response.status === 400 && REJECTED_NUMBER_CODES.has(code) ? "rejected-number" : "unavailable",
    );
  }
}
