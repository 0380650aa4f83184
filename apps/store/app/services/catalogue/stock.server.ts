import { orderLines, orders, products, type Transaction, variations } from "@vitrine/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

/**
 * Puts a placed order's stock back, the exact inverse of what `takeStock` (checkout.server.ts) took
 * when it was placed: each line's quantity returns to its variation or simple product, a count that
 * reached 0 (and so went out of stock) is in stock again, and the product's sales count goes down.
 * Runs inside the caller's transaction, and once per order whatever the concurrency: the order row
 * is claimed first (`stock_restored_at`), so a second caller, even one waiting on the first, finds it
 * claimed and puts nothing back. Answers the products it touched (for the page cache), or none.
 */
export async function restoreOrderStock(tx: Transaction, orderId: number): Promise<number[]> {
  const claimed = await tx
    .update(orders)
    .set({ stockRestoredAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockRestoredAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return [];

  const lines = await tx
    .select({
      productId: orderLines.productId,
      variationId: orderLines.variationId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.productId), asc(orderLines.variationId));

  const touched = new Set<number>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    if (line.variationId !== null) {
      await tx
        .update(variations)
        .set({
          stockQuantity: sql`${variations.stockQuantity} + ${line.quantity}`,
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
        stockQuantity: sql`case when ${simple} then ${products.stockQuantity} + ${line.quantity} else ${products.stockQuantity} end`,
        stockStatus: sql`case when ${simple} and ${products.stockQuantity} = 0 and ${products.stockStatus} = 'outofstock' then 'instock' else ${products.stockStatus} end`,
        totalSales: sql`greatest(${products.totalSales} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId));
  }
  return [...touched];
}
