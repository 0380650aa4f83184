import { type Database, orderCouponLines, orders } from "@vitrine/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { SALE_STATUSES } from "../../lib/attribution-report.ts";

/** One coupon's sales in a period: the orders that used it and what it took off them. */
export type CouponSalesRow = { code: string; orders: number; discount: number };

/**
 * Sales by coupon (issue 41, decision 0068), read from what each order kept (`order_coupon_lines`):
 * for the sales (`SALE_STATUSES`) in the store's `currency` placed between `from` and `to`
 * (inclusive `YYYY-MM-DD`, UTC), each code's orders and discount, most orders first.
 */
export async function couponSales(
  db: Database,
  period: { from: string; to: string; currency: string },
): Promise<CouponSalesRow[]> {
  return db
    .select({
      code: orderCouponLines.code,
      orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      discount: sql<number>`coalesce(sum(${orderCouponLines.discount}), 0)`.mapWith(Number),
    })
    .from(orderCouponLines)
    .innerJoin(orders, eq(orders.id, orderCouponLines.orderId))
    .where(
      and(
        inArray(orders.status, [...SALE_STATUSES]),
        eq(orders.currency, period.currency),
        sql`${orders.createdAt} >= ${`${period.from}T00:00:00Z`}::timestamptz`,
        sql`${orders.createdAt} < (${`${period.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
      ),
    )
    .groupBy(orderCouponLines.code)
    .orderBy(desc(sql`count(distinct ${orders.id})`), orderCouponLines.code);
}
