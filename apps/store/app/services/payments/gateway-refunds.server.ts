import { createHash } from "node:crypto";
import { orderPayments, type Transaction } from "@vitrine/db";
import { and, asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Config } from "../../config.server.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { stripeAccess } from "./stripe-client.server.ts";

/**
 * Money sent back through the provider that took it (issue 42, decision 0073). Every refund of an
 * order paid through Stripe, whatever asked for it (the back office's refund form, the REST API, a
 * status set to refunded by hand), and the refund of a payment the order did not need (two tabs),
 * goes through `sendStripeRefund`, with an idempotency key: a retried or doubled request refunds
 * once. Callers make it inside the order's transaction, its row held: a `charge.refunded` webhook
 * that follows waits for the commit and then finds the refund recorded; a refusal rolls back
 * whatever the caller had written.
 */

export type GatewayRefundErrorCode =
  /** Stripe is switched off (or has no key): the order's money cannot be sent back through it. */
  | "gateway_off"
  /** Stripe answered no (a disputed charge, more than is left at Stripe …). */
  | "gateway_refused"
  /** Stripe could not be reached, or failed: nothing is known to be refunded. */
  | "gateway_unreachable";

export class GatewayRefundError extends Error {
  override name = "GatewayRefundError";
  constructor(
    readonly code: GatewayRefundErrorCode,
    /** What the provider said, for the logs. */
    readonly providerMessage = "",
  ) {
    super(`${code}${providerMessage ? `: ${providerMessage}` : ""}`);
  }
}

export type RefundContext = { config: Pick<Config, "stripe">; settings: Pick<StoreSettings, "payments"> };

/** The one payment that paid the order at a provider, if it was paid so. */
export async function payingPayment(
  tx: Transaction,
  orderId: number,
): Promise<{ id: number; gateway: string; reference: string; paymentId: string } | null> {
  const [payment] = await tx
    .select({
      id: orderPayments.id,
      gateway: orderPayments.gateway,
      reference: orderPayments.reference,
      paymentId: orderPayments.paymentId,
    })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "paid")))
    .orderBy(asc(orderPayments.settledAt), asc(orderPayments.id))
    .limit(1);
  return payment?.paymentId ? { ...payment, paymentId: payment.paymentId } : null;
}

/**
 * A refund's idempotency key: the payment (unique at Stripe, whichever store or database asks), the
 * order and what is refunded (amount, reason, lines, restock), so a double click or a retry of one
 * refund sends it once; Stripe keeps a key 24 hours. The same refund asked twice on purpose within a
 * day is the same refund, and its second ask changes nothing.
 */
export function refundIdempotencyKey(paymentIntent: string, orderId: number, content: unknown): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([orderId, content]))
    .digest("hex")
    .slice(0, 32);
  return `vitrine-refund-${paymentIntent}-${digest}`;
}

/**
 * In the order's transaction: sends `amount` of the order back through the provider that was paid,
 * and answers the provider's refund id; null when the order was not paid through one (bank
 * transfer, cash, the wallet): the refund is then the store's record only, as before. `content` is
 * what tells this refund from another of the same order (its idempotency key's).
 */
export async function refundAtGateway(
  context: RefundContext,
  tx: Transaction,
  refund: { orderId: number; amount: number; content: unknown },
): Promise<{ gatewayRefundId: string } | null> {
  const payment = await payingPayment(tx, refund.orderId);
  if (!payment) return null;
  const sent = await sendStripeRefund(context, {
    paymentIntent: payment.paymentId,
    amount: refund.amount,
    orderId: refund.orderId,
    idempotencyKey: refundIdempotencyKey(payment.paymentId, refund.orderId, refund.content),
  });
  return { gatewayRefundId: sent.id };
}

/**
 * One refund at Stripe, of `amount` (all that is left when left out). Stripe's refusal and its
 * silence are told apart, so the owner reads which it was; stripe-node has already retried a
 * failure once with the same key.
 */
export async function sendStripeRefund(
  context: RefundContext,
  refund: {
    paymentIntent: string;
    amount?: number;
    orderId: number;
    idempotencyKey: string;
    reason?: Stripe.RefundCreateParams.Reason;
  },
): Promise<Stripe.Refund> {
  const access = stripeAccess(context.config, context.settings.payments);
  if (!access) throw new GatewayRefundError("gateway_off");
  try {
    return await access.client.refunds.create(
      {
        payment_intent: refund.paymentIntent,
        ...(refund.amount === undefined ? {} : { amount: refund.amount }),
        ...(refund.reason ? { reason: refund.reason } : {}),
        metadata: { order_id: String(refund.orderId) },
      },
      { idempotencyKey: refund.idempotencyKey },
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const unreachable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 500) >= 500;
    throw new GatewayRefundError(unreachable ? "gateway_unreachable" : "gateway_refused", error.message);
  }
}
