/**
 * An explanation box: what happened and what to do next (a locked party, a removal and its
 * reason, a round that is not open yet). Its words are the screen's to choose; the tone only
 * colours the box, so nothing is said by colour alone.
 */
import type { ReactNode } from "react";

const tones = {
  info: "border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50",
  warn: "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
  ok: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
};

export function Notice({ tone = "info", title, children, testId }: { tone?: keyof typeof tones; title?: string; children: ReactNode; testId?: string }) {
  return (
    <div className={`rounded-lg border p-4 ${tones[tone]}`} data-testid={testId}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1 space-y-2" : "space-y-2"}>{children}</div>
    </div>
  );
}
