/**
 * An order's statuses and which changes the back office may make (issue 16, decision 0032; issue 40,
 * decision 0063). As in WooCommerce, the owner moves an order between the live statuses as they
 * like (an order on hold by bank transfer straight to completed, a completed one back to
 * processing); cancelled and refunded put the order's stock back and are final, but for a cancelled
 * order's refund: reopening would have to take the stock again, which may be gone.
 */
export const ORDER_STATUSES = [
  "pending",
  "on-hold",
  "processing",
  "completed",
  "cancelled",
  "refunded",
  "failed",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An open order (pending, on hold, processing, completed, failed) may become any other status; the
 * usual next step comes first, as the order page's choice starts on it.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "on-hold", "completed", "failed", "cancelled", "refunded"],
  "on-hold": ["processing", "completed", "pending", "failed", "cancelled", "refunded"],
  processing: ["completed", "on-hold", "pending", "failed", "cancelled", "refunded"],
  completed: ["refunded", "processing", "on-hold", "pending", "failed", "cancelled"],
  failed: ["pending", "processing", "on-hold", "completed", "cancelled", "refunded"],
  // The stock is back on the shelves: reopening would have to take it again, and it may be gone.
  cancelled: ["refunded"],
  refunded: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order of `from` may be given, in the order the back office offers them. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** Whether an order of `from` may become `to` (never its own status: that is no change). */
export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whether becoming `to` puts the order's stock back (what of it has not gone back yet). */
export function restoresStock(to: OrderStatus): boolean {
  return to === "cancelled" || to === "refunded";
}
