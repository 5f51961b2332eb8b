import type { Env } from "../env.server";
import { ConfigurationError, env } from "../env.server";
import { ConsoleSmsProvider } from "./console.server";
import type { SmsProvider } from "./port";
import { TwilioSmsProvider } from "./twilio.server";

export { SmsDeliveryError, type OutgoingText, type SmsProvider } from "./port";
// Every text counts against the instance's daily ceiling: a sender consumes it with its own limits.
export { TEXT_CEILING, TEXT_CEILING_BUCKET, textCeiling, textCounted, textRefusedByCeiling, textsInWindow } from "./ceiling.server";
export { ConfigurationError };

const hasTwilio = (config: Env) =>
  Boolean(
    config.TWILIO_ACCOUNT_SID &&
      config.TWILIO_AUTH_TOKEN &&
      (config.TWILIO_FROM || config.TWILIO_MESSAGING_SERVICE_SID),
  );

/**
 * Which provider this configuration gives, or why it cannot start. Twilio when asked for
 * or when its credentials are set; the console outbox otherwise — but a container only
 * runs the console outbox when SMS_PROVIDER=console says so on purpose.
 */
export function chooseSmsProvider(config: Env): SmsProvider {
  if (config.SMS_PROVIDER === "console") return new ConsoleSmsProvider();
  if (config.SMS_PROVIDER === "twilio" || hasTwilio(config)) {
    if (!hasTwilio(config)) {
      throw new ConfigurationError(
        "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID).",
      );
    }
    return new TwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
    });
  }
  if (config.GLOW_CONTAINER) {
    throw new ConfigurationError(
      "No SMS provider is configured, so nobody could receive a sign-in code. Set TWILIO_ACCOUNT_SID, " +
        "TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID), or set SMS_PROVIDER=console " +
        "to print codes to the log and /dev/outbox on purpose (never for real members).",
    );
  }
  return new ConsoleSmsProvider();
}

let current: SmsProvider | undefined;

/** The process's provider, chosen once from the environment. */
export function sms(): SmsProvider {
  return (current ??= chooseSmsProvider(env()));
}

/** For tests and start-up checks. */
export function setSmsProvider(provider: SmsProvider | undefined) {
  current = provider;
}

/** The console outbox, when that provider is active (else /dev/outbox answers 404). */
export function consoleOutbox(): ConsoleSmsProvider | null {
  const provider = sms();
  return provider instanceof ConsoleSmsProvider ? provider : null;
}
