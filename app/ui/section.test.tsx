import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs, namedBy } from "../../tests/support/markup";
import { Section } from "./section";

describe("Section", () => {
  it("is a region named by its own level-2 heading, reachable by its id", () => {
    const html = renderToStaticMarkup(
      <Section id="audit" heading="Audit log">
        <p>Nothing yet.</p>
      </Section>,
    );
    const section = attrs(html, "section");
    expect(section.id).toBe("audit");
    expect(namedBy(html, section["aria-labelledby"])).toEqual(["Audit log"]);
    expect(attrs(html, "h2").id).toBe("audit-heading");
    expect(html).toContain("<p>Nothing yet.</p>");
  });

  it("framed, draws a box around it; plain, only spaces its content", () => {
    expect(attrs(renderToStaticMarkup(<Section id="a" heading="A" framed>x</Section>), "section").class).toContain("border");
    expect(attrs(renderToStaticMarkup(<Section id="a" heading="A">x</Section>), "section").class).not.toContain("border");
  });

  it("prominent, has a larger heading than its neighbours, still a level-2 heading", () => {
    expect(attrs(renderToStaticMarkup(<Section id="a" heading="A" prominent>x</Section>), "h2").class).toContain("text-2xl");
    expect(attrs(renderToStaticMarkup(<Section id="a" heading="A">x</Section>), "h2").class).toContain("text-xl");
  });

  it("quiet, heads it at the text's own size instead of a large heading", () => {
    expect(attrs(renderToStaticMarkup(<Section id="a" heading="A">x</Section>), "h2").class).toContain("text-xl");
    const quiet = renderToStaticMarkup(<Section id="a" heading="Avatar art" quiet>x</Section>);
    expect(attrs(quiet, "h2").class).not.toContain("text-xl");
    expect(namedBy(quiet, attrs(quiet, "section")["aria-labelledby"])).toEqual(["Avatar art"]);
  });
});
