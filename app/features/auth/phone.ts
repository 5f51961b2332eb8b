/**
 * Phone numbers as members type them. Shared by the browser (display while typing) and
 * the server (the rules), so nothing here may import server code.
 */

/** The spec's minimum: 10 digits or more. */
export const MIN_PHONE_DIGITS = 10;
/** E.164 allows at most 15 digits, country code included. */
const MAX_E164_DIGITS = 15;

/** The spec's resend countdown: 65 s; the 'Code sent' notice shows above 60. */
export const RESEND_COUNTDOWN_SECONDS = 65;
export const SENT_NOTICE_ABOVE_SECONDS = 60;

export const digitsOf = (input: string) => input.replace(/\D/g, "");

/** xxx-xxx-xxxx once 10 or more digits are typed; longer numbers keep their prefix. */
export function formatPhoneInput(input: string): string {
  const digits = digitsOf(input);
  if (digits.length < MIN_PHONE_DIGITS) return input;
  const national = digits.slice(-10);
  const grouped = `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  const prefix = digits.slice(0, -10);
  return prefix ? `+${prefix} ${grouped}` : grouped;
}

/** How a stored number (E.164) is shown back to its owner: 555-010-0001, +86 138-1234-5678. */
export function displayPhone(e164: string): string {
  const digits = digitsOf(e164);
  if (digits.startsWith("1") && digits.length === 11) return formatPhoneInput(digits.slice(1));
  if (digits.startsWith("86") && digits.length === 13) {
    const n = digits.slice(2);
    return `+86 ${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7)}`;
  }
  return `+${digits}`;
}

/** National-number lengths of the calling codes we know; others get a generic range. */
const NATIONAL_LENGTHS: Record<string, { lengths: number[]; pattern?: RegExp }> = {
  "1": { lengths: [10], pattern: /^[2-9]\d{9}$/ }, // US, Canada and the rest of NANP
  "86": { lengths: [11], pattern: /^1[3-9]\d{9}$/ }, // China: mobile numbers
  "44": { lengths: [10] },
  "61": { lengths: [9] },
  "91": { lengths: [10] },
  "852": { lengths: [8] },
  "886": { lengths: [9] },
  "65": { lengths: [8] },
};

export type PhoneCheck = { ok: true; phone: string } | { ok: false };

/**
 * Turns what was typed into an E.164 number from an allowed country, or refuses it.
 * Ten digits are a US/Canada number (the spec's xxx-xxx-xxxx); anything longer starts
 * with its calling code (11 digits starting with 1 are US/Canada with the 1 typed).
 */
export function toE164(input: string, allowedCallingCodes: readonly string[]): PhoneCheck {
  const digits = digitsOf(input);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_E164_DIGITS) return { ok: false };
  const candidates: Array<[string, string]> =
    digits.length === 10
      ? [["1", digits]]
      : [1, 2, 3].map((n) => [digits.slice(0, n), digits.slice(n)] as [string, string]);
  for (const [code, national] of candidates) {
    if (!allowedCallingCodes.includes(code)) continue;
    const rule = NATIONAL_LENGTHS[code];
    const fits = rule
      ? rule.lengths.includes(national.length) && (!rule.pattern || rule.pattern.test(national))
      : national.length >= 6 && national.length <= 12;
    if (fits) return { ok: true, phone: `+${code}${national}` };
  }
  return { ok: false };
}

/** Seconds left on the resend countdown at `now` (never below 0). */
export function secondsLeft(sentAtMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - sentAtMs) / 1000);
  return Math.max(0, Math.min(RESEND_COUNTDOWN_SECONDS, RESEND_COUNTDOWN_SECONDS - elapsed));
}
