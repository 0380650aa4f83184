import { orderPayments } from "@vitrine/db";
import { and, eq } from "drizzle-orm";
import type { OrderChangeContext } from "../orders/order-moves.server.ts";
import { checkStripeSession } from "./stripe-settlement.server.ts";

/**
 * The shopper back on the receipt from Stripe's page, perhaps before Stripe's webhook (issue 42):
 * the store asks Stripe about the session once (per process), settles the order by its answer, and
 * otherwise waits for the webhook; the receipt says "being confirmed" meanwhile.
 */

/** Sessions already asked about, so a receipt that asks again every few seconds asks Stripe once. */
const asked = new Set<string>();
const ASKED_KEPT = 1000;

/** Whether asking changed the order (the receipt then reads it again). Never throws for Stripe's sake. */
export async function confirmReturnFromStripe(
  context: OrderChangeContext,
  orderId: number,
  sessionId: string,
): Promise<boolean> {
  if (asked.has(sessionId) || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return false;
  // Only this order's own session, still open in the store's books.
  const [payment] = await context.db
    .select({ status: orderPayments.status })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.gateway, "stripe"),
        eq(orderPayments.reference, sessionId),
        eq(orderPayments.orderId, orderId),
      ),
    );
  if (payment?.status !== "open") return false;
  if (asked.size >= ASKED_KEPT) asked.clear();
  asked.add(sessionId);
  try {
    return (await checkStripeSession(context, sessionId)).changed;
  } catch (error) {
    context.logger.warn(
      { err: error, orderId },
      "Stripe was not reached about a returning shopper's session",
    );
    return false;
  }
}
