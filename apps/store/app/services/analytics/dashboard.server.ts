import { type Database, orders, products, variations } from "@vitrine/db";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { SALE_STATUSES } from "../../lib/attribution-report.ts";
import {
  type Dashboard,
  LOW_STOCK_SHOWN,
  type LowStockProduct,
  RECENT_ORDERS_SHOWN,
  UNSENT_MAILS_SHOWN,
} from "../../lib/dashboard.ts";
import type { AdminOrderRow } from "../../lib/order-resource.ts";
import { unsentConfirmations } from "../mail/mail-outbox.server.ts";
import { listOrders } from "../orders/orders.server.ts";
import { productTexts } from "../shared/translations.server.ts";

const DAY_MS = 86_400_000;

/**
 * The administrators' dashboard (issue 17, decision 0037): today's and this month's sales, the
 * products whose stock is low, the newest orders. Days and months are UTC, as the store shows every
 * date; sales are the orders in `SALE_STATUSES` in the store's `currency`; and the orders whose
 * confirmation mail could not be sent (decision 0050). Four reads at once.
 */
export async function dashboard(
  db: Database,
  options: { now: Date; currency: string; locale: string },
): Promise<Dashboard> {
  const { now, currency, locale } = options;
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [figures, lowStock, recent, unsentMails] = await Promise.all([
    salesFigures(db, { currency, dayStart }),
    lowStockProducts(db, locale),
    listOrders(db, { limit: RECENT_ORDERS_SHOWN, offset: 0 }),
    unsentConfirmations(db, UNSENT_MAILS_SHOWN),
  ]);
  return {
    currency,
    day: dayStart.toISOString().slice(0, 10),
    month: dayStart.toISOString().slice(0, 7),
    ...figures,
    lowStock,
    unsentMails,
    recentOrders: recent.orders.map(
      (order): AdminOrderRow => ({
        id: order.id,
        status: order.status,
        date: order.dateCreated.toISOString(),
        currency: order.currency,
        total: order.total,
        customer:
          `${order.billing.first_name ?? ""} ${order.billing.last_name ?? ""}`.trim() ||
          (order.billing.email ?? ""),
        email: order.billing.email ?? "",
        origin: order.origin,
      }),
    ),
  };
}

/** Today's and this month's sales, in one pass over this month's orders (up to the end of today). */
async function salesFigures(db: Database, { currency, dayStart }: { currency: string; dayStart: Date }) {
  const monthStart = new Date(Date.UTC(dayStart.getUTCFullYear(), dayStart.getUTCMonth(), 1));
  const today = sql`${orders.createdAt} >= ${dayStart.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      todayOrders: sql<number>`count(*) filter (where ${today})`.mapWith(Number),
      todayRevenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${today}), 0)`.mapWith(Number),
      monthOrders: sql<number>`count(*)`.mapWith(Number),
      monthRevenue: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SALE_STATUSES]),
        eq(orders.currency, currency),
        gte(orders.createdAt, monthStart),
        lt(orders.createdAt, new Date(dayStart.getTime() + DAY_MS)),
      ),
    );
  return {
    today: { orders: row?.todayOrders ?? 0, revenue: row?.todayRevenue ?? 0 },
    thisMonth: { orders: row?.monthOrders ?? 0, revenue: row?.monthRevenue ?? 0 },
  };
}

/**
 * Products with a tracked stock (their own or a variation's) at or below their own low-stock
 * threshold, the number the product page's "Only N left" uses: the lowest first. The shown few are
 * among the lowest few by the product's own stock (the partial index `products_low_stock_idx`
 * holds them in that order) and the lowest few by a variation's, so only those are read, not every
 * product (decision 0065).
 */
async function lowStockProducts(db: Database, locale: string): Promise<LowStockProduct[]> {
  const ownStock = db
    .select({ id: products.id, stock: sql<number>`${products.stockQuantity}`.as("stock") })
    .from(products)
    .where(sql`${products.stockQuantity} <= ${products.lowStockThreshold}`)
    .orderBy(asc(products.stockQuantity), asc(products.id))
    .limit(LOW_STOCK_SHOWN);
  const variationStock = db
    .select({ id: variations.productId, stock: sql<number>`min(${variations.stockQuantity})`.as("stock") })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(sql`${variations.stockQuantity} <= ${products.lowStockThreshold}`)
    .groupBy(variations.productId)
    .orderBy(sql`min(${variations.stockQuantity})`, asc(variations.productId))
    .limit(LOW_STOCK_SHOWN);
  const low = unionAll(ownStock, variationStock).as("low");
  const lowest = sql<number>`min(${low.stock})`.mapWith(Number);
  return db
    .select({
      id: products.id,
      name: productTexts.text("name", locale, products.slug),
      stock: lowest,
      threshold: products.lowStockThreshold,
    })
    .from(low)
    .innerJoin(products, eq(products.id, low.id))
    .groupBy(products.id)
    .orderBy(asc(lowest), asc(products.id))
    .limit(LOW_STOCK_SHOWN);
}
