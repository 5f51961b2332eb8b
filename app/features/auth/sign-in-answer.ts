/** What the /signin action answers when it does not redirect (shared with the screen). */
export type SignInAnswer = {
  intent: "send" | "resend" | "verify";
  /** What was typed, shown again. */
  values: { phone?: string; code?: string };
  error: string;
  /** Cookies were not accepted: the page shows the banner again. */
  cookies?: boolean;
  /** A failed verification resets the countdown (the spec), so 'Send another code' shows. */
  resetCountdown?: boolean;
  /** A toast for the page to show (after an enhanced post; see toastWithAnswer). */
  toast?: { type: "success" | "error" | "info" | "warning"; message: string };
};
