/**
 * Lists that travel in page data as one JSON text instead of values (decisions 0028, 0043).
 *
 * React Router encodes a page's data value by value with turbo-stream: every object, key,
 * string and number is walked and written again on every view. A list of fifty rows is a
 * few hundred values; a text is one, and a list shared by every reader is packed once.
 */

/**
 * `"` and `'` trade places. The page data reaches the browser as a JSON text inside a JSON
 * text inside a script, so each `"` of a packed list would be written as `\\\"`: four
 * bytes, escaped twice on every view. An apostrophe needs no escaping there, and a list's
 * JSON has hundreds of `"` and few `'`. The swap is its own inverse, so it restores the
 * exact text.
 */
function swapQuotes(text: string): string {
  return text.replace(/["']/g, (quote) => (quote === '"' ? "'" : '"'));
}

/** A list (or any JSON value) as the text page data carries. */
export function packJson(value: unknown): string {
  return swapQuotes(JSON.stringify(value));
}

/** The last few texts unpacked: a shared list arrives again and again, as the same text. */
const MAX_UNPACKED = 16;
const unpacked = new Map<string, unknown>();

/**
 * The value a packed text holds. The same text gives the same object back (on the server
 * and in the browser), so treat it as read-only.
 */
export function unpackJson<T>(text: string): T {
  let value = unpacked.get(text);
  if (value === undefined) {
    value = JSON.parse(swapQuotes(text)) as unknown;
    if (unpacked.size >= MAX_UNPACKED) unpacked.delete(unpacked.keys().next().value!);
    unpacked.set(text, value);
  }
  return value as T;
}

/** Packs each (shared) object once, for as long as it lives. */
export function packedOnce<T extends object>(pack: (value: T) => string = packJson) {
  const packed = new WeakMap<T, string>();
  return (value: T): string => {
    let text = packed.get(value);
    if (text === undefined) packed.set(value, (text = pack(value)));
    return text;
  };
}
