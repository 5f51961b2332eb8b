/**
 * Judging a guess. Answers forgive form but not content (decision 0920): Unicode
 * normalisation (NFKC, which also turns full-width letters and digits into their usual
 * forms), case, spacing and punctuation (Latin and Chinese) do not matter; the words and
 * numbers do. A near miss is "close": a small slip of the keys in a word, or a number just
 * outside the tolerance.
 */
export interface GuessRules {
  answers: readonly string[];
  pattern: string | null;
  numericAnswer: number | null;
  tolerance: number;
}

export type Verdict = "right" | "close" | "wrong";

/** Longest guess read. */
export const GUESS_MAX = 200;

/** The form an answer is compared in: NFKC, lower case, no spaces, no punctuation or symbols. */
export function normaliseAnswer(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, "");
}

/** The number a guess says, if it says one ("42", " ４２ ", "1,000", "-3.5"). */
export function numberOf(text: string): number | null {
  const cleaned = text.normalize("NFKC").replace(/[\s,_]/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Edit distance (insert, delete, substitute, swap of neighbours), over code points. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 0; j <= t.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/** How many slips still count as close: none for very short answers, one, or two for long ones. */
function slipsAllowed(answer: string): number {
  const length = [...answer].length;
  const chinese = /[\u3400-\u9fff]/u.test(answer);
  if (chinese) return length >= 3 ? 1 : 0;
  if (length < 4) return 0;
  return length < 9 ? 1 : 2;
}

/** Checks a pattern a game master wrote: anchored, case-free, over the normalised guess. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, "iu");
  } catch {
    return null;
  }
}

export function judgeGuess(rules: GuessRules, guess: string): Verdict {
  const typed = guess.slice(0, GUESS_MAX);
  if (rules.numericAnswer !== null) {
    const value = numberOf(typed);
    if (value !== null) {
      const off = Math.abs(value - rules.numericAnswer);
      if (off <= rules.tolerance + 1e-9) return "right";
      // Close: within three times the tolerance, or (no tolerance) a tenth of the answer, at least 1.
      const near = rules.tolerance > 0 ? rules.tolerance * 3 : Math.max(1, Math.abs(rules.numericAnswer) * 0.1);
      if (off <= near + 1e-9) return "close";
    }
  }
  const normal = normaliseAnswer(typed);
  if (!normal) return "wrong";
  const answers = rules.answers.map(normaliseAnswer).filter(Boolean);
  if (answers.includes(normal)) return "right";
  const pattern = rules.pattern ? compilePattern(rules.pattern) : null;
  if (pattern?.test(normal)) return "right";
  if (answers.some((answer) => editDistance(normal, answer) <= slipsAllowed(answer))) return "close";
  return "wrong";
}
