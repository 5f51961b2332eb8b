/**
 * The looks of a card and of a link in running text, one of each for every screen (the
 * buttons' are in buttons.ts, the fields' in fields.tsx).
 */

/** A box around one thing among several (a party's summary, a contest's round, a judge's entry). */
export const cardClass = "rounded-lg border border-slate-300 p-4 dark:border-slate-700";

/** A link inside a sentence or a list: underlined, so it is told apart by more than its colour (WCAG 1.4.1). */
export const linkClass = "font-medium text-glow-900 underline underline-offset-2 dark:text-glow-300";
