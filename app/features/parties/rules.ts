/**
 * The parties' rules as numbers, in one place (docs/parties.md says why each is what it is).
 * Shared by the server and the screens.
 */
export const PARTY_RULES = {
  nameMax: 40,
  mottoMax: 120,
  zipcodeMax: 10,
  capMin: 2,
  capMax: 50,
  capDefault: 8,
  /** An invitation is good for this long. */
  inviteDays: 7,
  /** A removal's reason, shown to the member removed. */
  reasonMax: 200,
  /** Party score: its points shared by at least this many people, so a party of one lucky member is not on top. */
  fairShareFloor: 3,
  /** Typed join codes a client network may try in ten minutes (codes are guessable only by trying). */
  codeTriesPer10Minutes: 20,
  /** Invitations by email a ringleader may send in an hour. */
  emailsPerHour: 30,
  /** Recent activity shown on a party page. */
  activityShown: 12,
} as const;

export const INVITE_TTL_MS = PARTY_RULES.inviteDays * 24 * 60 * 60 * 1000;

/**
 * A party's score, fair to its size: the points its members earned while in it, shared by
 * everyone who counts for it (its members now, and those who left having earned points
 * there), and by at least `fairShareFloor` people. Rounded to a whole number.
 */
export function fairPartyScore(totalPoints: number, headcount: number): number {
  return Math.round(totalPoints / Math.max(PARTY_RULES.fairShareFloor, headcount));
}

/** How a party takes members (the same lists as the schema's; a test holds them equal). */
export const JOIN_POLICIES = ["open", "invite", "request"] as const;
export type JoinPolicyName = (typeof JOIN_POLICIES)[number];
export const PARTY_ROLES = ["ringleader", "member"] as const;
export type PartyRoleName = (typeof PARTY_ROLES)[number];
