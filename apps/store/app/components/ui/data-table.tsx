import type { ReactNode } from "react";
import { Link } from "react-router";
import { nextSelection, type Selection } from "./data-table-selection.ts";

/**
 * The back office's one table (issue 38): every list of rows is a `DataTable`, so no page writes
 * table markup of its own. The first column heads each row (`<th scope="row">`), so a screen reader
 * names a cell by its row and its column. With no rows it shows `empty` (or nothing). A sortable
 * column's header is a link to the address of that order, and says the current one in `aria-sort`
 * (ordering lives in the address, so a sorted list can be kept and shared). `selection` adds a
 * checkbox to each row, named for a form's bulk action.
 */

/** How a column is sorted now, as `aria-sort` says it. */
export type SortDirection = "ascending" | "descending" | "none";

export type DataColumn<Row> = {
  /** Unique among the columns. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned. */
  figure?: boolean;
  /** Classes of this column's cells (header, body and foot). */
  className?: string;
  /** A sortable column: the address that sorts by it, and how the table is sorted by it now. */
  sort?: { href: string; direction: SortDirection };
};

/** Checkboxes for a bulk action: `name`d for the form, one a row, and one for all. */
export type DataTableSelection<Row> = {
  name: string;
  /** The form the checkboxes belong to, when the table is not inside it. */
  form?: string;
  selected: Selection;
  onChange: (next: Selection) => void;
  /** The checkbox's accessible name for a row (e.g. "Select order #12"). */
  label: (row: Row) => string;
  /** The accessible name of the checkbox that selects every row. */
  allLabel: string;
};

export type DataTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** A row's key: React's, and the value its selection checkbox sends. */
  rowKey: (row: Row) => string;
  /** The table's name: a caption (`captionClassName` "sr-only" hides it), or `labelledBy` a heading's id. */
  caption?: ReactNode;
  captionClassName?: string;
  labelledBy?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  className?: string;
  /** A Tailwind `min-w-[…]` class: the table scrolls sideways below it. */
  minWidth?: string;
  /** A row's class and `data-*` attributes (the pages' tests and scripts find rows by them). */
  rowProps?: (row: Row) => { className?: string } & Record<`data-${string}`, string | number>;
  /** Each row's top-aligned (rows holding forms). */
  alignTop?: boolean;
  /** A last row in the table's foot (a report's total), drawn through the same columns. */
  footer?: Row;
  selection?: DataTableSelection<Row>;
};

/** A row's actions (save, delete, remove): the last column, its header named for screen readers only. */
export function actionsColumn<Row>(label: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return { key: "actions", header: <span className="sr-only">{label}</span>, cell };
}

const HEAD_CELL = "py-2 pr-4 font-semibold";
const BODY_CELL = "py-2 pr-4";

function cellClass(column: { figure?: boolean; className?: string }, base: string): string {
  return [base, column.figure ? "text-right" : "", column.className ?? ""].filter(Boolean).join(" ");
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  captionClassName = "sr-only",
  labelledBy,
  empty = null,
  className = "",
  minWidth = "",
  rowProps,
  alignTop = false,
  footer,
  selection,
}: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  const keys = rows.map(rowKey);
  return (
    <div className="overflow-x-auto">
      <table
        className={`${className} w-full text-left text-sm ${minWidth}`.trim()}
        aria-labelledby={labelledBy}
      >
        {caption && <caption className={captionClassName}>{caption}</caption>}
        <thead>
          <tr className="border-b border-stone-300">
            {selection && (
              <td className="w-8 py-2">
                <SelectAll selection={selection} keys={keys} />
              </td>
            )}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cellClass(column, HEAD_CELL)}
                aria-sort={
                  column.sort && column.sort.direction !== "none" ? column.sort.direction : undefined
                }
              >
                {column.sort ? <SortLink sort={column.sort}>{column.header}</SortLink> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = keys[index] ?? String(index);
            const { className: rowClass = "", ...data } = rowProps?.(row) ?? {};
            return (
              <tr
                key={key}
                className={`${rowClass} border-b border-stone-200${alignTop ? " align-top" : ""}`.trim()}
                {...data}
              >
                {selection && (
                  <td className="py-2">
                    <input
                      type="checkbox"
                      className="h-6 w-6"
                      name={selection.name}
                      form={selection.form}
                      value={key}
                      checked={selection.selected.has(key)}
                      aria-label={selection.label(row)}
                      onChange={(event) =>
                        selection.onChange(
                          nextSelection(selection.selected, key, event.currentTarget.checked),
                        )
                      }
                    />
                  </td>
                )}
                <Cells row={row} columns={columns} />
              </tr>
            );
          })}
        </tbody>
        {footer !== undefined && (
          <tfoot>
            <tr className="font-semibold">
              {selection && <td />}
              <Cells row={footer} columns={columns} />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A row's cells: the first column's is the row's header. */
function Cells<Row>({ row, columns }: { row: Row; columns: readonly DataColumn<Row>[] }) {
  return (
    <>
      {columns.map((column, index) =>
        index === 0 ? (
          <th key={column.key} scope="row" className={cellClass(column, `${BODY_CELL} font-normal`)}>
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.key} className={cellClass(column, BODY_CELL)}>
            {column.cell(row)}
          </td>
        ),
      )}
    </>
  );
}

/** A sortable header: a link to the other order (or this column's first), with an arrow for the current one. */
function SortLink({
  sort,
  children,
}: {
  sort: { href: string; direction: SortDirection };
  children: ReactNode;
}) {
  const arrow = sort.direction === "ascending" ? "▲" : sort.direction === "descending" ? "▼" : "";
  return (
    <Link to={sort.href} className="inline-flex items-center gap-1 underline">
      {children}
      {arrow && (
        <span aria-hidden="true" className="text-xs">
          {arrow}
        </span>
      )}
    </Link>
  );
}

function SelectAll<Row>({ selection, keys }: { selection: DataTableSelection<Row>; keys: string[] }) {
  const all = keys.length > 0 && keys.every((key) => selection.selected.has(key));
  const some = !all && keys.some((key) => selection.selected.has(key));
  return (
    <input
      type="checkbox"
      className="h-6 w-6"
      checked={all}
      aria-checked={some ? "mixed" : all}
      aria-label={selection.allLabel}
      ref={(box) => {
        if (box) box.indeterminate = some;
      }}
      onChange={(event) => selection.onChange(event.currentTarget.checked ? new Set(keys) : new Set())}
    />
  );
}
