/**
 * Salute dates and times as readers see them: written on the server, in the reader's
 * language, in UTC (the rule every page follows, app/ui/dates.ts).
 */
import { formatDay } from "~/ui/dates";
import type { ReceivedSalute } from "./salutes.server";

/** A received salute with the day it was sent, as the server wrote it for the reader. */
export type DatedSalute = ReceivedSalute & { date: string };

/** Adds each salute's date, formatted on the server in the reader's language. */
export function withDates(salutes: ReceivedSalute[], locale: string): DatedSalute[] {
  return salutes.map((s) => ({ ...s, date: formatDay(s.createdAt, locale) }));
}
