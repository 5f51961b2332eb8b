import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A route's shouldRevalidate for forms whose refusals mean "things changed since this page
 * was loaded" (409: the gems or light were spent in another tab, the beamkin filled up).
 * React Router does not reload a page's data after a refused post by default, so the page
 * would go on showing the old count beside the refusal that contradicts it ("You have 10
 * gems left" above "You don't have that many gems left"). After a 409 it reloads; the
 * refusal and what was typed stay (they are the action's answer).
 */
export function refreshAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
