/**
 * The buttons' looks, one of each for every screen: component classes in app.css (beside
 * `.field`), so a button (or a link dressed as one) carries one short name, and a utility
 * written after it (a larger `px-4 py-2`, `w-full`) wins, as the components layer comes
 * before the utilities. Each is dimmed while `disabled` or `aria-disabled` (a post on its
 * way, `waitingButton` in pending.ts); the focus ring is the page's own (`:focus-visible`).
 */

/** The one action a form is for: white on amber-700, about 5:1 (WCAG 1.4.3 asks 4.5:1). */
export const primaryButton = "button-primary";

/** Another action beside it, or a small one in a list (search, remove, sign out). */
export const secondaryButton = "button-secondary";

/** An action that takes something away (remove a player, end a contest). */
export const dangerButton = "button-danger";
