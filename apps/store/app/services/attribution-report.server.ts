import { type Database, orderAttribution, orders } from "@vitrine/db";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { UNKNOWN_ORIGIN } from "./orders.server.ts";

export type AttributionGroup = {
  origin: string;
  sourceType: string | null;
  campaign: string | null;
  device: string | null;
  orders: number;
  revenue: number;
};

/**
 * Orders and revenue by where they came from: grouped by origin label, source type, campaign and
 * device, for orders placed between `from` and `to` (inclusive `YYYY-MM-DD` dates, UTC), most
 * orders first. Orders without a record count as {@link UNKNOWN_ORIGIN}.
 */
export async function attributionReport(
  db: Database,
  period: { from?: string | undefined; to?: string | undefined },
): Promise<AttributionGroup[]> {
  const filters: SQL[] = [];
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
    .where(filters.length > 0 ? and(...filters) : undefined)
    .groupBy(origin, sourceType, campaign, device)
    .orderBy(desc(sql`count(*)`));
}
