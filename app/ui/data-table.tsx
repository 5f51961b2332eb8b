/**
 * A table of records: a header cell for each column (`scope="col"`), a row a record, and the
 * column that names a row as its header (`scope="row"`), so a screen reader announces the
 * record and the column with each cell. On a narrow screen the table scrolls sideways inside
 * its own box (a named, focusable ScrollRegion) instead of widening the page.
 */
import type { HTMLAttributes, ReactNode } from "react";
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
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  className = "w-full text-left text-sm",
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
  className?: string;
}) {
  return (
    <ScrollRegion label={label}>
      <table className={className}>
        {caption ? <caption className="text-left font-semibold">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cellClass}>
                {c.header}
              </th>
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
