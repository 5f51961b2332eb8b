import { describe, expect, it } from "vitest";
import { formatJoinCode, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, newJoinCode, readJoinCode } from "./join-code";

describe("join codes", () => {
  it("use no look-alike characters", () => {
    for (const lookAlike of ["0", "O", "1", "I", "L", "U"]) expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it("are six characters of the alphabet, and different each time", () => {
    const codes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = newJoinCode();
      expect(code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`));
      codes.add(code);
    }
    expect(codes.size).toBeGreaterThan(495);
  });

  it("never lean on the bytes the alphabet cannot share out evenly", () => {
    // Every byte at or above 240 is skipped; the rest map onto the alphabet.
    const bytes = [255, 250, 240, 0, 29, 30, 59, 239, 1, 2];
    expect(newJoinCode(() => Uint8Array.from(bytes))).toBe("2Z2ZZ3");
  });

  it("read what people type: any case, spaces, dashes", () => {
    expect(readJoinCode("k7p-m3q")).toBe("K7PM3Q");
    expect(readJoinCode(" K7P M3Q ")).toBe("K7PM3Q");
    expect(readJoinCode("ｋ７ｐｍ３ｑ")).toBe("K7PM3Q");
    expect(readJoinCode("k7p—m3q")).toBe("K7PM3Q");
  });

  it("refuse what cannot be a code", () => {
    for (const typed of ["", "K7PM3", "K7PM3QX", "K0PM3Q", "KIPM3Q", "<script>"]) expect(readJoinCode(typed)).toBeNull();
  });

  it("print as two groups of three", () => {
    expect(formatJoinCode("K7PM3Q")).toBe("K7P-M3Q");
  });
});
