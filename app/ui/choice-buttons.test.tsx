import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { ChoiceButtons } from "./choice-buttons";

describe("ChoiceButtons", () => {
  const html = renderToStaticMarkup(
    <form>
      <ChoiceButtons
        name="lng"
        current="zh"
        choices={[
          { value: "en", label: "English", lang: "en" },
          { value: "zh", label: "中文", lang: "zh-CN" },
        ]}
      />
    </form>,
  );

  it("offers each choice as a button that posts it, in its own language", () => {
    expect([0, 1].map((n) => attrs(html, "button", n))).toMatchObject([
      { type: "submit", name: "lng", value: "en", lang: "en" },
      { type: "submit", name: "lng", value: "zh", lang: "zh-CN" },
    ]);
    expect(
      html
        .replace(/<[^>]+>/g, "|")
        .split("|")
        .filter(Boolean),
    ).toEqual(["English", "中文"]);
  });

  it("shows only the choice in force as pressed", () => {
    expect(attrs(html, "button", 0)["aria-pressed"]).toBe("false");
    expect(attrs(html, "button", 1)["aria-pressed"]).toBe("true");
  });
});
