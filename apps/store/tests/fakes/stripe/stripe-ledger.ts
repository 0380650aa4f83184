import { invalid, StripeApiError } from "./form-params.ts";
import { formatAmount } from "./hosted-page.ts";
import type { SessionInput } from "./session-params.ts";
import {
  type Charge,
  type CheckoutSession,
  type Dispute,
  type FakeEventType,
  newCharge,
  newDispute,
  newEvent,
  newPaymentIntent,
  newRefund,
  nowSeconds,
  type PaymentIntent,
  type Refund,
  type SessionLine,
  type StripeEvent,
  stripeId,
} from "./stripe-objects.ts";
import type { WebhookSender } from "./webhook-sender.ts";

/**
 * What the fake Stripe account holds (sessions, payment intents and their charge, refunds, events)
 * and the changes Stripe makes to it, each with the event Stripe sends. The API, the hosted page and
 * the test helpers all change it through here. Errors are Stripe's (`StripeApiError`), whoever asks.
 */

/** `succeeded`: the card is charged; `failed`: declined, the shopper stays on the page; `async`: a delayed method. */
export type PayOutcome = "succeeded" | "failed" | "async";
export type PayResult = { session: CheckoutSession; declined: boolean; redirectUrl: string | null };
/** The API call behind a change, named in its event's `request`; none for the page and the dashboard. */
export type Caller = { requestId: string; idempotencyKey: string | null } | null;

export type SessionState = {
  session: CheckoutSession;
  lines: SessionLine[];
  shippingName: string | null;
  intentMetadata: Record<string, string>;
  intentDescription: string | null;
};
type Payment = { intent: PaymentIntent; charge: Charge | null; refunds: Refund[] };

export const notFound = (kind: string, id: string, param: string) =>
  new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);

export class StripeLedger {
  readonly events: StripeEvent[] = [];
  private readonly sessionStates = new Map<string, SessionState>();
  private readonly payments = new Map<string, Payment>();
  private readonly chargeIntents = new Map<string, string>();

  constructor(
    private readonly sender: WebhookSender,
    private readonly apiVersion: string,
  ) {}

  /** Makes the event and starts sending it; `sent` settles after the first delivery attempt. */
  private emit(type: FakeEventType, object: StripeEvent["data"]["object"], caller: Caller) {
    const event = newEvent(
      type,
      object,
      this.apiVersion,
      caller && { id: caller.requestId, idempotencyKey: caller.idempotencyKey },
    );
    this.events.push(event);
    return { event, sent: this.sender.send(event) };
  }

  createSession(input: SessionInput, pageBase: string): CheckoutSession {
    const id = stripeId("cs_test", 58);
    const shipping = input.shipping[0];
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: input.subtotal,
      amount_total: input.total,
      cancel_url: input.cancelUrl,
      client_reference_id: input.reference,
      created: input.created,
      currency: input.currency,
      customer: null,
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt,
      livemode: false,
      locale: input.locale,
      metadata: input.metadata,
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      shipping_cost: shipping
        ? {
            amount_subtotal: shipping.amount,
            amount_tax: 0,
            amount_total: shipping.amount,
            shipping_rate: shipping.rate,
          }
        : null,
      shipping_options: input.shipping.map((option) => ({
        shipping_amount: option.amount,
        shipping_rate: option.rate,
      })),
      status: "open",
      success_url: input.successUrl,
      total_details: { amount_discount: 0, amount_shipping: shipping?.amount ?? 0, amount_tax: 0 },
      ui_mode: "hosted_page",
      url: `${pageBase}/c/pay/${id}`,
    };
    this.sessionStates.set(id, {
      session,
      lines: input.lines,
      shippingName: shipping?.displayName ?? null,
      intentMetadata: input.intentMetadata,
      intentDescription: input.intentDescription,
    });
    return session;
  }

  /** A session by id; Stripe expires an open one at `expires_at` on its own, and says so by webhook. */
  sessionState(id: string): SessionState | undefined {
    const state = this.sessionStates.get(id);
    if (state?.session.status === "open" && nowSeconds() >= state.session.expires_at) {
      void this.expireState(state, null).sent;
    }
    return state;
  }

  sessions(): CheckoutSession[] {
    return [...this.sessionStates.keys()].map((id) => this.sessionState(id)!.session);
  }

  requireSession(id: string): SessionState {
    const state = this.sessionState(id);
    if (!state) throw notFound("checkout.session", id, "session");
    return state;
  }

  expire(id: string, caller: Caller) {
    const state = this.requireSession(id);
    if (state.session.status !== "open") {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${state.session.status}\`.`,
      );
    }
    return { session: state.session, ...this.expireState(state, caller) };
  }

  private expireState(state: SessionState, caller: Caller) {
    state.session.status = "expired";
    state.session.url = null;
    return this.emit("checkout.session.expired", state.session, caller);
  }

  paymentIntent(id: string): PaymentIntent | undefined {
    return this.payments.get(id)?.intent;
  }

  charge(id: string): Charge | undefined {
    const intentId = this.chargeIntents.get(id);
    return intentId ? (this.payments.get(intentId)?.charge ?? undefined) : undefined;
  }

  refunds(filter: { paymentIntent?: string; charge?: string } = {}): Refund[] {
    return [...this.payments.values()]
      .flatMap((payment) => payment.refunds)
      .filter(
        (refund) =>
          (!filter.paymentIntent || refund.payment_intent === filter.paymentIntent) &&
          (!filter.charge || refund.charge === filter.charge),
      );
  }

  /** A payment intent named in a parameter is a 400 when missing, one named in the path a 404. */
  private requirePayment(id: string, param?: string): Payment {
    const payment = this.payments.get(id);
    if (payment) return payment;
    if (param) throw invalid(`No such payment_intent: '${id}'`, param, "resource_missing");
    throw notFound("payment_intent", id, "intent");
  }

  requirePaymentIntent(id: string): PaymentIntent {
    return this.requirePayment(id).intent;
  }

  /** The shopper's choice on the hosted page. A decline leaves the session open for another try. */
  async pay(sessionId: string, outcome: PayOutcome): Promise<PayResult> {
    const state = this.requireSession(sessionId);
    const { session } = state;
    if (session.status !== "open") throw invalid(`This Checkout Session is ${session.status}, not open.`);
    const earlier = session.payment_intent ? this.payments.get(String(session.payment_intent)) : undefined;
    const payment: Payment = earlier ?? {
      intent: { ...newPaymentIntent(session, state.intentMetadata), description: state.intentDescription },
      charge: null,
      refunds: [],
    };
    this.payments.set(payment.intent.id, payment);
    session.payment_intent = payment.intent.id;
    const charge = newCharge(
      payment.intent,
      { succeeded: "succeeded", async: "pending", failed: "failed" }[outcome],
    );
    payment.charge = charge;
    this.chargeIntents.set(charge.id, payment.intent.id);
    payment.intent.latest_charge = charge.id;
    if (outcome === "failed") {
      payment.intent.status = "requires_payment_method";
      payment.intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        charge: charge.id,
      };
      return { session, declined: true, redirectUrl: null };
    }
    payment.intent.last_payment_error = null;
    payment.intent.status = outcome === "succeeded" ? "succeeded" : "processing";
    payment.intent.amount_received = outcome === "succeeded" ? payment.intent.amount : 0;
    session.status = "complete";
    session.payment_status = outcome === "succeeded" ? "paid" : "unpaid";
    session.url = null;
    session.customer_details = {
      address: null,
      business_name: null,
      email: session.customer_email ?? "shopper@example.com",
      individual_name: null,
      name: "Test Shopper",
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    await this.emit("checkout.session.completed", session, null).sent;
    const redirectUrl = session.success_url?.replaceAll("{CHECKOUT_SESSION_ID}", session.id) ?? null;
    return { session, declined: false, redirectUrl };
  }

  /** A delayed payment method settles, days later in real life. */
  async settleAsync(sessionId: string, ok: boolean): Promise<StripeEvent> {
    const state = this.requireSession(sessionId);
    const payment = state.session.payment_intent
      ? this.payments.get(String(state.session.payment_intent))
      : undefined;
    if (payment?.intent.status !== "processing" || !payment.charge) {
      throw invalid(`Checkout Session ${sessionId} has no delayed payment to settle.`);
    }
    if (ok) {
      Object.assign(payment.intent, { status: "succeeded", amount_received: payment.intent.amount });
      Object.assign(payment.charge, {
        status: "succeeded",
        paid: true,
        captured: true,
        amount_captured: payment.charge.amount,
        balance_transaction: stripeId("txn"),
      });
      state.session.payment_status = "paid";
    } else {
      payment.intent.status = "requires_payment_method";
      payment.intent.last_payment_error = {
        type: "invalid_request_error",
        code: "payment_method_provider_decline",
        message: "The payment was declined by the payment method provider.",
      };
      Object.assign(payment.charge, { status: "failed", failure_code: "payment_method_provider_decline" });
    }
    const type = ok ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed";
    const { event, sent } = this.emit(type, state.session, null);
    await sent;
    return event;
  }

  /** A refund by payment intent or charge, as `POST /v1/refunds` or the dashboard makes one. */
  refund(
    target: { paymentIntent?: string; charge?: string },
    amount: number | undefined,
    metadata: Record<string, string>,
    reason: Refund["reason"],
    caller: Caller,
  ) {
    let payment: Payment;
    if (target.paymentIntent) {
      payment = this.requirePayment(target.paymentIntent, "payment_intent");
      if (target.charge && payment.charge?.id !== target.charge) {
        throw invalid(
          `Charge ${target.charge} does not belong to PaymentIntent ${target.paymentIntent}.`,
          "charge",
        );
      }
    } else {
      const owner = this.chargeIntents.get(target.charge ?? "");
      if (!owner) throw invalid(`No such charge: '${target.charge}'`, "charge", "resource_missing");
      payment = this.payments.get(owner)!;
    }
    const paid = payment.charge;
    if (paid?.status !== "succeeded") {
      throw invalid(
        `This PaymentIntent (${payment.intent.id}) does not have a successful charge to refund.`,
        "payment_intent",
      );
    }
    if (paid.disputed)
      throw invalid(
        `Charge ${paid.id} has been disputed; you cannot refund it.`,
        undefined,
        "charge_disputed",
      );
    const remaining = paid.amount - paid.amount_refunded;
    if (remaining === 0)
      throw invalid(`Charge ${paid.id} has already been refunded.`, undefined, "charge_already_refunded");
    const refunding = amount ?? remaining;
    if (refunding > remaining) {
      const money = (minor: number) => formatAmount(minor, paid.currency, "en");
      const what = paid.amount_refunded > 0 ? "unrefunded amount on charge" : "charge amount";
      throw invalid(
        `Refund amount (${money(refunding)}) is greater than ${what} (${money(remaining)})`,
        "amount",
        "amount_too_large",
      );
    }
    const refund = newRefund(paid, refunding, metadata, reason);
    payment.refunds.push(refund);
    paid.amount_refunded += refunding;
    paid.refunded = paid.amount_refunded === paid.amount;
    // Since API version 2022-11-15 a charge carries no `refunds` unless expanded, and an event's never
    // is: charge.refunded tells how much in all (`amount_refunded`), not which refund.
    const { sent } = this.emit("charge.refunded", paid, caller);
    return { refund, sent };
  }

  /**
   * A refund the shopper's bank sends back (a card closed since the payment): Stripe marks it failed
   * days after it succeeded, puts its amount back in the account's balance and sends `refund.failed`.
   */
  async failRefund(refundId: string, reason: string): Promise<StripeEvent> {
    const payment = [...this.payments.values()].find((each) =>
      each.refunds.some((refund) => refund.id === refundId),
    );
    const refund = payment?.refunds.find((each) => each.id === refundId);
    if (!payment?.charge || !refund) throw notFound("refund", refundId, "id");
    if (refund.status === "failed") throw invalid(`Refund ${refundId} has already failed.`);
    Object.assign(refund, { status: "failed", failure_reason: reason });
    payment.charge.amount_refunded -= refund.amount;
    payment.charge.refunded = false;
    const { event, sent } = this.emit("refund.failed", refund, null);
    await sent;
    return event;
  }

  async dispute(paymentIntentId: string, reason: string): Promise<Dispute> {
    const { charge } = this.requirePayment(paymentIntentId);
    if (charge?.status !== "succeeded")
      throw invalid(`PaymentIntent ${paymentIntentId} has no successful charge to dispute.`);
    charge.disputed = true;
    const opened = newDispute(charge, reason);
    await this.emit("charge.dispute.created", opened, null).sent;
    return opened;
  }

  event(id: string): StripeEvent {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw notFound("event", id, "id");
    return event;
  }
}
