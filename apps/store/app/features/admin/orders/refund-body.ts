import type { AdminOrderPage, RefundInputBody } from "../../../lib/order-resource.ts";

/**
 * The refund form's rules (issue 40), without React: what is left of a line to refund, the amount a
 * quantity of it refunds by default (its unit price each, as WooCommerce fills it in), and the body
 * the form sends to `POST /orders/{id}/refunds`.
 */

type Line = AdminOrderPage["lines"][number];

/** Of the line, the items and the amount no refund has given back yet. */
export function leftOfLine(line: Line): { quantity: number; total: number } {
  return { quantity: line.quantity - line.refundedQuantity, total: line.total - line.refundedTotal };
}

/**
 * What refunding `quantity` of the line gives back by default: its share of the line's total (the
 * unit price each, rounded once, as WooCommerce fills it in), within what is left. The line's last
 * items take all that is left of it when only rounding stands between (a cent an item at most): a
 * line refunded whole, at once or item by item, gives back its whole total.
 */
export function defaultLineAmount(line: Line, quantity: number): number {
  if (line.quantity <= 0 || quantity <= 0) return 0;
  const left = leftOfLine(line);
  const share = Math.round((line.total * quantity) / line.quantity);
  if (quantity >= left.quantity && left.total - share <= line.quantity) return Math.max(0, left.total);
  return Math.max(0, Math.min(share, left.total));
}

/** The form's choices as the REST route takes them: only the lines it refunds something of. */
export function refundBody(form: {
  amount: number;
  reason: string;
  restock: boolean;
  lines: Array<{ id: number; quantity: number; amount: number }>;
}): RefundInputBody {
  return {
    amount: form.amount,
    reason: form.reason.trim(),
    api_restock: form.restock,
    line_items: form.lines
      .filter((line) => line.quantity > 0 || line.amount > 0)
      .map((line) => ({ id: line.id, quantity: line.quantity, refund_total: line.amount })),
  };
}
