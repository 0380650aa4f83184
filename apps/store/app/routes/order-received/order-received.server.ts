import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { downloadsOfOrder } from "../../services/downloads/download-permissions.server.ts";
import { findOrderForViewer } from "../../services/orders/orders.server.ts";
import { gatewayById } from "../../services/payments/gateways.server.ts";
import { confirmReturnFromStripe } from "../../services/payments/stripe-return.server.ts";

const params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().min(10).max(100),
});

/** The order confirmation: shown only with the order's own key (a wrong key is a 404, not a hint). */
export async function loadOrderReceived(
  context: AppLoadContext,
  id: string,
  key: string | null,
  sessionId: string | null = null,
) {
  const parsed = params.safeParse({ id, key });
  if (!parsed.success) throw data(null, { status: 404 });
  let order = await findOrderForViewer(context.db, parsed.data.id, { key: parsed.data.key });
  if (!order) throw data(null, { status: 404 });
  // Back from Stripe's page before its webhook: Stripe is asked about the session once (decision 0073).
  if (order.status === "pending" && order.paymentMethod === "stripe" && sessionId) {
    if (await confirmReturnFromStripe(context, order.id, sessionId))
      order = (await findOrderForViewer(context.db, parsed.data.id, { key: parsed.data.key })) ?? order;
  }
  // A bank transfer's receipt tells the shopper where to pay (the owner's settings).
  const bankDetails = order.paymentMethod === "bacs" ? context.settings.payments.bacs.details : null;
  // A paid order's files, each by its signed link (decision 0075).
  const downloads = await downloadsOfOrder(context.db, context.config.sessionSecret, order);
  return { order, bankDetails, payment: paymentState(order), downloads };
}

/**
 * Where an order paid away stands, as its receipt says it: being confirmed until the payment is
 * known, then paid or not; null for the methods paid otherwise.
 */
function paymentState(order: {
  status: string;
  paymentMethod: string;
}): "confirming" | "paid" | "failed" | null {
  if (!gatewayById(order.paymentMethod)?.paidAway) return null;
  // On hold: a delayed method (a bank debit) is paid or not some days later.
  if (order.status === "pending" || order.status === "on-hold") return "confirming";
  return order.status === "failed" || order.status === "cancelled" ? "failed" : "paid";
}
