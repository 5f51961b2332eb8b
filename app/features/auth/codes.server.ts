/**
 * Sign-in codes: 6 digits from the cryptographic generator, kept only as an HMAC keyed
 * by a secret derived for this purpose and bound to their login attempt.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { deriveSecret } from "~/platform/secrets.server";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILED_TRIES = 5;

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** 128 random bits, URL-safe: the login attempt's id. */
export function newAttemptId(): string {
  return randomBytes(16).toString("base64url");
}

/** The attempt id is part of the hashed text, so a code is only good for its own attempt. */
export function hashCode(attemptId: string, code: string): string {
  return createHmac("sha256", deriveSecret("phone-code")).update(`${attemptId}:${code}`).digest("hex");
}

export function codeMatches(attemptId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(attemptId, code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
