import { mailOutbox, orders, products, variations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../lib/order-status.ts";
import { insertSimpleProduct, insertVariableProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { MAIL_ATTEMPTS } from "../mail/mail-outbox.server.ts";
import { insertOrder } from "../orders/order-fixtures.test-helper.ts";
import { dashboard } from "./dashboard.server.ts";

describe.each(await availableDialects())("the dashboard on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const now = new Date("2026-11-26T15:00:00Z");
  const read = (locale = "en") => dashboard(database.db, { now, currency: "EUR", locale });

  async function order(at: string, total: number, status: OrderStatus = "on-hold", currency = "EUR") {
    const { id } = await insertOrder(database.db, { createdAt: at, key: `wc_order_${Math.random()}`, total });
    await database.db.update(orders).set({ status, currency }).where(eq(orders.id, id));
    return id;
  }

  it("counts today's and this month's sales in the store's currency, by UTC day and month", async () => {
    await order("2026-11-26T00:00:00Z", 1000);
    await order("2026-11-26T14:59:00Z", 2000, "processing");
    await order("2026-11-26T10:00:00Z", 4000, "completed");
    await order("2026-11-25T23:59:59Z", 8000);
    await order("2026-11-01T00:00:00Z", 16_000, "completed");
    // Not sales, another currency, last month, or (for a clock that is behind) tomorrow.
    for (const status of ["pending", "failed", "cancelled", "refunded"] as const)
      await order("2026-11-26T09:00:00Z", 100, status);
    await order("2026-11-26T09:00:00Z", 100, "on-hold", "USD");
    await order("2026-10-31T23:59:59Z", 100);
    await order("2026-11-27T00:00:00Z", 100);

    expect(await read()).toMatchObject({
      currency: "EUR",
      day: "2026-11-26",
      month: "2026-11",
      today: { orders: 3, revenue: 7000 },
      thisMonth: { orders: 5, revenue: 31_000 },
    });
  });

  it("answers zeros and empty lists for a store without orders or tracked stock", async () => {
    await insertSimpleProduct(database.db, { slug: "untracked", price: 1000, stock: null });
    expect(await read()).toEqual({
      currency: "EUR",
      day: "2026-11-26",
      month: "2026-11",
      today: { orders: 0, revenue: 0 },
      thisMonth: { orders: 0, revenue: 0 },
      lowStock: [],
      recentOrders: [],
      unsentMails: [],
    });
  });

  it("lists the products at or below their own low-stock threshold, the lowest first", async () => {
    const { db } = database;
    await insertSimpleProduct(db, { slug: "plenty", price: 1000, stock: 50 });
    const four = await insertSimpleProduct(db, { slug: "four", price: 1000, stock: 4 });
    const three = await insertSimpleProduct(db, { slug: "three", price: 1000, stock: 3 });
    const none = await insertSimpleProduct(db, { slug: "none", price: 1000, stock: 0 });
    await insertSimpleProduct(db, { slug: "untracked", price: 1000, stock: null });
    // A product of its own threshold: 4 is low for it.
    await db.update(products).set({ lowStockThreshold: 5 }).where(eq(products.id, four.id));
    // A variable product is low by its lowest tracked variation (the fixture's: 5 and 0).
    const variable = await insertVariableProduct(db, "scarf");
    // Another, whose variations are all well stocked, is not.
    const stocked = await insertVariableProduct(db, "hat");
    await db
      .update(variations)
      .set({ stockQuantity: 20 })
      .where(eq(variations.productId, stocked.product.id));

    const { lowStock } = await read("es");
    expect(lowStock).toEqual([
      { id: none.id, name: "none (es)", stock: 0, threshold: 3 },
      // No Spanish name: the English one.
      { id: variable.product.id, name: "scarf", stock: 0, threshold: 3 },
      { id: three.id, name: "three (es)", stock: 3, threshold: 3 },
      { id: four.id, name: "four (es)", stock: 4, threshold: 5 },
    ]);
  });

  it("lists the newest orders of any status, newest first, with their customer and origin", async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 10; day++)
      ids.push(
        await order(
          `2026-11-${String(day).padStart(2, "0")}T10:00:00Z`,
          1000 * day,
          day === 10 ? "failed" : "on-hold",
        ),
      );
    const { recentOrders } = await read();
    expect(recentOrders.map((row) => row.id)).toEqual(ids.slice(2).reverse());
    expect(recentOrders[0]).toEqual({
      id: ids[9],
      status: "failed",
      date: "2026-11-10T10:00:00.000Z",
      currency: "EUR",
      total: 10_000,
      customer: "Ada Lovelace",
      email: "ada@example.com",
      origin: "Unknown",
    });
  });

  it("lists the orders whose confirmation mail failed and is not sent, the newest first", async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 4; day++) ids.push(await order(`2026-11-0${day}T10:00:00Z`, 1000));
    // Owed and not tried yet; failed twice; given up; failed once, then sent.
    const [fresh, retrying, gaveUp, sent] = ids as [number, number, number, number];
    await database.db.insert(mailOutbox).values([
      { key: `order_confirmation:${fresh}`, orderId: fresh, kind: "order_confirmation" },
      {
        key: `order_confirmation:${retrying}`,
        orderId: retrying,
        kind: "order_confirmation",
        attempts: 2,
        lastError: "smtp down",
      },
      {
        key: `order_confirmation:${gaveUp}`,
        orderId: gaveUp,
        kind: "order_confirmation",
        attempts: MAIL_ATTEMPTS,
        lastError: "smtp down",
      },
      {
        key: `order_confirmation:${sent}`,
        orderId: sent,
        kind: "order_confirmation",
        attempts: 2,
        doneAt: new Date(),
      },
    ]);
    expect((await read()).unsentMails).toEqual([
      { orderId: gaveUp, attempts: MAIL_ATTEMPTS, gaveUp: true },
      { orderId: retrying, attempts: 2, gaveUp: false },
    ]);
  });
});
