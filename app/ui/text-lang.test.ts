import { describe, expect, it } from "vitest";
import { gapAfter, gapBefore, memberTextLang } from "./text-lang";

describe("memberTextLang", () => {
  it("marks Chinese text on an English page, and nothing on a Chinese one", () => {
    expect(memberTextLang("你今天真棒！", "en")).toBe("zh");
    expect(memberTextLang("谢谢 Ada 帮忙", "en")).toBe("zh");
    expect(memberTextLang("Thanks 小明!", "en")).toBe("zh");
    expect(memberTextLang("你今天真棒！", "zh")).toBeUndefined();
    expect(memberTextLang("你今天真棒！", "zh-CN")).toBeUndefined();
    expect(memberTextLang("𠀋𠀋", "en")).toBe("zh");
  });

  it("marks Latin-only text as English on a Chinese page, and nothing on an English one", () => {
    expect(memberTextLang("You made the treasure hunt so much fun!", "zh")).toBe("en");
    expect(memberTextLang("You made the treasure hunt so much fun!", "en")).toBeUndefined();
    expect(memberTextLang("You made it!", "en-US")).toBeUndefined();
  });

  it("tells Japanese and Korean from Chinese, and leaves text with no letters alone", () => {
    expect(memberTextLang("今日はありがとう", "en")).toBe("ja");
    expect(memberTextLang("今日はありがとう", "zh")).toBe("ja");
    expect(memberTextLang("고마워요", "zh")).toBe("ko");
    expect(memberTextLang("🎉🎉 100!", "zh")).toBeUndefined();
    expect(memberTextLang("", "en")).toBeUndefined();
  });
});

describe("gapAfter", () => {
  it("puts a space after an English label and none after a full-width Chinese mark", () => {
    expect(gapAfter("To:")).toBe(" ");
    expect(gapAfter("发给：")).toBe("");
    expect(gapAfter("你：")).toBe("");
    expect(gapAfter("你")).toBe(" ");
  });

  it("puts a space before an English note and none before a full-width bracket", () => {
    expect(gapBefore("(optional)")).toBe(" ");
    expect(gapBefore("（可选）")).toBe("");
  });
});
