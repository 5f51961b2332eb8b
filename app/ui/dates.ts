/**
 * Days and times as readers see them, on any page.
 *
 * A page renders on the server and hydrates in the browser, so every date must come out
 * the same on both sides. Two things could make them differ: the time zone (the server's
 * is not the reader's, and it changes the day near midnight) and the browser's own
 * date-format data (its ICU version, e.g. "8:00 PM" with a plain or a narrow no-break
 * space). So dates are formatted in one fixed zone, UTC, in the reader's language, and
 * the loaders format them on the server: the browser renders that text as it is.
 *
 * It also spares the phone: a browser's first Intl formatter loads its locale data, 20 to
 * 60 ms of main thread on this machine, four times that on a slow phone, in the middle of
 * the page's hydration (decision 1030). Components render the text the loader sent.
 */
export const PAGE_TIME_ZONE = "UTC";

/** Building a formatter costs more than formatting: one per language (two in all) and style. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(locale);
  if (!format) cache.set(locale, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: PAGE_TIME_ZONE })));
  return format;
}

/** "May 3, 2024" / "2024年5月3日": a day (a salute sent, a member joined, a beamkin befriended). */
export function formatDay(iso: string, locale: string): string {
  return formatter(dayFormats, locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** "May 3, 2024 at 8:00 PM UTC" / "2024年5月3日 20:00 UTC": a moment, its zone said. */
export function formatMoment(iso: string, locale: string): string {
  return `${formatter(timeFormats, locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso))} UTC`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "3 hours ago" / "3小时前": how long before `now` (the loader's clock) a moment was. */
export function formatAgo(iso: string, now: number, locale: string): string {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}
