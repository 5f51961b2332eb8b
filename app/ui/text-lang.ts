/**
 * The language to mark on text a member wrote (a compliment, a star salute's message), when
 * it differs from the page's (WCAG 3.1.2). No language is recorded with a post, so it is
 * guessed from the script, cheaply (a regex test or two on at most 280 characters):
 * - any Chinese character, kana or hangul: "zh" (or "ja" with kana, "ko" with hangul).
 *   Chinese voices also read Latin words, English voices cannot read Chinese, so mixed text
 *   ("Thanks 小明!") goes to the Chinese voice;
 * - otherwise any Latin letter: "en" (the game's other language);
 * - otherwise (digits, emoji, punctuation): nothing, the page's language stands.
 * Decision: docs/decisions/0407-member-text-language.md.
 */
const CJK = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]/u;
const KANA = /[\u3040-\u30ff]/;
const HANGUL = /[\u1100-\u11ff\uac00-\ud7af]/;
const LATIN = /[A-Za-z]/;

/** `lang` for a member's text on a page in `pageLanguage`, or undefined when it is the page's. */
export function memberTextLang(text: string, pageLanguage: string): string | undefined {
  const lang = CJK.test(text) ? (KANA.test(text) ? "ja" : HANGUL.test(text) ? "ko" : "zh") : LATIN.test(text) ? "en" : undefined;
  if (!lang) return undefined;
  const page = pageLanguage.toLowerCase();
  return page === lang || page.startsWith(`${lang}-`) ? undefined : lang;
}

/**
 * The space between a label and what follows it ("To: Ada"): none after a full-width mark,
 * which carries its own ("发给：Ada", not "发给： Ada").
 */
export function gapAfter(label: string): string {
  return FULL_WIDTH_END.test(label) ? "" : " ";
}

/** The space before a note ("Last name (optional)"): none before a full-width mark (姓（可选）). */
export function gapBefore(note: string): string {
  return FULL_WIDTH_START.test(note) ? "" : " ";
}

const FULL_WIDTH_END = /[\u3000-\u303f\uff00-\uffef]$/;
const FULL_WIDTH_START = /^[\u3000-\u303f\uff00-\uffef]/;
