/**
 * The buttons' looks, one of each for every screen. A button (or a link dressed as one) takes
 * one of these as its class; utilities written after it still win where a screen needs a
 * different size. Each is dimmed while `disabled` or `aria-disabled` (a post on its way,
 * `waitingButton` in pending.ts); the focus ring is the page's own (`:focus-visible` in
 * app.css).
 */

/** The one action a form is for: white on amber-700, about 5:1 (WCAG 1.4.3 asks 4.5:1). */
export const primaryButton =
  "rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 disabled:opacity-60 aria-disabled:opacity-60";

/** Another action beside it, or a small one in a list (search, remove, sign out). */
export const secondaryButton =
  "rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 aria-disabled:opacity-60 dark:hover:bg-slate-800";

/** An action that takes something away (remove a player, end a contest). */
export const dangerButton =
  "rounded-md border border-red-700 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 aria-disabled:opacity-60 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950";
