import { coupons, mailOutbox, orderPayments, orders, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type StripeFake, startStripeFake } from "../../../tests/fakes/stripe/stripe-fake.ts";
import { addToCart, type CartOwner, loadCart } from "../cart/cart.server.ts";
import { CheckoutError, checkoutCart } from "../cart/checkout.server.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { applyCoupon } from "../coupons/coupons.server.ts";
import { testConfig, testContext } from "../shared/test-context.test-helper.ts";
import { address } from "./stripe-fixtures.test-helper.ts";
import { confirmReturnFromStripe } from "./stripe-return.server.ts";

/**
 * The placing side of card payments (issue 42, decision 0073): a Stripe order is placed pending with
 * its stock held and its cart kept, and the shopper is sent to a Checkout Session made from the
 * order's figures, at a fake Stripe on loopback through the official client.
 */

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: "whsec_placing" });
});
afterAll(() => fake.close());

describe.each(await availableDialects())("paying an order through Stripe on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const context = (stripeOn = true) =>
    testContext({
      db: database.db,
      config: testConfig({ STRIPE_SECRET_KEY: "sk_test_placing", STRIPE_API_URL: fake.url }),
      settings: { payments: { stripe: { enabled: stripeOn }, hold_stock_minutes: 45 } },
    });

  async function cartOfTwoMugs(): Promise<{ owner: CartOwner; mugId: number }> {
    const owner = await insertSession(database.db, `s-${Math.random()}`);
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1250, stock: 5 });
    await addToCart(database.db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    return { owner, mugId: mug.id };
  }

  const checkout = (ctx: ReturnType<typeof context>, owner: CartOwner, attempt: string, locale = "en") =>
    checkoutCart(ctx, {
      owner,
      sessionId: owner.sessionId,
      locale,
      order: {
        billing: address,
        shipping: address,
        paymentMethod: "stripe",
        shippingMethod: "flat_rate",
        customerNote: "",
      },
      attempt,
      attribution: {},
    });

  it("places the order pending with its stock held and the cart kept, and sends the shopper to a session of its figures", async () => {
    const { owner, mugId } = await cartOfTwoMugs();
    const placed = await checkout(context(), owner, "attempt-stripe-0001");
    expect(placed).toMatchObject({ status: "pending", paymentMethod: "stripe", created: true });
    expect(placed.paymentUrl).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));

    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    const [mug] = await database.db.select().from(products).where(eq(products.id, mugId));
    expect(mug!.stockQuantity).toBe(3);
    expect((await loadCart(database.db, owner, "en")).itemCount).toBe(2);
    // Its mails are owed once it is paid, not now (the stock it holds may owe a stock mail).
    const owed = await database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, placed.id));
    expect(owed.map((mail) => mail.kind)).not.toContain("order_confirmation");
    expect(owed.map((mail) => mail.kind)).not.toContain("new_order");

    const [payment] = await database.db.select().from(orderPayments);
    const session = fake.session(payment!.reference)!;
    expect(payment).toMatchObject({
      orderId: placed.id,
      gateway: "stripe",
      status: "open",
      amount: order!.total,
    });
    expect(session.amount_total).toBe(order!.total);
    expect(session).toMatchObject({
      client_reference_id: String(placed.id),
      metadata: { order_id: String(placed.id), order_key: order!.orderKey },
      success_url: `https://shop.example/checkout/order-received/${placed.id}?key=${order!.orderKey}&session_id={CHECKOUT_SESSION_ID}`,
    });
    const sent = fake.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!;
    expect(sent.idempotencyKey).toBe(`vitrine-${order!.orderKey}-checkout-session`);
    // The two mugs at 12.50 each, and the flat rate, in minor units.
    expect(sent.params).toMatchObject({
      line_items: [{ quantity: "2", price_data: { currency: "usd", unit_amount: "1250" } }],
      shipping_options: [{ shipping_rate_data: { fixed_amount: { amount: String(order!.shippingTotal) } } }],
    });
  });

  it("a replayed attempt finds the same order and the same session", async () => {
    const { owner } = await cartOfTwoMugs();
    const first = await checkout(context(), owner, "attempt-stripe-0002");
    const again = await checkout(context(), owner, "attempt-stripe-0002");
    expect(again).toMatchObject({ id: first.id, created: false, paymentUrl: first.paymentUrl });
    expect(await database.db.select().from(orderPayments)).toHaveLength(1);
  });

  it("an attempt replayed in a later second, in the other language, still finds the same session (Stripe refuses a key sent again with other parameters)", async () => {
    const { owner } = await cartOfTwoMugs();
    const first = await checkout(context(), owner, "attempt-stripe-0006");
    const placedIn = Math.floor(Date.now() / 1000);
    await vi.waitUntil(() => Math.floor(Date.now() / 1000) > placedIn, { timeout: 2_000, interval: 20 });
    const again = await checkout(context(), owner, "attempt-stripe-0006", "es");
    expect(again).toMatchObject({ id: first.id, created: false, paymentUrl: first.paymentUrl });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, first.id));
    const sent = fake.requests.filter(
      (request) => request.idempotencyKey === `vitrine-${order!.orderKey}-checkout-session`,
    );
    expect(sent.map((request) => [request.status, request.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    // The session lasts past the hold (45 minutes here), from the order's placing, so that an
    // attempt made late in the hold still leaves Stripe its 30 minutes.
    expect(Number(sent[0]!.params.expires_at)).toBe(
      Math.floor(order!.createdAt.getTime() / 1000) + (45 + 31) * 60,
    );
    expect(sent[0]!.params.locale).toBe("en");
  });

  it("with Stripe unreachable, the shopper is told, the cart is kept and the order waits pending", async () => {
    const { owner } = await cartOfTwoMugs();
    fake.failUntilLifted("POST /v1/checkout/sessions", "reset");
    const refused = await checkout(context(), owner, "attempt-stripe-0003").catch((error) => error);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect((refused as CheckoutError).code).toBe("payment_unavailable");
    expect((await loadCart(database.db, owner, "en")).itemCount).toBe(2);
    expect((await database.db.select().from(orders)).map((order) => order.status)).toEqual(["pending"]);
    expect(await database.db.select().from(orderPayments)).toEqual([]);
    // Trying again later (the same attempt) goes on to Stripe's page with the same order.
    fake.liftFailures();
    const retried = await checkout(context(), owner, "attempt-stripe-0003");
    expect(retried.paymentUrl).toMatch(/\/c\/pay\/cs_test_/);
  });

  it("back before the webhook, the receipt asks Stripe once and the order is paid", async () => {
    const { owner } = await cartOfTwoMugs();
    const ctx = context();
    const placed = await checkout(ctx, owner, "attempt-stripe-0005");
    const [payment] = await database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.id));
    // The fake sends its webhook nowhere: only the receipt's question tells the store.
    await fake.pay(payment!.reference, "succeeded");
    const asked = () =>
      fake.requests.filter((request) => request.method === "GET" && request.path.endsWith(payment!.reference))
        .length;
    expect(await confirmReturnFromStripe(ctx, placed.id, "cs_test_not_this_orders")).toBe(false);
    expect(await confirmReturnFromStripe(ctx, placed.id, payment!.reference)).toBe(true);
    expect(await confirmReturnFromStripe(ctx, placed.id, payment!.reference)).toBe(false);
    expect(asked()).toBe(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.status).toBe("processing");
    expect((await loadCart(database.db, owner, "en")).itemCount).toBe(0);
  });

  it("keeps the cart's coupon while the shopper pays, and takes it with the lines the payment bought", async () => {
    const { owner } = await cartOfTwoMugs();
    await database.db.insert(coupons).values({ code: "tenoff", type: "percent", amount: "10" });
    await applyCoupon(database.db, owner, "tenoff", { locale: "en" });
    const ctx = context();
    const placed = await checkout(ctx, owner, "attempt-stripe-0006");
    expect((await loadCart(database.db, owner, "en")).coupons).toEqual(["tenoff"]);
    const [payment] = await database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.id));
    await fake.pay(payment!.reference, "succeeded");
    expect(await confirmReturnFromStripe(ctx, placed.id, payment!.reference)).toBe(true);
    expect((await loadCart(database.db, owner, "en")).itemCount).toBe(0);
    // The next cart starts without it.
    const [mug] = await database.db.select({ id: products.id }).from(products);
    await addToCart(database.db, owner, { productId: mug!.id, variationId: null, quantity: 1 });
    expect((await loadCart(database.db, owner, "en")).coupons).toEqual([]);
  });

  it("is not offered when switched off", async () => {
    const { owner } = await cartOfTwoMugs();
    const refused = await checkout(context(false), owner, "attempt-stripe-0004").catch((error) => error);
    expect((refused as CheckoutError).code).toBe("payment_method_unavailable");
  });
});
