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
};
