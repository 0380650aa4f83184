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

/** What refunding `quantity` of the line gives back by default: its unit price each, within what is left. */
export function defaultLineAmount(line: Line, quantity: number): number {
  const unit = line.quantity > 0 ? Math.floor(line.total / line.quantity) : 0;
  return Math.max(0, Math.min(unit * quantity, leftOfLine(line).total));
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
