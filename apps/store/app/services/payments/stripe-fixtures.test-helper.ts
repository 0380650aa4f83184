import { randomUUID } from "node:crypto";
import {
  cartLines,
  type Database,
  type Dialect,
  mailOutbox,
  orderNotes,
  orderPayments,
  orderRefunds,
  orderStatusChanges,
  orders,
  paymentEvents,
  products,
} from "@vitrine/db";
import { createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import express from "express";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type StripeFake, startStripeFake } from "../../../tests/fakes/stripe/stripe-fake.ts";
import { addToCart, type CartOwner } from "../cart/cart.server.ts";
import { checkoutCart } from "../cart/checkout.server.ts";
import { insertSession } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { testConfig, testContext } from "../shared/test-context.test-helper.ts";
import { receiveStripeWebhook } from "./stripe-events.server.ts";

/**
 * A store that takes Stripe payments, for service tests: the fake Stripe on loopback, the store's
 * webhook use case (over a real test context and database) on loopback too, and the official
 * client pointed at the fake. Orders are placed through the store's own checkout with Stripe:
 * pending, their stock held, no mails owed yet, the cart kept, and a Checkout Session with its
 * payment's row.
 */

export const SECRET_KEY = "sk_test_vitrine_payments";
export const WEBHOOK_SECRET = "whsec_test_vitrine_payments";

export type StripeStore = {
  fake: StripeFake;
  stripe: Stripe;
  /** The store's context, as each webhook call and each test's service call gets it. */
  context: ReturnType<typeof testContext>;
  webhookUrl: string;
  /** Waits for the work the store's answers left running (the mails after the answer). */
  afterAnswers(): Promise<void>;
  close(): Promise<void>;
};

export async function startStripeStore(
  db: Database,
  settings: { holdMinutes?: number } = {},
): Promise<StripeStore> {
  const fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, apiKey: SECRET_KEY });
  const pending: Promise<void>[] = [];
  const base = testContext({
    db,
    config: testConfig({ STRIPE_API_URL: fake.url }),
    settings: {
      currency: "EUR",
      payments: {
        stripe: { enabled: true, secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
        hold_stock_minutes: settings.holdMinutes ?? 60,
      },
    },
  });
  const context = { ...base, afterAnswer: (work: Promise<void>) => void pending.push(work) };
  // The webhook's use case behind a raw body, as its route (api/stripe-webhook.server.ts) serves it.
  const app = express();
  app.post("/stripe/webhook", express.raw({ type: () => true }), async (req, res) => {
    const answer = await receiveStripeWebhook(context, {
      payload: req.body as Buffer,
      signature: req.get("Stripe-Signature"),
    }).catch(() => ({ status: 500, body: {} }));
    res.status(answer.status).json(answer.body);
  });
  const server: LoopbackServer = await listenOnLoopback(app);
  const webhookUrl = `${server.origin}/stripe/webhook`;
  fake.setWebhookUrl(webhookUrl);
  return {
    fake,
    stripe: new Stripe(SECRET_KEY, { host: fake.host, port: fake.port, protocol: "http" }),
    context,
    webhookUrl,
    async afterAnswers() {
      await fake.webhooksIdle();
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    async close() {
      await fake.close();
      server.close();
    },
  };
}

/**
 * Inside `describe`: a test database of `dialect` and a Stripe store over it, started before the
 * tests and stopped after them; before each test, the last one's webhooks (held ones too) settle,
 * then the database is emptied and the mails forgotten.
 */
export function stripeStoreSuite(dialect: Dialect, settings: { holdMinutes?: number } = {}) {
  let database: TestDatabase;
  let store: StripeStore;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await startStripeStore(database.db, settings);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });
  beforeEach(async () => {
    await store.fake.holdWebhooks(false);
    await store.afterAnswers();
    await database.reset();
    store.context.mailer.sent.length = 0;
  });
  return {
    get db() {
      return database.db;
    },
    get store() {
      return store;
    },
  };
}

export type StripeOrder = {
  orderId: number;
  sessionId: string;
  cartId: number;
  owner: CartOwner;
  total: number;
};

/** The shopper's billing and shipping address in these tests. */
export const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "1 Analytical Way",
  city: "Austin",
  state: "TX",
  postcode: "73301",
  country: "US" as const,
  email: "ada@example.com",
  phone: "5125550100",
};

/**
 * An order placed through the store's checkout with Stripe as the shopper places it: `lines` in a
 * new guest's cart, the order pending with their stock held, the cart kept, and the Checkout
 * Session the shopper is sent to, with its `order_payments` row (open, naming the cart).
 */
export async function placeStripeOrder(
  store: StripeStore,
  db: Database,
  lines: Array<{ productId: number; quantity: number }>,
): Promise<StripeOrder> {
  const owner = await insertSession(db, `stripe-shopper-${randomUUID()}`);
  for (const line of lines) await addToCart(db, owner, { ...line, variationId: null });
  const placed = await checkoutCart(store.context, {
    owner,
    sessionId: owner.sessionId,
    locale: "en",
    order: {
      billing: address,
      shipping: address,
      paymentMethod: "stripe",
      shippingMethod: "flat_rate",
      customerNote: "",
    },
    attempt: `attempt-${randomUUID()}`,
    attribution: {},
  });
  const [payment] = await db
    .select({ reference: orderPayments.reference, cartId: orderPayments.cartId })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, placed.id));
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, placed.id));
  return {
    orderId: placed.id,
    sessionId: payment!.reference,
    cartId: payment!.cartId!,
    owner,
    total: order!.total,
  };
}

/** Another Checkout Session for the same order (the shopper's second tab), with its payment's row. */
export async function newSession(store: StripeStore, db: Database, orderId: number, cartId: number) {
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  const session = await store.stripe.checkout.sessions.create({
    mode: "payment",
    success_url: "https://shop.example/checkout/order-received?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.example/checkout",
    client_reference_id: String(orderId),
    metadata: { order_id: String(orderId) },
    line_items: [
      {
        price_data: {
          currency: "eur",
          unit_amount: order!.total,
          product_data: { name: `Order #${orderId}` },
        },
        quantity: 1,
      },
    ],
  });
  await db.insert(orderPayments).values({
    orderId,
    gateway: "stripe",
    reference: session.id,
    amount: order!.total,
    currency: "eur",
    cartId,
  });
  return session.id;
}

/** What a test reads back of an order: its row, payments, notes, history, refunds and owed mails. */
export async function orderState(db: Database, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const where = { payments: eq(orderPayments.orderId, orderId) };
  return {
    status: order!.status,
    stockRestoredAt: order!.stockRestoredAt,
    payments: await db
      .select({
        reference: orderPayments.reference,
        status: orderPayments.status,
        paymentId: orderPayments.paymentId,
        settledAt: orderPayments.settledAt,
      })
      .from(orderPayments)
      .where(where.payments)
      .orderBy(asc(orderPayments.id)),
    notes: (
      await db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id))
    ).map((note) => note.body),
    history: (
      await db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, orderId))
        .orderBy(asc(orderStatusChanges.id))
    ).map((change) => `${change.fromStatus ?? ""}>${change.toStatus}`),
    refunds: await db
      .select({ amount: orderRefunds.amount, gatewayRefundId: orderRefunds.gatewayRefundId })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.id)),
    mails: (
      await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.id))
    ).map((mail) => mail.kind),
  };
}

export async function stockOf(db: Database, productId: number) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  return product!.stockQuantity;
}

export async function cartOf(db: Database, cartId: number) {
  return (
    await db
      .select({ productId: cartLines.productId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.productId))
  ).map((line) => [line.productId, line.quantity]);
}

export async function eventsHandled(db: Database) {
  return (await db.select().from(paymentEvents)).length;
}
