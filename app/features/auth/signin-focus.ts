import type { SignInAnswer } from "./sign-in-answer";

/** What the /signin screen shows: its step, the code's send time, and the action's last answer. */
export interface SignInView {
  step: "phone" | "code";
  /** When the code of the code step was sent (a resend changes it). */
  sentAt: number | null;
  answer: SignInAnswer | undefined;
}

export type FocusTarget = "phone" | "code" | "signin-error" | "accept-and-send";

/**
 * Where keyboard focus goes when the screen changes under it (JavaScript on): the button
 * that was pressed is gone or disabled, and focus would fall back to <body>.
 * - A new step: its field (the code field after Send Code, the phone field after
 *   'Use a different number'). A new code (resend) also lands on the code field.
 * - A refused post: the field it is about, whose description includes the error; a refused
 *   resend is about no field, so the error itself.
 * - Refused for cookies: 'Accept cookies and send the code', the control that answers it
 *   (focus scrolls it clear of the toast and the banner at the bottom: decision 0514).
 * - Nothing changed (first render, hydration): focus stays where it is.
 */
export function focusTargetAfter(before: SignInView, now: SignInView): FocusTarget | null {
  if (now.step !== before.step || now.sentAt !== before.sentAt) return now.step;
  const answer = now.answer;
  if (!answer || answer === before.answer || !answer.error) return null;
  if (now.step === "phone") return answer.cookies ? "accept-and-send" : "phone";
  return answer.intent === "resend" ? "signin-error" : "code";
}
