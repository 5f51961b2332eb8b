/**
 * Authored text (quests, steps, guess cards) carries both of the game's languages; a reader
 * gets theirs, or the English when the Chinese was left empty — then marked `lang="en"` so
 * a Chinese screen reader does not read English words with a Chinese voice.
 */
import type { LocalText } from "~/platform/db/schema/quests";
import type { Language } from "~/platform/i18n";

export interface ShownText {
  text: string;
  /** Set when the text is not in the reader's language. */
  lang?: string;
}

export function inLanguage(text: LocalText | null | undefined, lang: Language): ShownText {
  if (!text) return { text: "" };
  if (lang === "zh" && text.zh.trim()) return { text: text.zh };
  if (lang === "zh") return { text: text.en, lang: "en" };
  return text.en.trim() ? { text: text.en } : { text: text.zh, lang: "zh" };
}

/** A line of the companion's, with its name where the line says `{{name}}`. */
export function spoken(text: LocalText, lang: Language, name: string): ShownText {
  const shown = inLanguage(text, lang);
  return { ...shown, text: shown.text.replaceAll("{{name}}", name) };
}
