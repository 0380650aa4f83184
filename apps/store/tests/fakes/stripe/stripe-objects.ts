import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/**
 * The objects the fake answers and sends, typed as the fields of stripe-node's own types that the
 * fake fills: a field it writes has Stripe's name and type, and a field it leaves out is absent
 * rather than invented.
 */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "amount_subtotal"
  | "amount_total"
  | "cancel_url"
  | "client_reference_id"
  | "created"
  | "currency"
  | "customer"
  | "customer_details"
  | "customer_email"
  | "expires_at"
  | "livemode"
  | "locale"
  | "metadata"
  | "mode"
  | "payment_intent"
  | "payment_method_types"
  | "payment_status"
  | "shipping_cost"
  | "shipping_options"
  | "status"
  | "success_url"
  | "total_details"
  | "ui_mode"
  | "url"
>;

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | "id"
  | "object"
  | "amount"
  | "amount_received"
  | "capture_method"
  | "created"
  | "currency"
  | "description"
  | "last_payment_error"
  | "latest_charge"
  | "livemode"
  | "metadata"
  | "payment_method_types"
  | "status"
>;

export type Charge = Pick<
  Stripe.Charge,
  | "id"
  | "object"
  | "amount"
  | "amount_captured"
  | "amount_refunded"
  | "balance_transaction"
  | "captured"
  | "created"
  | "currency"
  | "disputed"
  | "failure_code"
  | "failure_message"
  | "livemode"
  | "metadata"
  | "paid"
  | "payment_intent"
  | "refunded"
  | "status"
>;

export type Refund = Pick<
  Stripe.Refund,
  | "id"
  | "object"
  | "amount"
  | "balance_transaction"
  | "charge"
  | "created"
  | "currency"
  | "failure_reason"
  | "metadata"
  | "payment_intent"
  | "reason"
  | "status"
>;

export type Dispute = Pick<
  Stripe.Dispute,
  | "id"
  | "object"
  | "amount"
  | "charge"
  | "created"
  | "currency"
  | "is_charge_refundable"
  | "livemode"
  | "metadata"
  | "payment_intent"
  | "reason"
  | "status"
>;

/** The event types the fake sends: the ones a Checkout integration with refunds and disputes uses. */
export type FakeEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired"
  | "charge.refunded"
  | "refund.failed"
  | "charge.dispute.created";

export type StripeEvent = Pick<
  Stripe.Event,
  "id" | "object" | "api_version" | "created" | "livemode" | "pending_webhooks" | "request"
> & {
  type: FakeEventType;
  data: { object: CheckoutSession | Charge | Refund | Dispute };
};

/** A line of a session as the shopper's page shows it (Stripe keeps these as `line_items`). */
export type SessionLine = { name: string; unitAmount: number; quantity: number; currency: string };

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An id with Stripe's prefix (`cs_test_`, `pi_`, `evt_` …) and a random tail. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let tail = "";
  for (const byte of bytes) tail += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${tail}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function newPaymentIntent(session: CheckoutSession, metadata: Record<string, string>): PaymentIntent {
  return {
    id: stripeId("pi"),
    object: "payment_intent",
    amount: session.amount_total ?? 0,
    amount_received: 0,
    capture_method: "automatic_async",
    created: nowSeconds(),
    currency: session.currency ?? "",
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata,
    payment_method_types: ["card"],
    status: "requires_payment_method",
  };
}

export function newCharge(intent: PaymentIntent, status: Charge["status"]): Charge {
  const paid = status === "succeeded";
  return {
    id: stripeId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: paid ? intent.amount : 0,
    amount_refunded: 0,
    balance_transaction: paid ? stripeId("txn") : null,
    captured: paid,
    created: nowSeconds(),
    currency: intent.currency,
    disputed: false,
    failure_code: status === "failed" ? "card_declined" : null,
    failure_message: status === "failed" ? "Your card was declined." : null,
    livemode: false,
    metadata: {},
    paid,
    payment_intent: intent.id,
    refunded: false,
    status,
  };
}

export function newRefund(
  charge: Charge,
  amount: number,
  metadata: Record<string, string>,
  reason: Refund["reason"],
): Refund {
  return {
    id: stripeId("re"),
    object: "refund",
    amount,
    balance_transaction: stripeId("txn"),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    metadata,
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    reason,
    status: "succeeded",
  };
}

export function newDispute(charge: Charge, reason: string): Dispute {
  return {
    id: stripeId("dp"),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    reason,
    status: "needs_response",
  };
}

/**
 * An event carries a snapshot of its object as it was when the event happened: later changes to the
 * session or charge do not reach an event already made (a resend sends the same snapshot).
 */
export function newEvent(
  type: FakeEventType,
  object: StripeEvent["data"]["object"],
  apiVersion: string,
  request: { id: string; idempotencyKey: string | null } | null,
): StripeEvent {
  return {
    id: stripeId("evt"),
    object: "event",
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
    type,
  };
}
