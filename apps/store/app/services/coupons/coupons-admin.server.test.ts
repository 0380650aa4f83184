import { coupons } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCoupon, updateCoupon } from "./coupons-admin.server.ts";

describe.each(await availableDialects())("the owner's coupons on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  it("a type changed without an amount keeps the amount's figure, as WooCommerce's one amount does", async () => {
    const { db } = database;
    const five = await createCoupon(db, { code: "five", discount_type: "fixed_cart", amount: "5.00" });
    // 5.00 off becomes 5 % off, not 500 % (a percentage is at most 100).
    expect(await updateCoupon(db, five.id, { discount_type: "percent" })).toMatchObject({
      discount_type: "percent",
      amount: "5.00",
    });
    const [stored] = await db.select().from(coupons).where(eq(coupons.id, five.id));
    expect(stored).toMatchObject({ type: "percent", amount: "5" });
    expect(await updateCoupon(db, five.id, { discount_type: "fixed_product" })).toMatchObject({
      discount_type: "fixed_product",
      amount: "5.00",
    });
    // A figure that cannot be a percentage is refused as if it had been sent.
    const big = await createCoupon(db, { code: "big", discount_type: "fixed_cart", amount: "150" });
    await expect(updateCoupon(db, big.id, { discount_type: "percent" })).rejects.toMatchObject({
      code: "rest_invalid_param",
    });
    const [unchanged] = await db.select().from(coupons).where(eq(coupons.id, big.id));
    expect(unchanged).toMatchObject({ type: "fixed_cart", amount: "15000" });
  });
});
