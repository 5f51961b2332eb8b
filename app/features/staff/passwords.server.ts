/**
 * Staff passwords: argon2id through @node-rs/argon2, with the settings in one constant. A
 * hash made under older settings is replaced at the next successful sign-in.
 *
 * Checking a password costs the same whether or not the account exists: an unknown
 * username is checked against a hash of a random password made with the same settings,
 * so the time an answer takes says nothing about which usernames exist.
 */
import { randomBytes } from "node:crypto";
import { hash, parseOptions, verify, type Algorithm, type Options } from "@node-rs/argon2";

/** argon2id, RFC 9106 / OWASP's second recommended setting: 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_SETTINGS = {
  // Algorithm.Argon2id: the package declares its enums `const`, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** Passwords are at least this long; a passphrase is welcome up to the maximum. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

export type PasswordSettings = Pick<Options, "algorithm" | "memoryCost" | "timeCost" | "parallelism">;

export function hashPassword(password: string, settings: PasswordSettings = PASSWORD_SETTINGS): Promise<string> {
  return hash(password, settings);
}

/** Whether a stored hash was made with other settings than today's. */
export function needsRehash(stored: string, settings: PasswordSettings = PASSWORD_SETTINGS): boolean {
  try {
    const made = parseOptions(stored);
    return (
      made.algorithm !== settings.algorithm ||
      made.memoryCost !== settings.memoryCost ||
      made.timeCost !== settings.timeCost ||
      made.parallelism !== settings.parallelism
    );
  } catch {
    return true;
  }
}

let standIn: Promise<string> | undefined;

/** The hash an unknown username is checked against: made once, with today's settings. */
function standInHash() {
  return (standIn ??= hashPassword(randomBytes(32).toString("base64url")));
}

/**
 * Checks `password` against `stored`; with no stored hash (no such account), against the
 * stand-in, so the work done is the same, and the answer is false.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  const against = stored ?? (await standInHash());
  let matches = false;
  try {
    matches = await verify(against, password);
  } catch {
    // A stored value that is not a PHC string matches nothing (and costs no less).
    await verify(await standInHash(), password).catch(() => false);
    matches = false;
  }
  return stored !== null && matches;
}

/** Warms the stand-in hash, so the first unknown username costs no more than any other. */
export function preparePasswordChecks(): Promise<unknown> {
  return standInHash();
}
