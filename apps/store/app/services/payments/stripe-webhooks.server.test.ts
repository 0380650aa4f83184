import { orderPayments, orders, paymentEvents } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { addToCart } from "../cart/cart.server.ts";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertAccount } from "../orders/order-fixtures.test-helper.ts";
import { changeOrderStatus } from "../orders/orders-admin.server.ts";
import {
  cartOf,
  eventsHandled,
  newSession,
  orderState,
  placeStripeOrder,
  stockOf,
  stripeStoreSuite,
  WEBHOOK_SECRET,
} from "./stripe-fixtures.test-helper.ts";
import { checkStripeSession } from "./stripe-settlement.server.ts";

/**
 * Stripe's word on a Checkout Session, through the store's real webhook route (issue 42): before the
 * shopper comes back, after, twice, in any order, forged, or for a payment the order no longer
 * needs. The fake Stripe and the route run on loopback; the database is real.
 */
describe.each(await availableDialects())("Stripe's webhook on %s", (dialect) => {
  const suite = stripeStoreSuite(dialect);
  beforeEach(async () => {
    await insertAccount(suite.db, "owner@example.com", { role: "administrator" });
  });

  /** 2 mugs at 10.00 from a stock of 10: 2500 with shipping. */
  async function aStripeOrder() {
    const mug = await insertSimpleProduct(suite.db, { slug: "mug", price: 1000, stock: 10 });
    const order = await placeStripeOrder(suite.store, suite.db, [{ productId: mug.id, quantity: 2 }]);
    return { ...order, mug };
  }
  const state = (orderId: number) => orderState(suite.db, orderId);
  /** The fake's event of `type` about `id` (a session, or a charge's or dispute's payment intent). */
  const eventAbout = (type: string, id: string) =>
    suite.store.fake.events.find((event) => {
      const object = event.data.object as { id: string; payment_intent?: unknown };
      return event.type === type && (object.id === id || object.payment_intent === id);
    })!;
  const sentSubjects = () =>
    suite.store.context.mailer.sent.map((mail) => `${mail.to}: ${mail.subject}`).sort();

  it("the webhook before the shopper returns: paid, processing, the placed order's mails, the bought lines out of the cart, once", async () => {
    const { db } = suite;
    const { orderId, sessionId, cartId, owner, mug } = await aStripeOrder();
    // The shopper adds a third mug and a cup in another tab while paying: those stay in the cart.
    const cup = await insertSimpleProduct(db, { slug: "cup", price: 500, stock: 5 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    await addToCart(db, owner, { productId: cup.id, variationId: null, quantity: 1 });
    expect(await stockOf(db, mug.id)).toBe(8);

    const paid = await suite.store.fake.pay(sessionId, "succeeded");
    const intent = String(paid.session.payment_intent);
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: "processing",
      payments: [{ reference: sessionId, status: "paid", paymentId: intent }],
      history: [expect.any(String), "pending>processing"],
      notes: [`Payment received through Stripe (${intent}).`],
      mails: ["order_confirmation", "new_order"],
    });
    expect(after.payments[0]!.settledAt).toBeInstanceOf(Date);
    expect(await cartOf(db, cartId)).toEqual([
      [mug.id, 1],
      [cup.id, 1],
    ]);
    expect(await stockOf(db, mug.id)).toBe(8);
    expect(sentSubjects()).toEqual([
      `ada@example.com: Your Vitrine order #${orderId} has been received`,
      `owner@example.com: [Vitrine]: New order #${orderId}`,
    ]);

    // Coming back, the receipt page asks Stripe once: it is all known already.
    const checked = await checkStripeSession(suite.store.context, sessionId);
    expect(checked).toMatchObject({ outcome: "paid", changed: false, orderStatus: "processing" });
    expect(await state(orderId)).toEqual(after);
  });

  it("the shopper back before the webhook: the receipt page's check settles it, and the late event changes nothing", async () => {
    const { orderId, sessionId, cartId } = await aStripeOrder();
    await suite.store.fake.holdWebhooks(true);
    await suite.store.fake.pay(sessionId, "succeeded");
    expect((await state(orderId)).status).toBe("pending");

    expect(await checkStripeSession(suite.store.context, sessionId)).toMatchObject({
      outcome: "paid",
      changed: true,
      orderStatus: "processing",
    });
    await suite.store.afterAnswers();
    const settled = await state(orderId);
    expect(await cartOf(suite.db, cartId)).toEqual([]);

    const [completed] = suite.store.fake.heldEvents();
    await suite.store.fake.releaseWebhooks();
    await suite.store.fake.whenDelivered(completed!.id);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toEqual(settled);
    expect(await eventsHandled(suite.db)).toBe(1);
    expect(settled.mails).toEqual(["order_confirmation", "new_order"]);
  });

  it("the same event twice: handled once, answered 200 both times", async () => {
    const { orderId, sessionId } = await aStripeOrder();
    await suite.store.fake.pay(sessionId, "succeeded");
    await suite.store.afterAnswers();
    const once = await state(orderId);
    const completed = eventAbout("checkout.session.completed", sessionId);

    await suite.store.fake.resend(completed.id);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toEqual(once);
    expect(await eventsHandled(suite.db)).toBe(1);
    const answers = suite.store.fake.deliveries.filter((delivery) => delivery.eventId === completed.id);
    expect(answers.map((delivery) => delivery.status)).toEqual([200, 200]);
  });

  it("held and sent in any order: a second tab's expiry before the payment neither cancels the order nor undoes it after", async () => {
    const { db } = suite;
    const { orderId, sessionId, cartId, mug } = await aStripeOrder();
    const secondTab = await newSession(suite.store, db, orderId, cartId);
    await suite.store.fake.holdWebhooks(true);
    await suite.store.fake.pay(sessionId, "succeeded");
    const expired = await suite.store.fake.expire(secondTab);
    const completed = suite.store.fake
      .heldEvents()
      .find((event) => event.type === "checkout.session.completed")!;

    // The expiry first: the other tab may still pay, so the order waits.
    await suite.store.fake.releaseWebhooks([expired.id]);
    expect(await state(orderId)).toMatchObject({
      status: "pending",
      payments: [{ status: "open" }, { status: "expired" }],
    });
    await suite.store.fake.releaseWebhooks([completed.id]);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "processing",
      payments: [{ status: "paid" }, { status: "expired" }],
    });
    expect(await stockOf(db, mug.id)).toBe(8);

    // The expiry once more, late: a paid order never goes back.
    await suite.store.fake.resend(expired.id);
    await suite.store.afterAnswers();
    expect((await state(orderId)).status).toBe("processing");
  });

  it("completed, then expired: the paid order stays paid, the expired session only ends itself", async () => {
    const { db } = suite;
    const { orderId, sessionId, cartId, mug } = await aStripeOrder();
    const secondTab = await newSession(suite.store, db, orderId, cartId);
    await suite.store.fake.pay(sessionId, "succeeded");
    await suite.store.fake.expire(secondTab);
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: "processing",
      stockRestoredAt: null,
      payments: [{ status: "paid" }, { status: "expired" }],
    });
    expect(after.history.at(-1)).toBe("pending>processing");
    expect(await stockOf(db, mug.id)).toBe(8);
  });

  it("a delayed payment waits on hold, then fails: failed, its stock back once, the cart as it was, the owner told", async () => {
    const { db } = suite;
    const { orderId, sessionId, cartId, mug } = await aStripeOrder();
    await suite.store.fake.pay(sessionId, "async");
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "on-hold",
      payments: [{ status: "open" }],
      mails: ["order_confirmation", "new_order"],
    });

    const failed = await suite.store.fake.settleAsync(sessionId, false);
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: "failed",
      payments: [{ status: "failed" }],
      mails: ["order_confirmation", "new_order", "failed_order"],
    });
    expect(after.stockRestoredAt).toBeInstanceOf(Date);
    expect(after.notes.at(-1)).toMatch(/^The payment through Stripe failed \(pi_/);
    expect(await stockOf(db, mug.id)).toBe(10);
    expect(await cartOf(db, cartId)).toEqual([[mug.id, 2]]);

    await suite.store.fake.resend(failed.id);
    await suite.store.afterAnswers();
    expect(await stockOf(db, mug.id)).toBe(10);
    expect(await state(orderId)).toEqual(after);
  });

  it("a delayed payment that succeeds: on hold, then processing, the lines out of the cart", async () => {
    const { orderId, sessionId, cartId } = await aStripeOrder();
    await suite.store.fake.pay(sessionId, "async");
    await suite.store.fake.settleAsync(sessionId, true);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "processing",
      history: [expect.any(String), "pending>on-hold", "on-hold>processing"],
      payments: [{ status: "paid" }],
      mails: ["order_confirmation", "new_order", "customer_processing_order"],
    });
    expect(await cartOf(suite.db, cartId)).toEqual([]);
  });

  it("two tabs both paid: the second payment is refunded in full through Stripe, noted, and is not the order's refund", async () => {
    const { db } = suite;
    const { orderId, sessionId, cartId, total } = await aStripeOrder();
    const secondTab = await newSession(suite.store, db, orderId, cartId);
    const first = await suite.store.fake.pay(sessionId, "succeeded");
    const second = await suite.store.fake.pay(secondTab, "succeeded");
    const secondIntent = String(second.session.payment_intent);
    await suite.store.afterAnswers();

    const refundCalls = suite.store.fake.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/refunds" &&
        request.params.payment_intent !== undefined &&
        [secondIntent, String(first.session.payment_intent)].includes(String(request.params.payment_intent)),
    );
    expect(refundCalls).toMatchObject([
      {
        params: { payment_intent: secondIntent, reason: "duplicate" },
        idempotencyKey: `vitrine-surplus-${secondTab}`,
        status: 200,
      },
    ]);
    expect(
      suite.store.fake.charge(suite.store.fake.paymentIntent(secondIntent)!.latest_charge as string),
    ).toMatchObject({
      amount_refunded: total,
      refunded: true,
    });
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: "processing",
      payments: [{ status: "paid" }, { status: "refunded", paymentId: secondIntent }],
      // The charge.refunded that followed is the second payment's: the order's own refunds are none.
      refunds: [],
    });
    expect(after.notes.at(-1)).toMatch(
      new RegExp(
        `^A second payment through Stripe \\(${secondIntent}, €25\\.00\\) .* refunded in full \\(re_`,
      ),
    );
    await suite.store.fake.whenDelivered(eventAbout("charge.refunded", secondIntent).id);
  });

  it("a payment for an order already cancelled (its stock back) is refunded, and the order stays cancelled", async () => {
    const { db } = suite;
    const { orderId, sessionId, mug } = await aStripeOrder();
    await changeOrderStatus(suite.store.context, orderId, "cancelled", null);
    expect(await stockOf(db, mug.id)).toBe(10);

    const paid = await suite.store.fake.pay(sessionId, "succeeded");
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "cancelled",
      payments: [{ status: "refunded", paymentId: String(paid.session.payment_intent) }],
    });
    expect(await stockOf(db, mug.id)).toBe(10);
  });

  it("a forged, an old and a missing signature: 400, nothing handled", async () => {
    const { orderId, sessionId } = await aStripeOrder();
    await suite.store.fake.holdWebhooks(true);
    await suite.store.fake.pay(sessionId, "succeeded");
    const [completed] = suite.store.fake.heldEvents();
    const payload = JSON.stringify(completed);
    const post = (signature: string | null) =>
      fetch(suite.store.webhookUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature ? { "Stripe-Signature": signature } : {}),
        },
        body: payload,
      });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_the_store_s" });
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    for (const signature of [forged, old, null]) {
      const answer = await post(signature);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "stripe_invalid_signature" });
    }
    // A body changed after signing is refused too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(suite.store.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signed },
      body: payload.replace(`"${sessionId}"`, `"cs_test_someone_else"`),
    });
    expect(tampered.status).toBe(400);
    expect(await suite.db.select().from(paymentEvents)).toEqual([]);
    expect((await state(orderId)).status).toBe("pending");

    // The same body, rightly signed, is believed.
    const good = await post(signed);
    expect(good.status).toBe(200);
    expect((await state(orderId)).status).toBe("processing");
  });

  it("an event of another type, or for a session that is not the store's: 200, ignored", async () => {
    const unknown = await suite.store.stripe.checkout.sessions.create({
      mode: "payment",
      success_url: "https://elsewhere.example/ok",
      cancel_url: "https://elsewhere.example/",
      line_items: [
        { price_data: { currency: "eur", unit_amount: 900, product_data: { name: "X" } }, quantity: 1 },
      ],
    });
    await suite.store.fake.pay(unknown.id, "succeeded");
    const payload = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: {} },
    });
    const answer = await fetch(suite.store.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(answer.status).toBe(200);
    expect(await suite.db.select().from(orderPayments)).toEqual([]);
    expect(await suite.db.select().from(orders)).toEqual([]);
  });

  it("a refund made in Stripe's dashboard is recorded once, with Stripe's id and the shopper's mail", async () => {
    const { orderId, sessionId } = await aStripeOrder();
    const paid = await suite.store.fake.pay(sessionId, "succeeded");
    const intent = String(paid.session.payment_intent);
    const refund = await suite.store.fake.refundFromDashboard(intent, 700);
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: "processing",
      refunds: [{ amount: 700, gatewayRefundId: refund.id }],
      mails: ["order_confirmation", "new_order", "customer_refunded_order"],
    });
    expect(after.notes.at(-1)).toBe(
      `A refund of €7.00 made in Stripe (${refund.id}) is recorded on the order.`,
    );
    expect(sentSubjects()).toContain(
      `ada@example.com: Your Vitrine order #${orderId} has been partly refunded`,
    );

    const event = eventAbout("charge.refunded", intent);
    await suite.store.fake.resend(event.id);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toEqual(after);

    // The rest refunded in the dashboard too: the order is refunded, its stock back.
    await suite.store.fake.refundFromDashboard(intent);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "refunded",
      refunds: [{ amount: 700 }, { amount: 1800 }],
    });
  });

  it("a refund in Stripe's dashboard whose event comes before the payment's: recorded once the payment is, not lost", async () => {
    const { orderId, sessionId } = await aStripeOrder();
    await suite.store.fake.holdWebhooks(true);
    const paid = await suite.store.fake.pay(sessionId, "succeeded");
    const intent = String(paid.session.payment_intent);
    const refund = await suite.store.fake.refundFromDashboard(intent);
    const completed = eventAbout("checkout.session.completed", sessionId);
    const refunded = eventAbout("charge.refunded", intent);

    // Stripe does not keep its events in order (a retry of the first comes after the second).
    await suite.store.fake.releaseWebhooks([refunded.id, completed.id]);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "refunded",
      payments: [{ status: "paid", paymentId: intent }],
      refunds: [{ amount: 2500, gatewayRefundId: refund.id }],
    });
  });

  it("a dispute: a note on the order and the owner's mail, once", async () => {
    const { orderId, sessionId } = await aStripeOrder();
    const paid = await suite.store.fake.pay(sessionId, "succeeded");
    const intent = String(paid.session.payment_intent);
    const dispute = await suite.store.fake.dispute(intent, "product_not_received");
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after.notes.at(-1)).toBe(
      `The shopper's bank disputes the payment (${dispute.id}, €25.00, reason: product_not_received). Answer it in Stripe's dashboard.`,
    );
    expect(after.mails).toEqual(["order_confirmation", "new_order", "payment_dispute"]);
    const mail = suite.store.context.mailer.sent.find((sent) => sent.subject.includes("disputed"))!;
    expect(mail).toMatchObject({
      to: "owner@example.com",
      subject: `[Vitrine]: The payment for order #${orderId} is disputed`,
    });
    expect(mail.text).toContain("Amount disputed: €25.00");
    expect(mail.text).toContain("Reason given: product_not_received");

    const event = eventAbout("charge.dispute.created", intent);
    await suite.store.fake.resend(event.id);
    await suite.store.afterAnswers();
    expect((await state(orderId)).notes).toEqual(after.notes);
  });
});
