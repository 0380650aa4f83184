import { type Database, orderPayments, orders, paymentEvents, type Transaction } from "@vitrine/db";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatPrice } from "../../i18n/format.ts";
import { oweDisputeMail } from "../mail/owed-mails.server.ts";
import { OWNER_LOCALE } from "../mail/store-mail.server.ts";
import type { OrderChangeContext } from "../orders/order-moves.server.ts";
import { recordGatewayRefund } from "../orders/refunds.server.ts";
import { inPaymentTransaction, NOTHING_CHANGED, paymentNote } from "./payment-changes.server.ts";
import { type StripeAccess, stripeAccess } from "./stripe-client.server.ts";
import {
  applyStripeSession,
  type SessionOutcome,
  sessionOutcome,
  settleStripeSession,
} from "./stripe-settlement.server.ts";

/**
 * Stripe's webhook (issue 42, decision 0073): an event is believed only with a valid signature over
 * the raw body, made within Stripe's five minutes' tolerance; each is handled in one transaction
 * that first writes its `payment_events` row, so an event delivered twice (a retry, a resend) changes
 * nothing the second time, and the answer follows the commit: a process killed before it answers is
 * sent the event again, and that completes it.
 */

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

const refused = (status: number, code: string, message: string): WebhookAnswer => ({
  status,
  body: { code, message, data: { status } },
});

/** Verifies the call and handles its event; answers what to send back. */
export async function receiveStripeWebhook(
  context: OrderChangeContext,
  call: { payload: string | Buffer; signature: string | undefined },
): Promise<WebhookAnswer> {
  const access = stripeAccess(context.config, context.settings.payments);
  // Switched off, or no signing secret: nothing can be believed; Stripe keeps the event and retries.
  if (!access?.webhookSecret)
    return refused(503, "stripe_webhook_off", "Stripe's webhook is not set up in this store.");
  let event: Stripe.Event;
  try {
    event = await access.client.webhooks.constructEventAsync(
      call.payload,
      call.signature ?? "",
      access.webhookSecret,
    );
  } catch (error) {
    context.logger.warn({ err: error }, "Stripe webhook refused: bad signature");
    return refused(400, "stripe_invalid_signature", "The webhook's signature is missing, wrong or too old.");
  }
  await handleStripeEvent(context, access, event);
  return { status: 200, body: { received: true } };
}

/** The event's effect; an event of another type is answered and ignored. */
export async function handleStripeEvent(
  context: OrderChangeContext,
  access: StripeAccess,
  event: Stripe.Event,
): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return sessionEvent(context, event, event.data.object, sessionOutcome(event.data.object));
    case "checkout.session.async_payment_failed":
      return sessionEvent(context, event, event.data.object, "failed");
    case "checkout.session.expired":
      return sessionEvent(context, event, event.data.object, "expired");
    case "charge.refunded":
      return chargeRefunded(context, access, event, event.data.object);
    case "refund.failed":
      return refundFailed(context, event, event.data.object);
    case "charge.dispute.created":
      return disputeCreated(context, event, event.data.object);
  }
}

/** The event's row, first in its transaction: false when it was handled before. */
async function firstTime(tx: Transaction, event: Stripe.Event): Promise<boolean> {
  const written = await tx
    .insert(paymentEvents)
    .values({ gateway: "stripe", eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return written.length > 0;
}

async function sessionEvent(
  context: OrderChangeContext,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  outcome: SessionOutcome,
): Promise<void> {
  await inPaymentTransaction(context, async (tx) =>
    (await firstTime(tx, event)) ? applyStripeSession(context, tx, session, outcome) : NOTHING_CHANGED,
  );
}

const intentOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The order a payment intent paid (or tried to), by the payment's row. */
async function orderOfIntent(tx: Transaction | Database, intent: string) {
  const [payment] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(eq(orderPayments.gateway, "stripe"), eq(orderPayments.paymentId, intent)));
  return payment?.orderId ?? null;
}

/**
 * Money went back on a charge: a refund made in Stripe's dashboard, or the store's own (already
 * recorded, so nothing happens). The event tells how much in all, not which refund (Stripe's API
 * since 2022-11-15), so Stripe's list of the payment's refunds names them; each one the order does
 * not record yet is recorded, within what is left of the order, with the shopper's refund mail. Only
 * the payment that paid the order counts: one refunded as not needed (two tabs) is not the order's.
 */
async function chargeRefunded(
  context: OrderChangeContext,
  access: StripeAccess,
  event: Stripe.Event,
  charge: Stripe.Charge,
): Promise<void> {
  const intent = intentOf(charge.payment_intent);
  if (intent) await settleUnknownPayment(context, access, intent);
  // Asked before the transaction, so no row is held while Stripe answers; oldest first.
  const refunds = intent
    ? (await access.client.refunds.list({ payment_intent: intent, limit: 100 })).data
        .filter((refund) => refund.status === "succeeded" || refund.status === "pending")
        .reverse()
    : [];
  await inPaymentTransaction(context, async (tx) => {
    if (!(await firstTime(tx, event)) || !intent) return NOTHING_CHANGED;
    const orderId = await orderOfIntent(tx, intent);
    if (orderId === null) return NOTHING_CHANGED;
    // The order's row first (as every change of it), then whether this payment is the one that paid it.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    const [payment] = await tx
      .select({ status: orderPayments.status })
      .from(orderPayments)
      .where(and(eq(orderPayments.gateway, "stripe"), eq(orderPayments.paymentId, intent)));
    if (payment?.status !== "paid") return NOTHING_CHANGED;
    const restocked: number[] = [];
    let changed = false;
    for (const refund of refunds) {
      const recorded = await recordGatewayRefund(tx, orderId, {
        amount: refund.amount,
        gatewayRefundId: refund.id,
      });
      if (!recorded) continue;
      changed = true;
      restocked.push(...recorded.restocked);
      await paymentNote(tx, orderId, "dashboardRefund", {
        amount: formatPrice(recorded.amount, refund.currency.toUpperCase(), OWNER_LOCALE),
        refund: refund.id,
      });
    }
    return { orderId, changed, restocked };
  });
}

/**
 * Stripe does not send its events in order: a refund's may come before the payment's (the payment's
 * delivery failed and is retried later), and a payment intent is known to the store only once its
 * session is settled. Its session, as Stripe has it, is settled first (nothing happens for a session
 * that is not the store's), or the refund would be dropped and the order shipped as paid.
 */
async function settleUnknownPayment(
  context: OrderChangeContext,
  access: StripeAccess,
  intent: string,
): Promise<void> {
  if ((await orderOfIntent(context.db, intent)) !== null) return;
  const [session] = (await access.client.checkout.sessions.list({ payment_intent: intent, limit: 1 })).data;
  if (session) await settleStripeSession(context, session);
}

/**
 * A refund that failed after Stripe took it (the card closed or lost since the payment): the money
 * is back in the owner's Stripe balance and the shopper has none of it, though the order records the
 * refund and the shopper was told of it. The owner reads it on the order, once, to refund another
 * way; a failed refund of a payment the order did not need (two tabs) is noted on its order too.
 */
async function refundFailed(
  context: OrderChangeContext,
  event: Stripe.Event,
  refund: Stripe.Refund,
): Promise<void> {
  await onceForOrderOf(context, event, refund.payment_intent, (tx, orderId) =>
    paymentNote(tx, orderId, "refundFailed", {
      amount: formatPrice(refund.amount, refund.currency.toUpperCase(), OWNER_LOCALE),
      refund: refund.id,
      reason: refund.failure_reason ?? "unknown",
    }),
  );
}

/** The shopper's bank disputes the payment: a note on the order and a mail to the owner, once. */
async function disputeCreated(
  context: OrderChangeContext,
  event: Stripe.Event,
  dispute: Stripe.Dispute,
): Promise<void> {
  await onceForOrderOf(context, event, dispute.payment_intent, async (tx, orderId) => {
    await paymentNote(tx, orderId, "dispute", {
      dispute: dispute.id,
      amount: formatPrice(dispute.amount, dispute.currency.toUpperCase(), OWNER_LOCALE),
      reason: dispute.reason,
    });
    await oweDisputeMail(tx, {
      orderId,
      disputeId: dispute.id,
      amount: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      reason: dispute.reason,
    });
  });
}

/**
 * An event about a payment that only tells the owner (a note, a mail): `write` runs once per event,
 * in the order's transaction, for the order the payment intent paid; nothing for one the store does
 * not know (another integration's on the same Stripe account).
 */
async function onceForOrderOf(
  context: OrderChangeContext,
  event: Stripe.Event,
  paymentIntent: string | Stripe.PaymentIntent | null,
  write: (tx: Transaction, orderId: number) => Promise<unknown>,
): Promise<void> {
  const intent = intentOf(paymentIntent);
  await inPaymentTransaction(context, async (tx) => {
    if (!(await firstTime(tx, event)) || !intent) return NOTHING_CHANGED;
    const orderId = await orderOfIntent(tx, intent);
    if (orderId === null) return NOTHING_CHANGED;
    await write(tx, orderId);
    return { orderId, changed: true, restocked: [] };
  });
}
