import { orderPayments, orders } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { endUnpaidStripeOrders } from "./payment-sweep.server.ts";
import { orderState, placeStripeOrder, stockOf, stripeStoreSuite } from "./stripe-fixtures.test-helper.ts";

/**
 * Stripe orders nobody paid (the shopper never came back, or Stripe could not be reached at
 * checkout): every process's sweep ends them once the hold time has passed (issue 42).
 */
describe.each(await availableDialects())("the unpaid orders' sweep on %s", (dialect) => {
  const suite = stripeStoreSuite(dialect, { holdMinutes: 60 });
  /** An order placed `minutes` ago. */
  const placedAgo = (orderId: number, minutes: number) =>
    suite.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(orders.id, orderId));
  const state = (orderId: number) => orderState(suite.db, orderId);

  async function twoOrders() {
    const mug = await insertSimpleProduct(suite.db, { slug: "mug", price: 1000, stock: 10 });
    const stale = await placeStripeOrder(suite.store, suite.db, [{ productId: mug.id, quantity: 2 }]);
    const fresh = await placeStripeOrder(suite.store, suite.db, [{ productId: mug.id, quantity: 1 }]);
    await placedAgo(stale.orderId, 61);
    await placedAgo(fresh.orderId, 59);
    return { mug, stale, fresh };
  }

  it("two processes sweeping at once: the session expired at Stripe, the order cancelled once and its stock back once; a younger order left", async () => {
    const { mug, stale, fresh } = await twoOrders();
    expect(await stockOf(suite.db, mug.id)).toBe(7);

    // Stripe's webhook for the expired session waits until both sweeps are done: had it come first,
    // it would have cancelled the order itself (once, as it must), and neither sweep would say so.
    await suite.store.fake.holdWebhooks(true);
    const [one, two] = await Promise.all([
      endUnpaidStripeOrders(suite.store.context),
      endUnpaidStripeOrders(suite.store.context),
    ]);
    expect([...one.cancelled, ...two.cancelled]).toEqual([stale.orderId]);
    await suite.store.fake.holdWebhooks(false);
    await suite.store.afterAnswers();

    expect(suite.store.fake.session(stale.sessionId)?.status).toBe("expired");
    const after = await state(stale.orderId);
    expect(after).toMatchObject({ status: "cancelled", payments: [{ status: "expired" }] });
    expect(after.history.filter((move) => move.endsWith(">cancelled"))).toEqual(["pending>cancelled"]);
    expect(after.notes).toEqual([
      `Stripe's payment page expired unpaid (${stale.sessionId}): the order is cancelled and its stock is back.`,
    ]);
    expect(after.stockRestoredAt).toBeInstanceOf(Date);
    expect(await stockOf(suite.db, mug.id)).toBe(9);
    expect((await state(fresh.orderId)).status).toBe("pending");
    expect(suite.store.fake.session(fresh.sessionId)?.status).toBe("open");

    // The next minute's sweep finds nothing to do.
    expect(await endUnpaidStripeOrders(suite.store.context)).toEqual({ cancelled: [], settled: [] });
    expect(await stockOf(suite.db, mug.id)).toBe(9);
  });

  it("an order Stripe says was paid after all (its webhook not here yet) is settled as paid, not cancelled", async () => {
    const { mug, stale } = await twoOrders();
    await suite.store.fake.holdWebhooks(true);
    await suite.store.fake.pay(stale.sessionId, "succeeded");

    expect(await endUnpaidStripeOrders(suite.store.context)).toEqual({
      cancelled: [],
      settled: [stale.orderId],
    });
    expect((await state(stale.orderId)).status).toBe("processing");
    expect(await stockOf(suite.db, mug.id)).toBe(7);
  });

  it("an order whose payment never began (Stripe unreachable at checkout) is cancelled all the same", async () => {
    const { mug, stale } = await twoOrders();
    await suite.db.delete(orderPayments).where(eq(orderPayments.orderId, stale.orderId));

    expect(await endUnpaidStripeOrders(suite.store.context)).toEqual({
      cancelled: [stale.orderId],
      settled: [],
    });
    expect(await state(stale.orderId)).toMatchObject({
      status: "cancelled",
      notes: ["Not paid within 60 minutes: the order is cancelled and its stock is back."],
    });
    expect(await stockOf(suite.db, mug.id)).toBe(9);
  });

  it("Stripe unreachable during a sweep: nothing ends blind, and the next sweep ends it", async () => {
    const { mug, stale } = await twoOrders();
    // Every attempt fails (stripe-node retries with the same idempotency key), until Stripe is back.
    suite.store.fake.failUntilLifted(/\/expire$/, 500);

    expect(await endUnpaidStripeOrders(suite.store.context)).toEqual({ cancelled: [], settled: [] });
    expect((await state(stale.orderId)).status).toBe("pending");
    expect(await stockOf(suite.db, mug.id)).toBe(7);

    suite.store.fake.liftFailures();

    // Stripe's webhook for the session the next sweep expires waits until that sweep is done: had it
    // come first, it would have cancelled the order itself, and the sweep would not say so.
    await suite.store.fake.holdWebhooks(true);
    expect(await endUnpaidStripeOrders(suite.store.context)).toEqual({
      cancelled: [stale.orderId],
      settled: [],
    });
    await suite.store.fake.holdWebhooks(false);
    await suite.store.afterAnswers();
    expect((await state(stale.orderId)).history.filter((move) => move.endsWith(">cancelled"))).toEqual([
      "pending>cancelled",
    ]);
    expect(await stockOf(suite.db, mug.id)).toBe(9);
  });
});
