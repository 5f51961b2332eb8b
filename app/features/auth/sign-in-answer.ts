/** The send button's intent that also accepts cookies (shown after a refusal for cookies). */
export const SEND_ACCEPTING_COOKIES = "send-accepting-cookies";

/** What the /signin action answers when it does not redirect (shared with the screen). */
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
   * (`now`), both in milliseconds (decision 0504).
   */
  resend?: { at: number; now: number };
  /** A toast for the page to show (after an enhanced post; see toastWithAnswer). */
  toast?: { type: "success" | "error" | "info" | "warning"; message: string };
};
