import { orderLines, orders, products, type Transaction, variations } from "@vitrine/db";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";

/** How many of one order line's items to put back (a refund's restock names them). */
export type LineRestock = { lineId: number; quantity: number };

/**
 * Puts a placed order's stock back, the exact inverse of what `takeStock` (checkout.server.ts) took
 * when it was placed: each line's items return to its variation or simple product, a count that
 * reached 0 (and so went out of stock) is in stock again, and the product's sales count goes down.
 * Without `only`, every item that has not gone back yet does (a cancellation, a refund of the whole
 * order); with it, the named quantities do, each within what of its line has not gone back (a
 * partial refund's restock). Each line counts what went back (`restocked_quantity`), so an item never
 * goes back twice: a partial refund's restock and then a cancellation put back the rest only.
 * Runs inside the caller's transaction; the order row is locked first, so concurrent callers run
 * one after the other and each reads what the previous one left. Answers the products it touched
 * (for the page cache), or none.
 */
export async function restoreOrderStock(
  tx: Transaction,
  orderId: number,
  only?: readonly LineRestock[],
): Promise<number[]> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return [];

  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variationId: orderLines.variationId,
      quantity: orderLines.quantity,
      restocked: orderLines.restockedQuantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), lt(orderLines.restockedQuantity, orderLines.quantity)))
    .orderBy(asc(orderLines.productId), asc(orderLines.variationId), asc(orderLines.id));

  const touched = new Set<number>();
  for (const line of lines) {
    const left = line.quantity - line.restocked;
    const asked = only
      ? only.filter((each) => each.lineId === line.id).reduce((n, each) => n + each.quantity, 0)
      : left;
    const back = Math.min(left, Math.max(asked, 0));
    if (back <= 0) continue;
    await tx
      .update(orderLines)
      .set({ restockedQuantity: sql`${orderLines.restockedQuantity} + ${back}` })
      .where(eq(orderLines.id, line.id));
    if (line.variationId !== null) {
      await tx
        .update(variations)
        .set({
          stockQuantity: sql`${variations.stockQuantity} + ${back}`,
          stockStatus: sql`case when ${variations.stockQuantity} = 0 and ${variations.stockStatus} = 'outofstock' then 'instock' else ${variations.stockStatus} end`,
        })
        .where(eq(variations.id, line.variationId));
    }
    if (line.productId === null) continue;
    touched.add(line.productId);
    // A simple product's stock and sales in one statement, as they were taken. A line whose variation
    // was deleted since (variation id gone, product still variable) gives back its sales count only:
    // the stock it took was the variation's, not the product's.
    const simple = line.variationId === null ? sql`${products.type} = 'simple'` : sql`false`;
    await tx
      .update(products)
      .set({
        stockQuantity: sql`case when ${simple} then ${products.stockQuantity} + ${back} else ${products.stockQuantity} end`,
        stockStatus: sql`case when ${simple} and ${products.stockQuantity} = 0 and ${products.stockStatus} = 'outofstock' then 'instock' else ${products.stockStatus} end`,
        totalSales: sql`greatest(${products.totalSales} - ${back}, 0)`,
      })
      .where(eq(products.id, line.productId));
  }
  // The order's stock is all back once no line has an item out: the order's page says so.
  await tx
    .update(orders)
    .set({ stockRestoredAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.stockRestoredAt),
        sql`not exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderId} and ${orderLines.restockedQuantity} < ${orderLines.quantity})`,
      ),
    );
  return [...touched].sort((a, b) => a - b);
}
