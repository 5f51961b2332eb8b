import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { Notice } from "./notice";

describe("Notice", () => {
  it("says its title in bold above what happened and what to do next", () => {
    const html = renderToStaticMarkup(
      <Notice tone="warn" title="The party is locked" testId="locked">
        <p>Nobody can join until the round ends.</p>
      </Notice>,
    );
    expect(attrs(html, "div")["data-testid"]).toBe("locked");
    expect(attrs(html, "p")).toMatchObject({ class: "font-semibold" });
    expect(html.indexOf("The party is locked")).toBeLessThan(html.indexOf("Nobody can join until the round ends."));
  });

  it("without a title, is only its words, in a box coloured by its tone (dark mode too)", () => {
    const html = renderToStaticMarkup(
      <Notice>
        <p>Scores are shown when the round closes.</p>
      </Notice>,
    );
    expect(html).not.toContain("font-semibold");
    expect(attrs(html, "div").class).toContain("border-sky-700");
    expect(attrs(html, "div").class).toContain("dark:bg-sky-950");
    expect(attrs(renderToStaticMarkup(<Notice tone="ok">x</Notice>), "div").class).toContain("border-emerald-700");
    expect(attrs(renderToStaticMarkup(<Notice tone="warn">x</Notice>), "div").class).toContain("border-amber-700");
  });
});
