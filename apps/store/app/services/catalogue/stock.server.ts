import { orderLines, orders, products, type Transaction, variations } from "@vitrine/db";
import { and, asc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import { NO_STOCK_THRESHOLD } from "../../lib/stock-rules.ts";

/**
 * The stock state a statement writes as it moves a row's count to `count` (decision 0080): the state
 * follows the count where it crosses the threshold, by `stockStatusFor`'s rule (lib/stock-rules.ts)
 * with the row's own backorders: down to 0 or below, out of stock, or on backorder where backorders
 * are allowed; back above it, in stock. A move that crosses nothing keeps the state, so one set by
 * hand stays; a row without a count keeps its state. The checkout's decrement and the restock below
 * write their states with it.
 */
export function stockStatusAfter(table: typeof products | typeof variations, count: SQL): SQL {
  const threshold = sql.raw(String(NO_STOCK_THRESHOLD));
  const old = table.stockQuantity;
  return sql`case when ${old} > ${threshold} and ${count} <= ${threshold}
      then case when ${table.backorders} <> 'no' then 'onbackorder' else 'outofstock' end
    when ${old} <= ${threshold} and ${count} > ${threshold} then 'instock'
    else ${table.stockStatus} end`;
}

/** How many of one order line's items to put back (a refund's restock names them). */
export type LineRestock = { lineId: number; quantity: number };

/**
 * Puts a placed order's stock back, the exact inverse of what `takeStock` (checkout.server.ts) took
 * when it was placed: each line's items return to its variation or simple product, whose state
 * follows its count back above 0 (`stockStatusAfter`: in stock again; a count still at 0 or below,
 * or a state set by hand, stays as it is), and the product's sales count goes down.
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
          stockStatus: stockStatusAfter(variations, sql`${variations.stockQuantity} + ${back}`),
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
        stockStatus: sql`case when ${simple} then ${stockStatusAfter(products, sql`${products.stockQuantity} + ${back}`)} else ${products.stockStatus} end`,
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
