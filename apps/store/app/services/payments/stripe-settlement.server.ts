import { orderPayments, orders, type Transaction } from "@vitrine/db";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatPrice } from "../../i18n/format.ts";
import type { OrderStatus } from "../../lib/order-status.ts";
import { takeBoughtLines } from "../cart/cart.server.ts";
import { OWNER_LOCALE } from "../mail/store-mail.server.ts";
import { moveOrderStatus, type OrderChangeContext } from "../orders/order-moves.server.ts";
import { sendStripeRefund } from "./gateway-refunds.server.ts";
import { inPaymentTransaction, type PaymentChange, paymentNote } from "./payment-changes.server.ts";
import { stripeAccess } from "./stripe-client.server.ts";

/**
 * A Checkout Session's state applied to its order (issue 42, decision 0073): the one path by which a
 * Stripe payment settles an order, whoever learnt of it (the webhook, the receipt page asking Stripe,
 * the sweep). Idempotent, in one transaction that holds the order's row, in whatever order the news
 * arrives: each outcome acts only on a payment still open, so a second or late word changes nothing,
 * and a paid order never goes back to failed or cancelled.
 *
 * - paid: the payment is paid; a pending order becomes processing (its placed mails owed: the
 *   shopper's confirmation and the owner's new order) and what it bought leaves the cart it came
 *   from. A payment the order no longer needs (it was paid in another tab, or has ended and its
 *   stock gone back) is refunded in full through Stripe in the same transaction: a refusal rolls it
 *   all back, and Stripe's retry of the event tries again with the same idempotency key.
 * - waiting (a delayed method, complete but unpaid): a pending order waits on hold, so the sweep
 *   leaves it alone until Stripe says paid or failed.
 * - failed or expired: the payment ends; its order, if nothing else may still pay it, becomes failed
 *   or cancelled and its stock comes back, once. The cart is left as it was.
 */

export type SessionOutcome = "open" | "waiting" | "paid" | "failed" | "expired";

/** What a session says of itself; a delayed payment's failure is known only from its event. */
export function sessionOutcome(
  session: Pick<Stripe.Checkout.Session, "status" | "payment_status">,
): SessionOutcome {
  if (session.status === "expired") return "expired";
  if (session.status !== "complete") return "open";
  return session.payment_status === "unpaid" ? "waiting" : "paid";
}

export type Settlement = PaymentChange & {
  outcome: SessionOutcome;
  /** The order's status after this; null when the session is none of the store's payments. */
  orderStatus: OrderStatus | null;
};

/** Settles the order a session pays, in its own transaction; the mails follow the answer. */
export function settleStripeSession(
  context: OrderChangeContext,
  session: Stripe.Checkout.Session,
  outcome: SessionOutcome = sessionOutcome(session),
): Promise<Settlement> {
  return inPaymentTransaction(context, (tx) => applyStripeSession(context, tx, session, outcome));
}

/**
 * Asks Stripe for a session and settles its order by what it says: the receipt page's check when
 * the shopper comes back before the webhook. Throws when Stripe is off or cannot be reached.
 */
export async function checkStripeSession(
  context: OrderChangeContext,
  reference: string,
): Promise<Settlement> {
  const access = stripeAccess(context.config, context.settings.payments);
  if (!access) throw new Error("Stripe is not switched on");
  return settleStripeSession(context, await access.client.checkout.sessions.retrieve(reference));
}

/** Statuses an order leaves its payment for: its stock is back, or its money is. */
const ENDED: readonly OrderStatus[] = ["cancelled", "failed", "refunded"];

type PaymentRow = {
  id: number;
  reference: string;
  status: (typeof orderPayments.$inferSelect)["status"];
  paymentId: string | null;
  cartId: number | null;
  amount: number;
  currency: string;
};

/** In the caller's transaction (the webhook's holds its event's row too): see the module's comment. */
export async function applyStripeSession(
  context: OrderChangeContext,
  tx: Transaction,
  session: Stripe.Checkout.Session,
  outcome: SessionOutcome,
): Promise<Settlement> {
  const [found] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(eq(orderPayments.gateway, "stripe"), eq(orderPayments.reference, session.id)));
  if (!found) return { orderId: null, changed: false, restocked: [], outcome, orderStatus: null };
  const { orderId } = found;
  // The order first, as every change of it: its payments are read once the row is held.
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  const payments: PaymentRow[] = await tx
    .select({
      id: orderPayments.id,
      reference: orderPayments.reference,
      status: orderPayments.status,
      paymentId: orderPayments.paymentId,
      cartId: orderPayments.cartId,
      amount: orderPayments.amount,
      currency: orderPayments.currency,
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId));
  const payment = payments.find((each) => each.reference === session.id)!;
  const others = payments.filter((each) => each.id !== payment.id);
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  const state = { orderId, status: order!.status, payment, others, intent };
  const result = await (async (): Promise<Omit<Settlement, "orderId" | "outcome">> => {
    switch (outcome) {
      case "paid":
        return paid(context, tx, state);
      case "waiting":
        return waiting(tx, state);
      case "failed":
      case "expired":
        return ended(tx, state, outcome);
      case "open":
        return { changed: false, restocked: [], orderStatus: state.status };
    }
  })();
  return { orderId, outcome, ...result };
}

type SettlingState = {
  orderId: number;
  status: OrderStatus;
  payment: PaymentRow;
  others: PaymentRow[];
  intent: string | null;
};
type Applied = { changed: boolean; restocked: number[]; orderStatus: OrderStatus };

async function paid(context: OrderChangeContext, tx: Transaction, state: SettlingState): Promise<Applied> {
  const { orderId, status, payment, intent } = state;
  const unchanged = { changed: false, restocked: [], orderStatus: status };
  if (payment.status === "paid" || payment.status === "refunded" || !intent) return unchanged;
  const surplus = state.others.some((other) => other.status === "paid") || ENDED.includes(status);
  if (surplus) {
    const refund = await sendStripeRefund(context, {
      paymentIntent: intent,
      orderId,
      idempotencyKey: `vitrine-surplus-${payment.reference}`,
      reason: "duplicate",
    });
    await setPayment(tx, payment.id, { status: "refunded", paymentId: intent, settled: true });
    await paymentNote(tx, orderId, "surplusRefunded", {
      payment: intent,
      refund: refund.id,
      amount: formatPrice(payment.amount, payment.currency.toUpperCase(), OWNER_LOCALE),
    });
    return { ...unchanged, changed: true };
  }
  await setPayment(tx, payment.id, { status: "paid", paymentId: intent, settled: true });
  let orderStatus = status;
  if (status === "pending" || status === "on-hold") {
    // From pending the payment places the order; from on hold (a delayed payment) it was placed then.
    await moveOrderStatus(tx, {
      orderId,
      from: status,
      to: "processing",
      by: null,
      placesOrder: status === "pending",
    });
    orderStatus = "processing";
  }
  if (payment.cartId !== null) await takeBoughtLines(tx, payment.cartId, orderId);
  await paymentNote(tx, orderId, "paid", { payment: intent });
  return { changed: true, restocked: [], orderStatus };
}

async function waiting(tx: Transaction, state: SettlingState): Promise<Applied> {
  const { orderId, status, payment, intent } = state;
  const unchanged = { changed: false, restocked: [], orderStatus: status };
  if (payment.status !== "open" || payment.paymentId !== null || !intent) return unchanged;
  await setPayment(tx, payment.id, { paymentId: intent });
  if (status !== "pending") return { ...unchanged, changed: true };
  await moveOrderStatus(tx, { orderId, from: status, to: "on-hold", by: null, placesOrder: true });
  await paymentNote(tx, orderId, "waiting", { payment: intent });
  return { changed: true, restocked: [], orderStatus: "on-hold" };
}

async function ended(tx: Transaction, state: SettlingState, outcome: "failed" | "expired"): Promise<Applied> {
  const { orderId, status, payment, intent } = state;
  const unchanged = { changed: false, restocked: [], orderStatus: status };
  // A payment that is paid (or was refunded as not needed) never fails or expires later.
  if (payment.status !== "open") return unchanged;
  await setPayment(tx, payment.id, {
    status: outcome,
    ...(intent && payment.paymentId === null ? { paymentId: intent } : {}),
  });
  // Another tab's payment may still pay the order: it ends with the last.
  const stillPaying = state.others.some((other) => other.status === "open" || other.status === "paid");
  if (stillPaying || (status !== "pending" && status !== "on-hold")) return { ...unchanged, changed: true };
  const to = outcome === "failed" ? "failed" : "cancelled";
  const restocked = await moveOrderStatus(tx, { orderId, from: status, to, by: null, returnsStock: true });
  await paymentNote(tx, orderId, outcome, { payment: intent ?? payment.reference });
  return { changed: true, restocked, orderStatus: to };
}

async function setPayment(
  tx: Transaction,
  id: number,
  change: { status?: PaymentRow["status"]; paymentId?: string; settled?: boolean },
): Promise<void> {
  await tx
    .update(orderPayments)
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.paymentId ? { paymentId: change.paymentId } : {}),
      ...(change.settled ? { settledAt: new Date() } : {}),
    })
    .where(eq(orderPayments.id, id));
}
