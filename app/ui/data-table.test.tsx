import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { DataTable } from "./data-table";

const contests = [
  { id: 3, name: "Spring", players: 12 },
  { id: 7, name: "Summer", players: 0 },
];

/** The table as a screen reader walks it: each row's cells, header cells marked `th:`. */
function grid(html: string) {
  return [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<(th|td)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map((cell) => `${cell[1] === "th" ? `th[${/scope="(\w+)"/.exec(cell[2]!)?.[1]}]:` : ""}${cell[3]!.replace(/<[^>]+>/g, "")}`),
  );
}

describe("DataTable", () => {
  it("gives every column a header cell and names each row by its row-header column", () => {
    const html = renderToStaticMarkup(
      <DataTable
        label="Contests"
        rows={contests}
        rowKey={(c) => c.id}
        columns={[
          { header: "Name", cell: (c) => c.name, rowHeader: true },
          { header: "Players", cell: (c) => c.players },
        ]}
      />,
    );
    expect(grid(html)).toEqual([
      ["th[col]:Name", "th[col]:Players"],
      ["th[row]:Spring", "12"],
      ["th[row]:Summer", "0"],
    ]);
    // A wide table scrolls in its own box, not the page: a named region the keyboard can reach.
    expect(attrs(html, "div")).toMatchObject({ role: "region", "aria-label": "Contests", tabindex: "0" });
    expect(html).toMatch(/^<div[^>]*><table/);
  });

  it("puts a row's own attributes on its <tr>, a caption first and the table's test id when given", () => {
    const html = renderToStaticMarkup(
      <DataTable
        label="Contests"
        caption="Contests"
        testId="contests-table"
        rows={contests}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ "data-contest-id": c.id })}
        columns={[{ header: "Name", cell: (c) => <time dateTime="2026-11-28">{c.name}</time> }]}
      />,
    );
    expect(attrs(html, "tr", 1)["data-contest-id"]).toBe("3");
    expect(html).toMatch(/<table[^>]*><caption[^>]*>Contests<\/caption><thead>/);
    expect(attrs(html, "table")["data-testid"]).toBe("contests-table");
    expect(html).toContain('<td class="py-1 pe-2"><time dateTime="2026-11-28">Spring</time></td>');
  });

  it("has a head and no rows for an empty list (the screen says it is empty above it)", () => {
    const html = renderToStaticMarkup(<DataTable label="Contests" rows={[]} rowKey={() => 0} columns={[{ header: "Name", cell: () => "" }]} />);
    expect(grid(html)).toEqual([["th[col]:Name"]]);
  });

  it("a sortable column's header is a link that sorts by it, and tells a screen reader how the rows are sorted now", () => {
    const to = (direction: string) => `/contests?sort=players&dir=${direction === "ascending" ? "desc" : "asc"}`;
    const table = (direction: "ascending" | "descending" | "none") =>
      onPage(<DataTable label="Contests" rows={contests} rowKey={(c) => c.id} columns={[{ header: "Name", cell: (c) => c.name, rowHeader: true }, { header: "Players", cell: (c) => c.players, sort: { direction, to: to(direction) } }]} />);
    const sorted = table("ascending");
    expect(attrs(sorted, "th", 0)["aria-sort"]).toBeUndefined();
    expect(attrs(sorted, "th", 1)).toMatchObject({ scope: "col", "aria-sort": "ascending" });
    expect(attrs(sorted, "a").href).toBe("/contests?sort=players&amp;dir=desc");
    // The arrow is for the eye; the link is named by the column's header alone.
    expect(sorted).toMatch(/<a [^>]*>Players<span aria-hidden="true"> ▲<\/span><\/a><\/th>/);
    expect(grid(sorted)[0]).toEqual(["th[col]:Name", "th[col]:Players ▲"]);
    expect(table("descending")).toContain('<span aria-hidden="true"> ▼</span>');
    const other = table("none");
    expect(attrs(other, "th", 1)["aria-sort"]).toBe("none");
    expect(other).toContain('<span aria-hidden="true"> ⇅</span>');
  });

  it("hides its caption from the eye where a heading already names the table, and keeps it for screen readers", () => {
    const html = renderToStaticMarkup(<DataTable label="Contests" caption="The contests" captionHidden rows={contests} rowKey={(c) => c.id} columns={[{ header: "Name", cell: (c) => c.name }]} />);
    expect(html).toContain('<caption class="sr-only">The contests</caption>');
  });
});

/** The HTML a browser gets for `node` on a page (a sortable header's link needs the router). */
function onPage(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/contests", Component: () => <>{node}</> }]);
  return renderToString(<Stub initialEntries={["/contests"]} />);
}
