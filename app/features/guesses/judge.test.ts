import { describe, expect, it } from "vitest";
import { editDistance, judgeGuess, normaliseAnswer, numberOf, type GuessRules } from "./judge";

const words = (answers: string[], extra: Partial<GuessRules> = {}): GuessRules => ({ answers, pattern: null, numericAnswer: null, tolerance: 0, ...extra });

describe("answers forgive form", () => {
  it("in English: case, spacing, punctuation and full-width letters do not matter", () => {
    const card = words(["New York"]);
    for (const guess of ["new york", "NEW YORK", "  New   York ", "New-York!", "newyork", "Ｎｅｗ Ｙｏｒｋ", "new york."]) {
      expect(judgeGuess(card, guess), guess).toBe("right");
    }
  });

  it("in Chinese: full-width and Chinese punctuation, spaces and the ideographic space do not matter", () => {
    const card = words(["春天"]);
    for (const guess of ["春天", "春天。", "“春天”！", " 春　天 ", "春天？"]) expect(judgeGuess(card, guess), guess).toBe("right");
    expect(normaliseAnswer("Ｈｅｌｌｏ，世界！")).toBe("hello世界");
  });

  it("but not content: another word is wrong, a slip of the keys is close", () => {
    const card = words(["spring", "春天"]);
    expect(judgeGuess(card, "winter")).toBe("wrong");
    expect(judgeGuess(card, "sprng")).toBe("close");
    expect(judgeGuess(card, "sprign")).toBe("close"); // two letters swapped
    expect(judgeGuess(card, "秋天")).toBe("wrong"); // autumn: one character away, but a two-character answer allows no slip
    expect(judgeGuess(words(["fountain"]), "fountian")).toBe("close");
    expect(judgeGuess(words(["cat"]), "cot")).toBe("wrong"); // short answers: no slips
  });

  it("numbers: full-width digits and separators read, right within the tolerance, close just outside", () => {
    const exact = words([], { numericAnswer: 42 });
    expect(judgeGuess(exact, "42")).toBe("right");
    expect(judgeGuess(exact, "４２")).toBe("right");
    expect(judgeGuess(exact, " 42.0 ")).toBe("right");
    expect(judgeGuess(exact, "40")).toBe("close");
    expect(judgeGuess(exact, "7")).toBe("wrong");
    const tolerant = words([], { numericAnswer: 1000, tolerance: 50 });
    expect(judgeGuess(tolerant, "1,040")).toBe("right");
    expect(judgeGuess(tolerant, "1120")).toBe("close");
    expect(judgeGuess(tolerant, "1200")).toBe("wrong");
    expect(numberOf("-3.5")).toBe(-3.5);
    expect(numberOf("forty")).toBeNull();
  });

  it("a pattern matches the whole normalised guess", () => {
    const card = words([], { pattern: "red|blue|[红蓝]色?" });
    expect(judgeGuess(card, "Blue!")).toBe("right");
    expect(judgeGuess(card, "红色")).toBe("right");
    expect(judgeGuess(card, "blueish")).toBe("wrong");
  });

  it("counts edits over characters, not bytes", () => {
    expect(editDistance("春天", "秋天")).toBe(1);
    expect(editDistance("abc", "acb")).toBe(1);
  });
});
