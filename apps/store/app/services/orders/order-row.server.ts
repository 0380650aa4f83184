import type { AdminOrderRow } from "../../lib/order-resource.ts";
import type { AdminOrder } from "./orders.server.ts";

/**
 * The back office's row of an order: who ordered, by the billing address (a guest has no account).
 * The orders list and an order's page both show it.
 */
export function orderRow(order: AdminOrder & { origin: string }): AdminOrderRow {
  const name = `${order.billing.first_name ?? ""} ${order.billing.last_name ?? ""}`.trim();
  const email = order.billing.email ?? "";
  return {
    id: order.id,
    status: order.status,
    date: order.dateCreated.toISOString(),
    currency: order.currency,
    total: order.total,
    customer: name || email,
    email,
    origin: order.origin,
  };
}
