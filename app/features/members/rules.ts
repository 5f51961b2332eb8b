/**
 * The member details' limits as one constant, for the server's schema and the form's
 * fields alike (a field's maxLength and the schema's max are the same number).
 */
export const MEMBER_DETAIL_RULES = {
  nameMax: 50,
  usernameMin: 3,
  usernameMax: 20,
  /** The longest address RFC 5321 lets through. */
  emailMax: 254,
  /** Postal codes worldwide: 94110, 100000, SW1A 1AA. */
  zipcodeMin: 3,
  zipcodeMax: 10,
} as const;

const { usernameMin, usernameMax, zipcodeMin, zipcodeMax } = MEMBER_DETAIL_RULES;

/** A username's letters, as the field's `pattern` attribute takes them (anchored by the browser). */
export const USERNAME_FIELD_PATTERN = `[A-Za-z0-9_\\-]{${usernameMin},${usernameMax}}`;
export const USERNAME_PATTERN = new RegExp(`^${USERNAME_FIELD_PATTERN}$`);
/** Letters, digits, spaces or hyphens, starting and ending with a letter or digit. */
export const ZIPCODE_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 -]{${zipcodeMin - 2},${zipcodeMax - 2}}[A-Za-z0-9]$`);
