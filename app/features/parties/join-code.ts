/**
 * Join codes people read aloud or copy from a poster: six characters from an alphabet
 * without look-alikes (no 0/O, 1/I/L, and no U, which reads as V), shown as two groups of
 * three ("K7P-M3Q"), typed in any case, with or without spaces and dashes.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const JOIN_CODE_LENGTH = 6;

/** A new random code (the caller retries on the rare clash with another party's). */
export function newJoinCode(random: (n: number) => Uint8Array = randomBytes): string {
  let code = "";
  // Rejection sampling: 256 is not a multiple of the alphabet's 30 letters.
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of random(JOIN_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
      if (code.length === JOIN_CODE_LENGTH) break;
    }
  }
  return code;
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/**
 * What a typed code means: upper case, without spaces, dashes and dots. Null when it cannot
 * be a code (the wrong length, or a character the alphabet leaves out).
 */
export function readJoinCode(typed: string): string | null {
  const plain = typed.normalize("NFKC").toUpperCase().replace(/[\s\-–—._]/g, "");
  if (plain.length !== JOIN_CODE_LENGTH) return null;
  for (const char of plain) if (!JOIN_CODE_ALPHABET.includes(char)) return null;
  return plain;
}

/** "K7PM3Q" → "K7P-M3Q", as it is printed and read aloud. */
export function formatJoinCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
