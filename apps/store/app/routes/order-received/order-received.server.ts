import { type Database, orderLines, orders } from "@vitrine/db";
import { and, asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { z } from "zod";

const params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().min(10).max(100),
});

/** The order confirmation: shown only with the order's own key (a wrong key is a 404, not a hint). */
export async function loadOrderReceived(context: AppLoadContext, id: string, key: string | null) {
  const parsed = params.safeParse({ id, key });
  if (!parsed.success) throw data(null, { status: 404 });
  const order = await findOrder(context.db, parsed.data.id, { key: parsed.data.key });
  if (!order) throw data(null, { status: 404 });
  return order;
}

/** An order with its lines, found by its key or its owner; null when neither matches. */
export async function findOrder(db: Database, id: number, match: { key: string } | { userId: number }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        "key" in match ? eq(orders.orderKey, match.key) : eq(orders.userId, match.userId),
      ),
    );
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      quantity: orderLines.quantity,
      total: orderLines.total,
      attributes: orderLines.attributes,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
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
    lines,
  };
}
