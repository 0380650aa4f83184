import { type Database, orderAttribution, orderLines, orders } from "@vitrine/db";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { OrderLineView, OrderSummary, OrderView } from "../lib/orders.ts";

/** Every read of placed orders: the shopper's pages, the confirmation mail and the REST API. */

export type { OrderSummary, OrderView };

/** Who may see an order: whoever holds its key (the confirmation link), or the account that placed it. */
export type OrderViewer = { key: string } | { userId: number };

/** The origin label of an order that came with no attribution record. */
export const UNKNOWN_ORIGIN = "Unknown";

type OrderRow = typeof orders.$inferSelect;

function linesOf(db: Database, orderId: number): Promise<OrderLineView[]> {
  return db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      quantity: orderLines.quantity,
      total: orderLines.total,
      attributes: orderLines.attributes,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** An order with its lines, found by its key or its owner; null when neither matches. */
export async function findOrderForViewer(
  db: Database,
  id: number,
  viewer: OrderViewer,
): Promise<OrderView | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        "key" in viewer ? eq(orders.orderKey, viewer.key) : eq(orders.userId, viewer.userId),
      ),
    );
  if (!order) return null;
  return {
    id: order.id,
    status: order.status,
    date: order.createdAt.toISOString(),
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    total: order.total,
    paymentMethod: order.paymentMethod,
    billing: order.billingAddress,
    shipping: order.shippingAddress,
    customerNote: order.customerNote,
    lines: await linesOf(db, id),
  };
}

/** The account's orders, newest first. */
export async function listOrdersOfUser(db: Database, userId: number, limit = 100): Promise<OrderSummary[]> {
  const rows = await db
    .select({ id: orders.id, date: orders.createdAt, status: orders.status, total: orders.total })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
}

/** The whole order row and its lines (the confirmation mail); null for an unknown id. */
export async function orderWithLines(
  db: Database,
  id: number,
): Promise<(OrderRow & { lines: OrderLineView[] }) | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  return { ...order, lines: await linesOf(db, id) };
}

/** What the back office and the REST API show of an order. */
const adminColumns = {
  id: orders.id,
  status: orders.status,
  currency: orders.currency,
  total: orders.total,
  subtotal: orders.subtotal,
  shippingTotal: orders.shippingTotal,
  paymentMethod: orders.paymentMethod,
  customerId: orders.userId,
  billing: orders.billingAddress,
  shipping: orders.shippingAddress,
  customerNote: orders.customerNote,
  dateCreated: orders.createdAt,
};

export type AdminOrder = {
  id: number;
  status: OrderRow["status"];
  currency: string;
  total: number;
  subtotal: number;
  shippingTotal: number;
  paymentMethod: string;
  customerId: number | null;
  billing: OrderRow["billingAddress"];
  shipping: OrderRow["shippingAddress"];
  customerNote: string;
  dateCreated: Date;
};

/** The attribution record as stored, without its order id and origin label. */
export type AttributionRecord = Omit<typeof orderAttribution.$inferSelect, "orderId" | "origin">;

export type AdminOrderDetail = AdminOrder & {
  lines: Array<{
    id: number;
    name: string;
    productId: number | null;
    variationId: number | null;
    quantity: number;
    total: number;
  }>;
  attribution: AttributionRecord | null;
  origin: string;
};

/** A page of every order, newest first, each with its origin label ({@link UNKNOWN_ORIGIN} without a record). */
export async function listOrders(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ total: number; orders: Array<AdminOrder & { origin: string }> }> {
  const [total] = await db.select({ total: count() }).from(orders);
  const rows = await db
    .select({ ...adminColumns, origin: orderAttribution.origin })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: total?.total ?? 0,
    orders: rows.map((row) => ({ ...row, origin: row.origin ?? UNKNOWN_ORIGIN })),
  };
}

/** One order with its lines, its attribution record and its origin label; null for an unknown id. */
export async function orderForAdmin(db: Database, id: number): Promise<AdminOrderDetail | null> {
  const [order] = await db.select(adminColumns).from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const [lines, [attribution]] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        name: orderLines.name,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        quantity: orderLines.quantity,
        total: orderLines.total,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id)),
    db.select().from(orderAttribution).where(eq(orderAttribution.orderId, id)),
  ]);
  if (!attribution) return { ...order, lines, attribution: null, origin: UNKNOWN_ORIGIN };
  const { orderId: _order, origin, ...record } = attribution;
  return { ...order, lines, attribution: record, origin };
}
