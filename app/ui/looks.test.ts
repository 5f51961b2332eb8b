import { describe, expect, it } from "vitest";
import { cardClass, linkClass } from "./looks";

describe("looks", () => {
  it("a link in running text is underlined, told apart by more than its colour (WCAG 1.4.1), in both themes", () => {
    expect(linkClass.split(" ")).toEqual(expect.arrayContaining(["underline", "text-glow-900", "dark:text-glow-300"]));
  });

  it("a card is a bordered box with room inside, its border visible in the dark theme too", () => {
    expect(cardClass.split(" ")).toEqual(expect.arrayContaining(["border", "p-4", "dark:border-slate-700"]));
  });
});
