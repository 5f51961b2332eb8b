/**
 * The character creator's button a member last pressed to send the look (Save, Reset,
 * Randomize without JavaScript…), kept until the answer has drawn the creator anew.
 *
 * The page draws a new creator for the answer (it is keyed by the look's version), so the
 * pressed button is gone and the focus would fall to the page: the new creator gives it to
 * the same button (character-creator.tsx, `useReturnFocus`). It is read from the form's
 * submit event, which the page's own script handles: the creator's code comes later
 * (decision 1124), and a member on a slow phone may press Save before it arrives, when no
 * button of the creator has a handler yet (issue 40, point 16).
 */
let pressed: string | null = null;

/** The profile's look form was sent: remember which of its buttons sent it. */
export function rememberPressed(event: { nativeEvent: Event }) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  pressed = submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : null;
}

/** The member left the page: a later visit is not the answer to what they pressed. */
export function forgetPressed() {
  pressed = null;
}

/** The button pressed, if the answer has not been drawn yet. */
export function pressedButton(): string | null {
  return pressed;
}
