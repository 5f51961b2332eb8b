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

const groupNanp = (n: string) => [n.slice(0, 3), n.slice(3, 6), n.slice(6)].filter(Boolean).join("-");
/** Chinese mobiles read 3-4-4: 138-1234-5678. */
const groupChina = (n: string) => [n.slice(0, 3), n.slice(3, 7), n.slice(7)].filter(Boolean).join("-");

/**
 * What the phone field shows while a number is typed: as typed below 10 digits, then
 * xxx-xxx-xxxx (the spec). A number given with its calling code (a leading +, or more
 * than 10 digits) is shown the way the server shows it once stored (`displayPhone`):
 * +1 555-010-0001, +86 138-1234-5678.
 */
export function formatPhoneInput(input: string): string {
  const digits = digitsOf(input);
  if (digits.length < MIN_PHONE_DIGITS) return input;
  const international = input.trimStart().startsWith("+") || digits.length > MIN_PHONE_DIGITS;
  if (!international) return groupNanp(digits);
  if (digits.startsWith("1")) return `+1 ${groupNanp(digits.slice(1))}`;
  if (digits.startsWith("86")) return `+86 ${groupChina(digits.slice(2))}`;
  // Other calling codes: the last 10 digits grouped, the rest in front.
  const prefix = digits.slice(0, -10);
  const grouped = groupNanp(digits.slice(-10));
  return prefix ? `+${prefix} ${grouped}` : grouped;
}

/**
 * Where the caret goes after `formatPhoneInput` rewrote the field: after the same number
 * of digits as before it in what was typed, so an edit in the middle stays there.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  if (formatted === typed) return caret;
  const digitsBefore = digitsOf(typed.slice(0, caret)).length;
  if (digitsBefore === 0) return Math.min(caret, formatted.search(/\d|$/));
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** How a stored number (E.164) is shown back to its owner: 555-010-0001, +86 138-1234-5678. */
export function displayPhone(e164: string): string {
  const digits = digitsOf(e164);
  if (digits.startsWith("1") && digits.length === 11) return groupNanp(digits.slice(1));
  if (digits.startsWith("86") && digits.length === 13) return `+86 ${groupChina(digits.slice(2))}`;
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
 * Ten digits are a US/Canada number (the spec's xxx-xxx-xxxx); anything longer, or
 * anything typed with a leading +, starts with its calling code (11 digits starting
 * with 1 are US/Canada with the 1 typed).
 */
export function toE164(input: string, allowedCallingCodes: readonly string[]): PhoneCheck {
  const digits = digitsOf(input);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_E164_DIGITS) return { ok: false };
  // "+86 138 1234 5" starts with its calling code, as the field shows it: never a US number.
  const withCallingCode = input.trimStart().startsWith("+");
  const candidates: Array<[string, string]> =
    digits.length === 10 && !withCallingCode
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
