import { orderLines } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertAccount } from "../orders/order-fixtures.test-helper.ts";
import { changeOrderStatus } from "../orders/orders-admin.server.ts";
import { createRefund, RefundError } from "../orders/refunds.server.ts";
import { refundIdempotencyKey } from "./gateway-refunds.server.ts";
import { orderState, placeStripeOrder, stockOf, stripeStoreSuite } from "./stripe-fixtures.test-helper.ts";

/**
 * The back office's refunds of an order paid through Stripe (issue 42): the money goes back through
 * Stripe, with an idempotency key, before anything is recorded; Stripe's refusal or silence records
 * nothing; the `charge.refunded` that follows finds the refund recorded already.
 */
describe.each(await availableDialects())("refunds through Stripe on %s", (dialect) => {
  const suite = stripeStoreSuite(dialect);
  let admin: number;
  beforeEach(async () => {
    admin = await insertAccount(suite.db, "owner@example.com", { role: "administrator" });
  });

  /** 2 mugs at 10.00 (2500 with shipping), paid through Stripe. */
  async function aPaidOrder() {
    const mug = await insertSimpleProduct(suite.db, { slug: "mug", price: 1000, stock: 10 });
    const order = await placeStripeOrder(suite.store, suite.db, [{ productId: mug.id, quantity: 2 }]);
    const paid = await suite.store.fake.pay(order.sessionId, "succeeded");
    await suite.store.afterAnswers();
    const [line] = await suite.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.id));
    const intent = String(paid.session.payment_intent);
    const charge = () =>
      suite.store.fake.charge(suite.store.fake.paymentIntent(intent)!.latest_charge as string)!;
    return { ...order, mug, line: line!, intent, charge };
  }
  const refundCalls = (intent: string) =>
    suite.store.fake.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/refunds" &&
        request.params.payment_intent === intent,
    );
  const state = (orderId: number) => orderState(suite.db, orderId);
  /** One mug back, 10.00, restocked: the back office's partial refund. */
  const oneMug = (lineId: number) => ({
    reason: "Broken handle",
    lines: [{ lineId, quantity: 1, amount: 1000 }],
    restock: true,
  });

  it("a partial refund reaches Stripe with its amount and idempotency key, records Stripe's id, and the webhook after it changes nothing", async () => {
    const { orderId, line, intent, charge, mug } = await aPaidOrder();
    const refund = await createRefund(suite.store.context, orderId, oneMug(line.id), admin);

    const key = refundIdempotencyKey(intent, orderId, {
      amount: 1000,
      reason: "Broken handle",
      lines: oneMug(line.id).lines,
      restock: true,
    });
    expect(refundCalls(intent)).toMatchObject([
      {
        params: { amount: "1000", metadata: { order_id: String(orderId) } },
        idempotencyKey: key,
        status: 200,
      },
    ]);
    expect(refund).toMatchObject({
      amount: 1000,
      restocked: true,
      gatewayRefundId: expect.stringMatching(/^re_/),
    });
    expect(charge().amount_refunded).toBe(1000);
    expect(await stockOf(suite.db, mug.id)).toBe(9);

    await suite.store.afterAnswers();
    expect(await state(orderId)).toMatchObject({
      status: "processing",
      refunds: [{ amount: 1000, gatewayRefundId: refund.gatewayRefundId }],
      mails: ["order_confirmation", "new_order", "customer_refunded_order"],
    });
  });

  it("a refund Stripe marks failed later (the card closed): the owner reads it on the order, once", async () => {
    const { orderId, line } = await aPaidOrder();
    const refund = await createRefund(suite.store.context, orderId, oneMug(line.id), admin);
    await suite.store.afterAnswers();
    const before = await state(orderId);

    const failed = await suite.store.fake.failRefund(refund.gatewayRefundId!);
    await suite.store.afterAnswers();
    const after = await state(orderId);
    expect(after.notes).toEqual([
      ...before.notes,
      `Stripe could not send the refund of €10.00 (${refund.gatewayRefundId}) to the shopper (expired_or_canceled_card): the money is back in your Stripe balance. Refund the shopper another way.`,
    ]);

    await suite.store.fake.resend(failed.id);
    await suite.store.afterAnswers();
    expect(await state(orderId)).toEqual(after);
  });

  it("a double click: two of the same refund at once refund once at Stripe and are recorded once", async () => {
    const { orderId, line, intent, charge } = await aPaidOrder();
    const [first, second] = await Promise.all([
      createRefund(suite.store.context, orderId, oneMug(line.id), admin),
      createRefund(suite.store.context, orderId, oneMug(line.id), admin),
    ]);
    expect(second.id).toBe(first.id);
    expect(charge().amount_refunded).toBe(1000);
    expect(refundCalls(intent).filter((call) => !call.replayed)).toHaveLength(1);
    await suite.store.afterAnswers();
    expect((await state(orderId)).refunds).toEqual([
      { amount: 1000, gatewayRefundId: first.gatewayRefundId },
    ]);
  });

  it("Stripe unreachable, then Stripe refusing: the owner reads why, and nothing is recorded or restocked", async () => {
    const { orderId, line, intent, mug } = await aPaidOrder();
    suite.store.fake.failUntilLifted("POST /v1/refunds", 500);
    await expect(createRefund(suite.store.context, orderId, oneMug(line.id), admin)).rejects.toEqual(
      new RefundError("gateway_unreachable"),
    );
    expect((await state(orderId)).refunds).toEqual([]);
    expect(await stockOf(suite.db, mug.id)).toBe(8);
    suite.store.fake.liftFailures();

    // A disputed charge cannot be refunded: Stripe says no.
    await suite.store.fake.dispute(intent);
    await expect(createRefund(suite.store.context, orderId, oneMug(line.id), admin)).rejects.toEqual(
      new RefundError("gateway_refused"),
    );
    await suite.store.afterAnswers();
    expect((await state(orderId)).refunds).toEqual([]);
    expect(await stockOf(suite.db, mug.id)).toBe(8);
  });

  it("a refund in Stripe's dashboard, then one from the back office: each recorded once", async () => {
    const { orderId, line, intent, charge } = await aPaidOrder();
    const dashboard = await suite.store.fake.refundFromDashboard(intent, 500);
    await suite.store.afterAnswers();
    const ours = await createRefund(suite.store.context, orderId, oneMug(line.id), admin);
    await suite.store.afterAnswers();
    expect(charge().amount_refunded).toBe(1500);
    expect((await state(orderId)).refunds).toEqual([
      { amount: 500, gatewayRefundId: dashboard.id },
      { amount: 1000, gatewayRefundId: ours.gatewayRefundId },
    ]);
  });

  it("a status set to refunded by hand sends what is left back through Stripe", async () => {
    const { orderId, line, charge, mug } = await aPaidOrder();
    await createRefund(suite.store.context, orderId, oneMug(line.id), admin);
    await changeOrderStatus(suite.store.context, orderId, "refunded", admin);
    await suite.store.afterAnswers();
    expect(charge()).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect(await state(orderId)).toMatchObject({
      status: "refunded",
      refunds: [{ amount: 1000 }, { amount: 1500, gatewayRefundId: expect.stringMatching(/^re_/) }],
    });
    expect(await stockOf(suite.db, mug.id)).toBe(10);
  });
});
