import { describe, expect, it } from "vitest";
import { caretAfterFormat, displayPhone, formatPhoneInput, secondsLeft, toE164 } from "./phone";

describe("the phone field", () => {
  it("shows xxx-xxx-xxxx once 10 or more digits are typed", () => {
    expect(formatPhoneInput("555010")).toBe("555010");
    expect(formatPhoneInput("5550100001")).toBe("555-010-0001");
    expect(formatPhoneInput("(555) 010 0001")).toBe("555-010-0001");
    expect(formatPhoneInput("15550100001")).toBe("+1 555-010-0001");
    expect(formatPhoneInput("+1 555 010 0001")).toBe("+1 555-010-0001");
    expect(formatPhoneInput("555-010-0001")).toBe("555-010-0001");
  });

  it("shows a Chinese mobile the way the server shows it once sent: +86 138-1234-5678", () => {
    for (const typed of ["8613812345678", "+86 138 1234 5678", "+8613812345678", "86 138-1234-5678", "+86 138-1234-5678"]) {
      expect(formatPhoneInput(typed)).toBe("+86 138-1234-5678");
      const checked = toE164(typed, ["1", "86"]);
      expect(checked.ok && displayPhone(checked.phone)).toBe(formatPhoneInput(typed));
    }
    // While the number is still being typed, with its calling code first.
    expect(formatPhoneInput("86138123456")).toBe("+86 138-1234-56");
    expect(formatPhoneInput("+86 138 1234 5")).toBe("+86 138-1234-5");
  });

  it("agrees with the server for US/Canada numbers too", () => {
    for (const typed of ["5550100001", "15550100001", "+1 (555) 010-0001"]) {
      const checked = toE164(typed, ["1", "86"]);
      expect(checked.ok && displayPhone(checked.phone)).toBe(formatPhoneInput(typed).replace(/^\+1 /, ""));
    }
  });

  it("keeps the caret where the edit was, not at the end", () => {
    // "1" typed after "555-01" in 555-010-000: the tenth digit, so the field is formatted.
    const typed = "555-0110-000";
    const formatted = formatPhoneInput(typed);
    expect(formatted).toBe("555-011-0000");
    expect(formatted.slice(0, caretAfterFormat(typed, 6, formatted))).toBe("555-01");
    // "9" typed after "+86 138-12" in +86 138-1234-567.
    const cn = "+86 138-12934-567";
    const cnFormatted = formatPhoneInput(cn);
    expect(cnFormatted).toBe("+86 138-1293-4567");
    expect(cnFormatted.slice(0, caretAfterFormat(cn, 11, cnFormatted))).toBe("+86 138-129");
    // A pasted number, caret after what was pasted.
    expect(caretAfterFormat("8613812345678", 13, "+86 138-1234-5678")).toBe(17);
    // Nothing reformatted: the caret is left alone; before any digit it stays before them.
    expect(caretAfterFormat("55501", 2, "55501")).toBe(2);
    expect(caretAfterFormat("+5550100001", 1, "+5 550-100-001")).toBe(1);
    expect(caretAfterFormat("555-010-0001", 12, "555-010-0001")).toBe(12);
  });
});

describe("valid numbers only", () => {
  const allowed = ["1", "86"];
  it("strips non-digits; 10 digits are a US/Canada number", () => {
    expect(toE164("555-010-0001", allowed)).toEqual({ ok: true, phone: "+15550100001" });
    expect(toE164("+1 (555) 010-0001", allowed)).toEqual({ ok: true, phone: "+15550100001" });
  });
  it("needs 10 digits or more, and at most 15", () => {
    expect(toE164("555-010-001", allowed).ok).toBe(false);
    expect(toE164("1234567890123456", allowed).ok).toBe(false);
  });
  it("a number typed with + starts with its calling code, even at 10 digits", () => {
    expect(toE164("+86 138 1234 5", allowed).ok).toBe(false);
    expect(toE164("8613812345", allowed)).toEqual({ ok: true, phone: "+18613812345" });
  });
  it("takes Chinese mobiles with 86 first", () => {
    expect(toE164("86 138 1234 5678", allowed)).toEqual({ ok: true, phone: "+8613812345678" });
    expect(toE164("86 238 1234 5678", allowed).ok).toBe(false);
  });
  it("refuses countries outside the allow-list, which is configurable", () => {
    expect(toE164("44 7700 900123", allowed).ok).toBe(false);
    expect(toE164("44 7700 900123", [...allowed, "44"])).toEqual({ ok: true, phone: "+447700900123" });
    expect(toE164("555-010-0001", ["86"]).ok).toBe(false);
  });
  it("refuses US numbers whose area code cannot exist", () => {
    expect(toE164("055-010-0001", allowed).ok).toBe(false);
  });
  it("shows stored numbers back to their owner", () => {
    expect(displayPhone("+15550100001")).toBe("555-010-0001");
    expect(displayPhone("+8613812345678")).toBe("+86 138-1234-5678");
  });
});

describe("the resend countdown", () => {
  it("starts at 65 and stops at 0", () => {
    expect(secondsLeft(0, 0)).toBe(65);
    expect(secondsLeft(0, 4_999)).toBe(61);
    expect(secondsLeft(0, 5_000)).toBe(60);
    expect(secondsLeft(0, 64_000)).toBe(1);
    expect(secondsLeft(0, 65_000)).toBe(0);
    expect(secondsLeft(0, 999_000)).toBe(0);
  });
});
