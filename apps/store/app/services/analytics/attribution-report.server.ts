import { type Database, orderAttribution, orders } from "@vitrine/db";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type AttributionGroup,
  groupAttribution,
  type ReportQuery,
  type ReportRow,
  reportFileName,
  SALE_STATUSES,
} from "../../lib/attribution-report.ts";
import { toCsv } from "../../lib/csv.ts";
import { UNKNOWN_ORIGIN } from "../orders/orders.server.ts";

export type { AttributionGroup, ReportRow };

/**
 * Orders and revenue by where they came from: grouped by origin label, source type, campaign and
 * device, for the sales (`SALE_STATUSES`) in the store's `currency` placed between `from` and `to`
 * (inclusive `YYYY-MM-DD` dates, UTC), most orders first. Orders without a record count as
 * {@link UNKNOWN_ORIGIN}. Orders in another currency (placed before the store changed it) are left
 * out: their totals cannot be added to these (decision 0037).
 */
export async function attributionReport(
  db: Database,
  period: { from?: string | undefined; to?: string | undefined; currency: string },
): Promise<AttributionGroup[]> {
  const filters: SQL[] = [inArray(orders.status, [...SALE_STATUSES]), eq(orders.currency, period.currency)];
  if (period.from) filters.push(sql`${orders.createdAt} >= ${`${period.from}T00:00:00Z`}::timestamptz`);
  if (period.to)
    filters.push(sql`${orders.createdAt} < (${`${period.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  // A literal, not a parameter: the grouping must name the very expression the select list does.
  const origin = sql<string>`coalesce(${orderAttribution.origin}, ${sql.raw(`'${UNKNOWN_ORIGIN}'`)})`;
  const sourceType = sql<string | null>`${orderAttribution.sourceType}`;
  const campaign = sql<string | null>`${orderAttribution.utmCampaign}`;
  const device = sql<string | null>`${orderAttribution.deviceType}`;
  return db
    .select({
      origin,
      sourceType,
      campaign,
      device,
      orders: sql<number>`count(*)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .where(and(...filters))
    .groupBy(origin, sourceType, campaign, device)
    .orderBy(desc(sql`count(*)`));
}

/** The report by one dimension (`query.by`) over `query`'s period: the back office's charts and table. */
export async function attributionRows(
  db: Database,
  query: ReportQuery,
  currency: string,
): Promise<ReportRow[]> {
  return groupAttribution(await attributionReport(db, { ...query, currency }), query.by);
}

/**
 * The report as a CSV file: a header (the dimension, `orders`, `revenue`, `currency`), then a row per
 * group; revenue in major units with two decimals, a missing value empty, origin labels in English
 * as stored. UTF-8 with a byte-order mark, so that spreadsheets read accented names right.
 */
export async function attributionCsv(
  db: Database,
  query: ReportQuery,
  currency: string,
): Promise<{ fileName: string; body: string }> {
  const rows = await attributionRows(db, query, currency);
  const body = toCsv([
    [query.by, "orders", "revenue", "currency"],
    ...rows.map((row) => [row.key, row.orders, (row.revenue / 100).toFixed(2), currency]),
  ]);
  return { fileName: reportFileName(query), body: `\uFEFF${body}` };
}
