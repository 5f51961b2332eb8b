/**
 * A table of records: a header cell for each column (`scope="col"`), a row a record, and the
 * column that names a row as its header (`scope="row"`), so a screen reader announces the
 * record and the column with each cell. On a narrow screen the table scrolls sideways inside
 * its own box (a named, focusable ScrollRegion) instead of widening the page. A column can be
 * sortable: its header is a link that sorts by it, and says how it is sorted now (`aria-sort`).
 */
import type { HTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { ScrollRegion } from "./scroll-region";

/** Every cell's room: a line's height apart, a gap before the next column. */
const cellClass = "py-1 pe-2";
const withClass = (base: string, more?: string) => (more ? `${base} ${more}` : base);

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** This column names the row (its cells are `<th scope="row">`); at most one. */
  rowHeader?: boolean;
  /** The cells' classes. */
  className?: string;
  /** The table can be sorted by this column: how it is sorted now, and the address that sorts it the other way. */
  sort?: ColumnSort;
}

export interface ColumnSort {
  /** How the rows are sorted by this column now ("none": by another). */
  direction: "ascending" | "descending" | "none";
  /** The page sorted by this column (the next way round); the page keeps its scroll. */
  to: string;
}

/** What the eye sees of a column's sort (a screen reader hears `aria-sort` instead). */
const sortMark = { ascending: " ▲", descending: " ▼", none: " ⇅" } as const;

function HeaderCell<T>({ column }: { column: Column<T> }) {
  const { sort } = column;
  return (
    <th scope="col" className={cellClass} aria-sort={sort?.direction}>
      {sort ? (
        <Link to={sort.to} preventScrollReset className="underline">
          {column.header}
          <span aria-hidden="true">{sortMark[sort.direction]}</span>
        </Link>
      ) : (
        column.header
      )}
    </th>
  );
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  captionHidden = false,
  className = "w-full text-left text-sm",
  testId,
}: {
  /** What the table holds, the name of its scrolling box. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** More for a row's `<tr>` (a data attribute tests and scripts find it by). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>;
  /** The table's name, where no heading right above it gives one. */
  caption?: ReactNode;
  /** The caption is for screen readers only: a heading near it already says it to the eye. */
  captionHidden?: boolean;
  className?: string;
  /** The table's `data-testid`, where the browser tests find it. */
  testId?: string;
}) {
  return (
    <ScrollRegion label={label}>
      <table className={className} data-testid={testId}>
        {caption ? <caption className={captionHidden ? "sr-only" : "text-left font-semibold"}>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <HeaderCell key={i} column={c} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const more = rowProps?.(row);
            return (
              <tr key={rowKey(row)} {...more} className={withClass("border-t border-slate-200 align-top dark:border-slate-800", more?.className)}>
                {columns.map((c, i) =>
                  c.rowHeader ? (
                    <th key={i} scope="row" className={withClass(`${cellClass} font-medium`, c.className)}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={i} className={withClass(cellClass, c.className)}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
