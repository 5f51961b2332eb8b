/**
 * Salute dates and times as readers see them.
 *
 * A page renders on the server and hydrates in the browser, so every date must come out
 * the same on both sides. Two things could make them differ: the time zone (the server's
 * is not the reader's, and it changes the day near midnight) and the browser's own
 * date-format data (its ICU version, e.g. "8:00 PM" with a plain or a narrow no-break
 * space). So dates are formatted in one fixed zone, UTC, in the reader's language, and
 * the loaders format them on the server: the browser renders that text as it is.
 */
import type { ReceivedSalute } from "./salutes.server";

export const SALUTE_TIME_ZONE = "UTC";

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(locale);
  if (!format) cache.set(locale, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SALUTE_TIME_ZONE })));
  return format;
}

/** "May 3, 2024" / "2024年5月3日": the day a salute was sent, in UTC. */
export function formatSaluteDate(iso: string, locale: string): string {
  return formatter(dateFormats, locale, { dateStyle: "medium" }).format(new Date(iso));
}

/**
 * Any other day a page shows (a member joined, a beamkin was befriended) follows the same
 * rule: written on the server, in the reader's language, in UTC.
 */
export const formatDay = formatSaluteDate;

/** "May 3, 2024 at 8:00 PM UTC" / "2024年5月3日 20:00 UTC": when a star salute was given. */
export function formatReceiptTime(iso: string, locale: string): string {
  return `${formatter(timeFormats, locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso))} UTC`;
}

/** A received salute with the day it was sent, as the server wrote it for the reader. */
export type DatedSalute = ReceivedSalute & { date: string };

/** Adds each salute's date, formatted on the server in the reader's language. */
export function withDates(salutes: ReceivedSalute[], locale: string): DatedSalute[] {
  return salutes.map((s) => ({ ...s, date: formatSaluteDate(s.createdAt, locale) }));
}
