/**
 * Salute dates and times as readers see them: written on the server, in the reader's
 * language, in UTC (the rule every page follows, app/ui/dates.ts).
 */
import { formatDay, formatMoment } from "~/ui/dates";
import type { ReceivedSalute } from "./salutes.server";

/** "May 3, 2024" / "2024年5月3日": the day a salute was sent, in UTC. */
export const formatSaluteDate = formatDay;

/** "May 3, 2024 at 8:00 PM UTC" / "2024年5月3日 20:00 UTC": when a star salute was given. */
export const formatReceiptTime = formatMoment;

/** A received salute with the day it was sent, as the server wrote it for the reader. */
export type DatedSalute = ReceivedSalute & { date: string };

/** Adds each salute's date, formatted on the server in the reader's language. */
export function withDates(salutes: ReceivedSalute[], locale: string): DatedSalute[] {
  return salutes.map((s) => ({ ...s, date: formatSaluteDate(s.createdAt, locale) }));
}
