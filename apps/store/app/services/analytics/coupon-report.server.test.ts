import { orderCouponLines, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertOrder } from "../orders/order-fixtures.test-helper.ts";
import { couponSales } from "./coupon-report.server.ts";

describe.each(await availableDialects())("sales by coupon on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  it("counts each code's sales and discounts in the period, leaving out cancelled orders and other currencies", async () => {
    const { db } = database;
    const order = async (createdAt: string, codes: Array<[string, number]>) => {
      const { id } = await insertOrder(db, { createdAt, key: createdAt });
      for (const [code, discount] of codes)
        await db.insert(orderCouponLines).values({ orderId: id, code, discount });
      return id;
    };
    await order("2026-11-02T10:00:00Z", [
      ["spring", 500],
      ["vip", 200],
    ]);
    await order("2026-11-03T10:00:00Z", [["spring", 300]]);
    await order("2026-11-30T23:59:59Z", [["vip", 100]]);
    await order("2026-12-01T00:00:00Z", [["spring", 999]]);
    const cancelled = await order("2026-11-04T10:00:00Z", [["spring", 700]]);
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled));
    const dollars = await order("2026-11-05T10:00:00Z", [["spring", 700]]);
    await db.update(orders).set({ currency: "USD" }).where(eq(orders.id, dollars));

    expect(await couponSales(db, { from: "2026-11-01", to: "2026-11-30", currency: "EUR" })).toEqual([
      { code: "spring", orders: 2, discount: 800 },
      { code: "vip", orders: 2, discount: 300 },
    ]);
  });
});
