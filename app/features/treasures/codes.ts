/**
 * Treasure codes as people read and type them: 20 characters of Crockford's base 32 (100
 * random bits, decision 0910), shown in groups of four. Typing forgives case, spaces,
 * dashes and the look-alikes O (0) and I/L (1). Shared by the server and the browser.
 */
export const TREASURE_CODE_LENGTH = 20;

/** "7K2M9QXDA4B8C1E3F5G6" → "7K2M-9QXD-A4B8-C1E3-F5G6". */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** What was typed, as the code is stored. */
export function normaliseCode(typed: string): string {
  return typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}
