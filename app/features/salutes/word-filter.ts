/**
 * The word filter for a secret salute's optional note. Anonymous words are the easiest to
 * make unkind, so notes are short and refused when they contain a blocked word (en or zh),
 * a link, or a phone number (which could unmask or contact someone).
 */
const blockedWords = [
  "idiot", "stupid", "dumb", "ugly", "loser", "hate", "kill", "die", "shut up", "fat",
  "moron", "jerk", "freak", "trash", "worthless", "pathetic", "disgusting", "shit", "fuck",
  "bitch", "bastard", "damn", "crap", "ass", "dick", "slut", "whore", "retard",
  "笨蛋", "白痴", "傻", "蠢", "丑", "滚", "去死", "废物", "垃圾", "讨厌你", "恨", "贱", "婊",
];

/** Folds look-alike spellings (l33t, spaced letters) so "st.u.p1d" is caught too. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[0]/g, "o")
    .replace(/[1!|]/g, "i")
    .replace(/[3]/g, "e")
    .replace(/[4@]/g, "a")
    .replace(/[5$]/g, "s")
    .replace(/[7]/g, "t");
}

export type NoteProblem = "blocked" | "link" | "contact";

export function checkNote(note: string): NoteProblem | null {
  if (/https?:|www\.|\b[a-z0-9-]+\.(com|net|org|io|cn|me|ly)\b/i.test(note)) return "link";
  if (/\d[\d\s().-]{6,}\d/.test(note) || /@/.test(note)) return "contact";
  const folded = fold(note);
  const squashed = folded.replace(/[^\p{L}]/gu, "");
  const words = new Set(folded.split(/[^\p{L}]+/u).filter(Boolean));
  for (const word of blockedWords) {
    if (/^[a-z ]+$/.test(word)) {
      // Whole words for Latin script (so "class" and "hateful" are judged fairly)…
      if (word.includes(" ") ? folded.includes(word) : words.has(word) || words.has(`${word}s`)) return "blocked";
      // …and spaced-out or punctuated spellings of the longer ones.
      if (word.length >= 5 && squashed.includes(word.replace(/ /g, ""))) return "blocked";
    } else if (folded.includes(word)) {
      return "blocked";
    }
  }
  return null;
}
