/**
 * The salutes' rules as one constant, for the server's checks and the forms' limits alike
 * (a field's maxLength and the schema's max are the same number).
 */
export const SALUTE_RULES = {
  messageMax: 280,
  noteMax: 80,
  weeklyGems: 10,
  maxGemsPerSalute: 10,
  secretPerDay: 20,
  /** The same salute (kind, words) to the same person again within this time is refused. */
  repeatWindowMs: 10 * 60_000,
  starsMax: 3,
} as const;
