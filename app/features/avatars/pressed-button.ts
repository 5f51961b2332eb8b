/**
 * The character creator's button a member last pressed to send the look (Save, Reset,
 * Randomize without JavaScript…), and which drawing of the creator it was pressed in, kept
 * until the creator drawn for the answer has run.
 *
 * The page draws a new creator for the answer (it is keyed by the look's version, or by the
 * refused or previewed look), so the pressed button is gone and the focus would fall to the
 * page: the new creator gives it back (character-creator.tsx, `useAnswerFocus`). It is read
 * from the form's submit event, which the page's own script handles: the creator's code comes
 * later (decision 1124), and a member on a slow phone may press Save before it arrives, when
 * no button of the creator has a handler yet (issue 40, point 16).
 *
 * Which drawing it was pressed in matters: the creator's code may arrive while the save is on
 * its way, and React then draws the creator anew from the look it was drawn with (the
 * server's HTML of a part whose code was late cannot be kept once the page has changed
 * around it), before the page shows the save as sent. That creator is not the answer: it
 * must neither take the pressed button nor forget it (decision 1365).
 */
let pressed: { intent: string; drawnFor: string } | null = null;

/** The profile's look form was sent from the creator drawn for `drawnFor`: remember which of its buttons sent it. */
export function rememberPressed(event: { nativeEvent: Event }, drawnFor: string) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  pressed = submitter instanceof HTMLButtonElement && submitter.name === "intent" ? { intent: submitter.value, drawnFor } : null;
}

/** The member left the page, or the answer was drawn: nothing is waiting any more. */
export function forgetPressed() {
  pressed = null;
}

/** The button pressed in another drawing of the creator than `drawnFor` (this one is its answer), or null. */
export function pressedBefore(drawnFor: string): string | null {
  return pressed && pressed.drawnFor !== drawnFor ? pressed.intent : null;
}
