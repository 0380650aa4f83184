import type { CartView } from "../../lib/cart.ts";

/** Quantities the shopper asked for and the server has not confirmed yet; 0 removes the line. */
export type PendingQuantities = Record<string, number>;

/**
 * The cart as it will be once the pending changes go through: shown at once, and dropped for the
 * server's answer (or rolled back) when it comes. Totals move by the lines' differences, so whatever
 * else the server counts in the total stays as it was.
 */
export function optimisticCart(cart: CartView, pending: PendingQuantities): CartView {
  if (Object.keys(pending).length === 0) return cart;
  let subtotalDelta = 0;
  let countDelta = 0;
  const lines: CartView["lines"] = [];
  for (const line of cart.lines) {
    const wanted = pending[line.key];
    if (wanted === undefined || wanted === line.quantity) {
      lines.push(line);
      continue;
    }
    const total = line.unitPrice * wanted;
    subtotalDelta += total - line.total;
    countDelta += wanted - line.quantity;
    if (wanted > 0) lines.push({ ...line, quantity: wanted, total });
  }
  return {
    ...cart,
    lines,
    itemCount: cart.itemCount + countDelta,
    subtotal: cart.subtotal + subtotalDelta,
    total: cart.total + subtotalDelta,
  };
}
