import type { CartView } from "../../lib/cart.ts";

/** Quantities the shopper asked for and the server has not confirmed yet; 0 removes the line. */
export type PendingQuantities = Record<string, number>;

/**
 * The cart as it will be once the pending changes go through: shown at once, and dropped for the
 * server's answer (or rolled back) when it comes. Totals move by the lines' differences (each
 * line's figures and tax scaled by its new quantity), so whatever else the server counts in the
 * total (discounts, shipping) stays as it was until the server's figures come.
 */
export function optimisticCart(cart: CartView, pending: PendingQuantities): CartView {
  if (Object.keys(pending).length === 0) return cart;
  let displayedDelta = 0;
  let subtotalDelta = 0;
  let taxDelta = 0;
  let countDelta = 0;
  const lines: CartView["lines"] = [];
  for (const line of cart.lines) {
    const wanted = pending[line.key];
    if (wanted === undefined || wanted === line.quantity) {
      lines.push(line);
      continue;
    }
    const scaled = (amount: number) => Math.round((amount * wanted) / line.quantity);
    const moved = {
      total: line.unitPrice * wanted,
      subtotal: scaled(line.subtotal),
      subtotalTax: scaled(line.subtotalTax),
    };
    displayedDelta += line.displayPrice * (wanted - line.quantity);
    subtotalDelta += moved.subtotal - line.subtotal;
    taxDelta += moved.subtotalTax - line.subtotalTax;
    countDelta += wanted - line.quantity;
    if (wanted > 0) lines.push({ ...line, quantity: wanted, ...moved });
  }
  const { totals } = cart;
  return {
    ...cart,
    lines,
    itemCount: cart.itemCount + countDelta,
    subtotal: cart.subtotal + displayedDelta,
    total: cart.total + subtotalDelta + taxDelta,
    totals: {
      ...totals,
      subtotal: totals.subtotal + subtotalDelta,
      subtotalTax: totals.subtotalTax + taxDelta,
      totalTax: totals.totalTax + taxDelta,
      total: totals.total + subtotalDelta + taxDelta,
    },
  };
}
