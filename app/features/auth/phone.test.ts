import { describe, expect, it } from "vitest";
import { displayPhone, formatPhoneInput, secondsLeft, toE164 } from "./phone";

describe("the phone field", () => {
  it("shows xxx-xxx-xxxx once 10 or more digits are typed", () => {
    expect(formatPhoneInput("555010")).toBe("555010");
    expect(formatPhoneInput("5550100001")).toBe("555-010-0001");
    expect(formatPhoneInput("(555) 010 0001")).toBe("555-010-0001");
    expect(formatPhoneInput("15550100001")).toBe("+1 555-010-0001");
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
