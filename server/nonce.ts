import { randomBytes } from "node:crypto";

/** Bytes of one nonce: 128 bits, as CSP Level 3 recommends. */
const NONCE_BYTES = 16;
/** Random bytes drawn at once: enough for 256 nonces. */
const POOL_BYTES = NONCE_BYTES * 256;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A fresh CSP nonce (base64 of 16 random bytes) for one response. The bytes come from the
 * operating system's CSPRNG in batches, each used once, as Node does for `randomUUID()`:
 * one system call per 256 responses instead of one per response.
 */
export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
