/** Catch links' limits (decision 0930), shared by the server and the sharing form. */
export const CATCH_RULES = {
  /** A friend's link: one catch, for a day; at most this many links a day. */
  friendHours: 24,
  friendLinksPerDay: 5,
  /** A game master's link: up to this many catches, for up to this many days. */
  gmMaxCatches: 500,
  gmMaxDays: 30,
} as const;
