import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHeader } from "./page";

describe("PageHeader", () => {
  it("is the screen's one level-1 heading (where focus lands after a page change), the line under it, and its actions", () => {
    const html = renderToStaticMarkup(<PageHeader title="Dashboard" lead="Signed in as ana · Admin" actions={<button type="submit">Sign out</button>} />);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(/^<header[^>]*><div[^>]*><h1[^>]*>Dashboard<\/h1><p>Signed in as ana · Admin<\/p><\/div><button type="submit">Sign out<\/button><\/header>$/);
  });

  it("without a lead or actions is the heading alone, with its id", () => {
    const html = renderToStaticMarkup(<PageHeader id="receipt-heading" title="Star salute" />);
    expect(html).toMatch(/<h1 id="receipt-heading"[^>]*>Star salute<\/h1><\/div><\/header>$/);
    expect(html).not.toContain("<p>");
  });
});
