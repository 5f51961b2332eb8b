/**
 * What the /signin page reads from its action (shared by the server and the screen): the
 * responder's FormAnswer (platform/form-answer.ts), seen as the screen's three forms see it.
 */
import { formAnswer } from "~/platform/form-answer";

/** The send button's intent that also accepts cookies (shown after a refusal for cookies). */
export const SEND_ACCEPTING_COOKIES = "send-accepting-cookies";

/** The phone field's length limit (its maxlength too). */
export const PHONE_TEXT_MAX = 40;
/** The code field's length limit: six digits, maybe with a space in the middle. */
export const CODE_FIELD_MAX = 7;
/** What the server reads of a code before refusing it: room for what autofill pastes. */
export const CODE_TEXT_MAX = 20;
/** What is shown again of a refused field: enough to see and fix, never a pasted essay. */
export const TYPED_ECHO_MAX = 100;

/** The refusal for cookies not accepted: the page then offers to accept them with the send. */
export const COOKIES_REFUSAL = "cookies-not-accepted";

/** A refused post as the /signin screen shows it. */
export type SignInAnswer = {
  intent: "send" | "resend" | "verify";
  /** What was typed, shown again: always text (a file or other non-text posted becomes ""). */
  values: { phone?: string; code?: string };
  error: string;
  /** The field the error is about (it is then marked invalid); none when no typing is wrong. */
  field?: "phone" | "code";
  /** Cookies were not accepted: the page shows the banner again. */
  cookies?: boolean;
  /**
   * A failed verification (or a refused resend) restarts the countdown at the wait that
   * holds for the number's next code: when it ends (`at`) and the server's clock now
   * (`now`), both in milliseconds (decision 0504): FormAnswer's `countdown`.
   */
  resend?: { at: number; now: number };
  /** A toast for the page to show (after an enhanced post; see toastWithAnswer). */
  toast?: { type: "success" | "error" | "info" | "warning"; message: string };
};

/** The /signin action's answer as the screen shows it, or undefined (no post yet, or done). */
export function signInAnswerOf(actionData: unknown): SignInAnswer | undefined {
  const answer = formAnswer(actionData);
  if (!answer) return undefined;
  const sent = answer.values.intent;
  const intent = sent === "resend" || sent === "verify" ? sent : "send";
  const [field, error = ""] = Object.entries(answer.errors)[0] ?? [];
  const values: SignInAnswer["values"] = {};
  if (answer.values.phone !== undefined) values.phone = answer.values.phone;
  if (answer.values.code !== undefined) values.code = answer.values.code;
  return {
    intent,
    values,
    error,
    ...(field === "phone" || field === "code" ? { field } : {}),
    ...(answer.refusal === COOKIES_REFUSAL ? { cookies: true } : {}),
    ...(answer.countdown ? { resend: answer.countdown } : {}),
    ...(answer.toast ? { toast: answer.toast } : {}),
  };
}
