import type { ReactNode } from "react";
import { Form } from "react-router";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";

/**
 * A report's period, chosen in a GET form that works without JavaScript: from and to dates, any
 * fields of the report's own (`children`), and the button. Give it a `key` of the address's query,
 * since its fields' values are only initial.
 */
export function ReportPeriodForm({
  action,
  label,
  from,
  to,
  children,
}: {
  action: string;
  label: string;
  from: string;
  to: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={action} aria-label={label} className="flex flex-wrap items-end gap-4">
      <label className="grid gap-1 text-sm">
        {t("backOffice.reports.from")}
        <input type="date" name="from" required defaultValue={from} className={ADMIN_INLINE_FIELD} />
      </label>
      <label className="grid gap-1 text-sm">
        {t("backOffice.reports.to")}
        <input type="date" name="to" required defaultValue={to} className={ADMIN_INLINE_FIELD} />
      </label>
      {children}
      <button type="submit" className={ADMIN_BUTTON}>
        {t("backOffice.reports.show")}
      </button>
    </Form>
  );
}

/** A column of a `FigureTable`: figures are right-aligned; `className` styles any other. */
export type FigureColumn = { label: ReactNode; figure?: boolean; className?: string };

/** A row: its header (the first column's cell) and its other cells, in the columns' order. */
export type FigureRow = { key: string; header: ReactNode; cells: ReactNode[] };

/**
 * A report's table of figures, a `DataTable` of `FigureRow`s: each row headed by what it counts
 * (long values such as addresses may break anywhere), a caption or the heading that names it, and
 * a total row if the report has one.
 */
export function FigureTable({
  columns,
  rows,
  caption,
  captionClassName = "mb-2 text-left font-semibold",
  labelledBy,
  minWidth = "",
  breakHeaders = false,
  total,
}: {
  columns: FigureColumn[];
  rows: FigureRow[];
  caption?: ReactNode;
  captionClassName?: string;
  labelledBy?: string;
  /** A Tailwind `min-w-[…]` class: the table scrolls sideways below it. */
  minWidth?: string;
  breakHeaders?: boolean;
  total?: Omit<FigureRow, "key">;
}) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.key}
      columns={columns.map((column, index) => ({
        key: `column-${index}`,
        header: column.label,
        figure: column.figure,
        className: index === 0 ? (breakHeaders ? "break-all" : undefined) : column.className,
        cell: (row: Omit<FigureRow, "key">) => (index === 0 ? row.header : row.cells[index - 1]),
      }))}
      caption={caption}
      captionClassName={captionClassName}
      labelledBy={labelledBy}
      className="report-table"
      minWidth={minWidth}
      footer={total && { key: "total", ...total }}
    />
  );
}

/**
 * A chart's drawing: an SVG of `width` × `height` user units, named by its caption (`labelledBy`)
 * and titled for screen readers that read the SVG itself; the axes, ticks and marks are `children`.
 */
export function ChartFrame({
  width,
  height,
  labelledBy,
  title,
  children,
}: {
  width: number;
  height: number;
  labelledBy: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={labelledBy}
      className="w-full"
      fontSize="12"
    >
      <title>{title}</title>
      {children}
    </svg>
  );
}
