import { describe, expect, it } from "vitest";
import { languageOfPageLang, pageLang } from "./i18n";

describe("a page's lang", () => {
  it("says Simplified Chinese on Chinese pages, and the browser reads the translation language back from it", () => {
    expect(pageLang("zh")).toBe("zh-Hans");
    expect(pageLang("en")).toBe("en");
    expect(languageOfPageLang(pageLang("zh"))).toBe("zh");
    expect(languageOfPageLang(pageLang("en"))).toBe("en");
  });

  it("falls back to English for a lang that is not one of ours, or none", () => {
    expect(languageOfPageLang("")).toBe("en");
    expect(languageOfPageLang("fr-FR")).toBe("en");
    expect(languageOfPageLang("ZH-hant")).toBe("zh");
  });
});
