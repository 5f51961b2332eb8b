/**
 * Content before code on a slow link (decision 1030): every `<link rel="modulepreload">` of
 * a page's `<head>` asks for `fetchpriority="low"`.
 *
 * Glow is server-first: a page is whole, and its forms work, before any of its scripts run.
 * Module preloads are fetched at high priority by default, so on a slow phone the page's
 * ~140 KB of scripts share the link with the stylesheet, the fonts and the avatars the
 * first paint needs. At low priority the browser fetches those first and the scripts right
 * after; nothing is fetched later than it needed to be for the page to work.
 *
 * React Router's `<Scripts>` writes the preloads with no way to pass an attribute, so the
 * page's head is amended as it streams out. Only the head is read: the rest of the page
 * passes through as bytes. A tag cut between two pieces of the stream waits for the next.
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const encoder = new TextEncoder();
const HEAD_END = encoder.encode("</head>");
const LT = 0x3c; // "<"
const GT = 0x3e; // ">"

export function lowPriorityScripts() {
  const decoder = new TextDecoder();
  let inHead = true;
  /** The end of what was read so far that may be the start of a tag, or a character cut in two. */
  let carry: Uint8Array = new Uint8Array(0);

  // Cuts fall on "<" or just after ">": ASCII bytes never inside a UTF-8 character, so what
  // is decoded is whole characters.
  const amend = (bytes: Uint8Array) => encoder.encode(decoder.decode(bytes).replaceAll(PRELOAD, LOW_PRELOAD));

  return {
    /** One piece of the page, amended while it is still in the head. */
    piece(bytes: Uint8Array): Uint8Array {
      if (!inHead) return bytes;
      const read = carry.byteLength ? Buffer.concat([carry, bytes]) : bytes;
      const headEnd = Buffer.from(read.buffer, read.byteOffset, read.byteLength).indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        carry = new Uint8Array(0);
        return Buffer.concat([amend(read.subarray(0, headEnd)), read.subarray(headEnd)]);
      }
      const lastOpen = read.lastIndexOf(LT);
      const lastClose = read.lastIndexOf(GT);
      const cut = lastOpen > lastClose ? lastOpen : lastClose + 1;
      carry = read.slice(cut);
      return amend(read.subarray(0, cut));
    },
    /** What is still held when the page ends (a page that never closed its head). */
    rest(): Uint8Array {
      const held = carry;
      carry = new Uint8Array(0);
      inHead = false;
      return held;
    },
  };
}
