/**
 * Codes people read off paper and type or scan: quest step codes, catch links, treasure
 * codes. Crockford's base 32 has no I, L, O or U, so nothing reads as another character.
 */
import { randomBytes } from "node:crypto";

const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` characters of Crockford's base 32 (5 random bits each). */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let code = "";
  for (const byte of bytes) code += CODE_ALPHABET[byte & 31];
  return code;
}
