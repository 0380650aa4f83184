/**
 * An order's statuses and which changes the back office may make (issue 16, decision 0032): forward
 * along pending payment → processing → completed, aside to on hold or failed, and out through
 * cancelled or refunded, which put the order's stock back (once) and are final but for a
 * cancelled order's refund.
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

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["on-hold", "processing", "cancelled", "failed"],
  "on-hold": ["processing", "cancelled", "failed"],
  processing: ["on-hold", "completed", "cancelled", "refunded"],
  completed: ["refunded"],
  failed: ["pending", "processing", "cancelled"],
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

/** Whether becoming `to` puts the order's stock back (once in its life, whichever comes first). */
export function restoresStock(to: OrderStatus): boolean {
  return to === "cancelled" || to === "refunded";
}
