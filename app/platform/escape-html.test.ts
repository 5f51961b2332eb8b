import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("leaves ordinary text, accents and Chinese alone", () => {
    expect(escapeHtml("Style 4 · 样式 4 · café")).toBe("Style 4 · 样式 4 · café");
  });

  it("cannot close an attribute or open a tag", () => {
    const hostile = `"><script>alert('x')</script>&`;
    expect(escapeHtml(hostile)).toBe("&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;");
  });
});
