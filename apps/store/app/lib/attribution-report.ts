import { z } from "zod";
import type { OrderStatus } from "./order-status.ts";

/**
 * The owner's figures (issue 17, decision 0037): which orders count, the attribution report's
 * dimensions and period, and the report by one dimension, shared by the back office's pages, the
 * CSV export and the REST route.
 */

/**
 * The statuses of an order that counts as a sale in the dashboard and the attribution report:
 * placed and not called off. On hold is in (a bank transfer waits there until it is paid, and a
 * store paid by transfer would otherwise see no sales); pending payment (a wallet checkout not
 * finished), failed, cancelled and refunded are out. WooCommerce's own reports count the same three.
 */
export const SALE_STATUSES = ["on-hold", "processing", "completed"] as const satisfies readonly OrderStatus[];

/** What the report groups orders by, as the address and the CSV name them. */
export const REPORT_DIMENSIONS = ["origin", "source_type", "campaign", "device"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** One combination of origin, source type, campaign and device: its orders and revenue (minor units). */
export type AttributionGroup = {
  origin: string;
  sourceType: string | null;
  campaign: string | null;
  device: string | null;
  orders: number;
  revenue: number;
};

/** A row of the report by one dimension: the dimension's value (null: the orders have none). */
export type ReportRow = { key: string | null; orders: number; revenue: number };

const FIELDS = {
  origin: "origin",
  source_type: "sourceType",
  campaign: "campaign",
  device: "device",
} as const satisfies Record<ReportDimension, keyof AttributionGroup>;

/**
 * The groups added up by one dimension: most orders first, then most revenue, then by value, the
 * orders without a value last; every order counts in exactly one row.
 */
export function groupAttribution(groups: readonly AttributionGroup[], by: ReportDimension): ReportRow[] {
  const rows = new Map<string | null, ReportRow>();
  for (const group of groups) {
    const key = group[FIELDS[by]];
    const row = rows.get(key) ?? { key, orders: 0, revenue: 0 };
    row.orders += group.orders;
    row.revenue += group.revenue;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.orders - a.orders ||
      b.revenue - a.revenue ||
      (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
      (a.key ?? "").localeCompare(b.key ?? "", "en"),
  );
}

/** A calendar day the database can compare: PostgreSQL has no year 0, and orders start long after 1970. */
export const reportDay = z.iso
  .date()
  .refine((value) => value >= "1970-01-01", "Use a date from 1970-01-01 on.");

/** A report's address (`?from=YYYY-MM-DD&to=YYYY-MM-DD&by=origin`): both days included, UTC. */
export const reportQuery = z
  .object({ from: reportDay, to: reportDay, by: z.enum(REPORT_DIMENSIONS) })
  .refine((query) => query.from <= query.to, { path: ["to"], message: "The period ends before it starts." });
export type ReportQuery = z.infer<typeof reportQuery>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The report a bare address shows: this month so far (UTC), by origin. */
export function defaultReportQuery(now: Date): ReportQuery {
  return {
    from: `${isoDay(now).slice(0, 8)}01`,
    to: isoDay(now),
    by: "origin",
  };
}

/**
 * The report the address asks for, each missing or empty field taken from {@link defaultReportQuery};
 * `invalid` when a given value is not one, with the default report instead.
 */
export function readReportQuery(
  params: URLSearchParams,
  now: Date,
): { query: ReportQuery; invalid: boolean } {
  const defaults = defaultReportQuery(now);
  const given = (name: keyof ReportQuery) => params.get(name)?.trim() || defaults[name];
  const parsed = reportQuery.safeParse({ from: given("from"), to: given("to"), by: given("by") });
  return parsed.success ? { query: parsed.data, invalid: false } : { query: defaults, invalid: true };
}

/** The CSV export's address for a report. */
export function reportCsvHref(query: ReportQuery): string {
  return `/admin/reports/attribution.csv?${new URLSearchParams(query)}`;
}

/** The export's file name: `attribution-by-campaign-2026-11-01-to-2026-11-26.csv`. */
export function reportFileName(query: ReportQuery): string {
  return `attribution-by-${query.by.replace("_", "-")}-${query.from}-to-${query.to}.csv`;
}

/**
 * A horizontal bar chart drawn by the server's scales (d3-scale, decision 0037) for the page to
 * render as SVG: the browser gets numbers, not a charting library. Coordinates are in the
 * `width` × `height` view box; bars follow the report's rows, the first {@link CHART_ROWS} of them.
 */
export type BarChart = {
  width: number;
  height: number;
  /** Where the bars start: the group names are written to the left of it. */
  plotLeft: number;
  /** Where the axis line and its labels go. */
  axisY: number;
  bars: Array<{ y: number; height: number; width: number; value: number }>;
  ticks: Array<{ x: number; value: number }>;
};

/** The chart shows this many of the largest groups; the table beside it shows them all. */
export const CHART_ROWS = 10;
