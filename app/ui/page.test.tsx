import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { PageHeader, ScreenSwitcher } from "./page";

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

describe("ScreenSwitcher", () => {
  const contests = [
    { id: 3, name: "Spring", to: "/gamemaster/quests?contest=3" },
    { id: 7, name: "Summer", to: "/gamemaster/quests?contest=7" },
  ];
  const onPage = (node: React.ReactNode) => {
    const Stub = createRoutesStub([{ path: "/gamemaster/quests", Component: () => <>{node}</> }]);
    return renderToString(<Stub initialEntries={["/gamemaster/quests?contest=7"]} />);
  };

  it("is a named row of links to the screen for each thing, the one shown marked as the current page", () => {
    const html = onPage(<ScreenSwitcher label="Contests" items={contests} current={7} />);
    expect(attrs(html, "nav")["aria-label"]).toBe("Contests");
    expect([...html.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[2], /href="([^"]*)"/.exec(m[1]!)?.[1], /aria-current="(\w+)"/.exec(m[1]!)?.[1]])).toEqual([
      ["Spring", "/gamemaster/quests?contest=3", undefined],
      ["Summer", "/gamemaster/quests?contest=7", "page"],
    ]);
  });

  it("is nothing where there is only one thing to show", () => {
    expect(onPage(<ScreenSwitcher label="Contests" items={contests.slice(0, 1)} current={3} />)).not.toContain("<nav");
  });
});
