/**
 * A console sender's page (the dev outbox of texts, the dev mailbox of emails): what was
 * sent, newest first, each with whom it went to and when (the loader writes the time, in UTC
 * and the reader's language, so the browser hydrates the same text), then what it said.
 */
import type { ReactNode } from "react";
import { PageHeader } from "./page";

/** One thing sent: to whom, and when (ISO, and as the page writes it). */
export interface Sent {
  to: string;
  sentAt: string;
  sentAtText: string;
}

/**
 * For a loader: each item with its time written as the page shows it, to the second (which
 * code is the latest), in the reader's language and in UTC.
 */
export function withSentAtText(language: string) {
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  return <T extends { sentAt: string }>(item: T): T & { sentAtText: string } => ({ ...item, sentAtText: `${format.format(new Date(item.sentAt))} UTC` });
}

export function SentLog<T extends Sent>({
  heading,
  intro,
  empty,
  toLabel,
  sent,
  testId,
  children,
}: {
  heading: string;
  intro: string;
  /** Said instead of the list while nothing was sent. */
  empty: string;
  toLabel: string;
  sent: readonly T[];
  /** Each item's `data-testid`, where a test picks one out. */
  testId?: string;
  /** What one item said, under its "To … · when" line. */
  children: (item: T) => ReactNode;
}) {
  return (
    <div className="space-y-4">
      <PageHeader title={heading} lead={intro} />
      {sent.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="space-y-3" aria-label={heading}>
          {sent.map((item, i) => (
            <li key={`${item.sentAt}-${i}`} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700" data-testid={testId}>
              <p className="text-sm">
                <span className="font-semibold">{toLabel}</span> {item.to} · <time dateTime={item.sentAt}>{item.sentAtText}</time>
              </p>
              {children(item)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
