import { cartCoupons, carts, coupons, couponUsages, type Database } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addToCart, loadCart } from "../cart/cart.server.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertAccount, insertOrder } from "../orders/order-fixtures.test-helper.ts";
import { moveOrderStatus } from "../orders/order-moves.server.ts";
import {
  appliedCoupons,
  applyCoupon,
  CouponUsageError,
  claimCouponUsage,
  removeCoupon,
} from "./coupons.server.ts";

async function insertCoupon(db: Database, values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(coupons)
    .values({ amount: "500", ...values })
    .returning();
  return row!;
}

const en = { locale: "en" as const };

describe.each(await availableDialects())("coupons on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function cartWithMug(sessionId = "s1", price = 2000) {
    const { db } = database;
    const owner = await insertSession(db, sessionId);
    const mug = await insertSimpleProduct(db, { slug: `mug-${sessionId}`, price });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    return owner;
  }

  it("applies a code in any case to the cart, refuses it twice, and removes it", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "save5" });
    const owner = await cartWithMug();
    expect(await applyCoupon(db, owner, "  SAVE5 ", en)).toEqual({ ok: true, code: "save5", removed: [] });
    expect((await appliedCoupons(db, owner)).map((c) => c.code)).toEqual(["save5"]);
    expect(await applyCoupon(db, owner, "save5", en)).toMatchObject({
      ok: false,
      refusal: { code: "coupon_already_applied" },
    });
    expect(await removeCoupon(db, owner, "Save5")).toBe(true);
    expect(await removeCoupon(db, owner, "save5")).toBe(false);
    expect(await appliedCoupons(db, owner)).toEqual([]);
  });

  it("the cart as read carries its codes in the order applied, kept by the database (migration 0024)", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "first" });
    await insertCoupon(db, { code: "second" });
    const owner = await cartWithMug();
    await applyCoupon(db, owner, "first", en);
    await applyCoupon(db, owner, "second", en);
    expect((await loadCart(db, owner, "en")).coupons).toEqual(["first", "second"]);
    await removeCoupon(db, owner, "first");
    expect((await loadCart(db, owner, "en")).coupons).toEqual(["second"]);
    // A cart that goes takes its coupons with it (the cascade's delete finds no cart to update).
    await db.delete(carts);
    expect(await db.select().from(cartCoupons)).toEqual([]);
  });

  it("refuses an unknown, an expired and an under-spent code with WooCommerce's reasons", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "old", expiresAt: new Date("2020-01-01") });
    await insertCoupon(db, { code: "big", minimumAmount: 5000 });
    const owner = await cartWithMug();
    expect(await applyCoupon(db, owner, "nope", en)).toMatchObject({
      ok: false,
      refusal: { code: "coupon_not_found", params: { code: "nope" } },
    });
    expect(await applyCoupon(db, owner, "old", en)).toMatchObject({ refusal: { code: "coupon_expired" } });
    expect(await applyCoupon(db, owner, "big", en)).toMatchObject({
      refusal: { code: "coupon_minimum_spend", params: { amount: 5000 } },
    });
    expect(await applyCoupon(db, owner, "", en)).toMatchObject({ refusal: { code: "coupon_missing" } });
    expect(await appliedCoupons(db, owner)).toEqual([]);
  });

  it("a coupon for individual use replaces the others, and no other joins it", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "a" });
    await insertCoupon(db, { code: "solo", individualUse: true });
    await insertCoupon(db, { code: "b" });
    const owner = await cartWithMug();
    await applyCoupon(db, owner, "a", en);
    expect(await applyCoupon(db, owner, "solo", en)).toEqual({ ok: true, code: "solo", removed: ["a"] });
    expect(await applyCoupon(db, owner, "b", en)).toMatchObject({
      refusal: { code: "coupon_individual_use", params: { code: "solo" } },
    });
    expect((await appliedCoupons(db, owner)).map((c) => c.code)).toEqual(["solo"]);
  });

  it("a coupon for individual use applied at the same time as others never ends up beside one", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "solo", type: "percent", amount: "50", individualUse: true });
    const others = ["a", "b", "c", "d", "e"];
    for (const code of others) await insertCoupon(db, { code, amount: "100" });
    for (let round = 0; round < 4; round++) {
      const owner = await cartWithMug(`race-${round}`);
      // The individual coupon sent first, then last: each order of arrival is tried.
      const codes = round % 2 === 0 ? ["solo", ...others] : [...others, "solo"];
      await Promise.all(codes.map((code) => applyCoupon(db, owner, code, en)));
      const applied = (await appliedCoupons(db, owner)).map((c) => c.code);
      if (applied.includes("solo")) expect(applied, `round ${round}`).toEqual(["solo"]);
      else expect(applied.length, `round ${round}`).toBeGreaterThan(0);
    }
  });

  it("without a cart, a coupon that exists is to be kept; one that does not is refused", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "later", minimumAmount: 100_000 });
    const owner = await insertSession(db, "empty");
    expect(await applyCoupon(db, owner, "LATER", en)).toEqual({ ok: "no_cart", code: "later" });
    expect(await applyCoupon(db, owner, "nope", en)).toMatchObject({ refusal: { code: "coupon_not_found" } });
  });

  it("without a cart, a coupon for some products or categories is kept: which items come is not known yet", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 2000 });
    await insertCoupon(db, { code: "mugs", type: "fixed_product", productIds: [mug.id] });
    await insertCoupon(db, { code: "kitchen", type: "percent", amount: "10", categoryIds: [mug.id + 1000] });
    await insertCoupon(db, { code: "cart", productIds: [mug.id] });
    const owner = await insertSession(db, "empty");
    expect(await applyCoupon(db, owner, "mugs", en)).toEqual({ ok: "no_cart", code: "mugs" });
    expect(await applyCoupon(db, owner, "kitchen", en)).toEqual({ ok: "no_cart", code: "kitchen" });
    expect(await applyCoupon(db, owner, "cart", en)).toEqual({ ok: "no_cart", code: "cart" });
    // Once the cart has items, they decide.
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    expect(await applyCoupon(db, owner, "mugs", en)).toMatchObject({ ok: true });
    expect(await applyCoupon(db, owner, "kitchen", en)).toMatchObject({
      refusal: { code: "coupon_not_applicable" },
    });
  });

  it("20 orders claiming a one-use coupon at once: exactly one gets it, the others a refusal", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "once", usageLimit: 1 });
    const orderIds: number[] = [];
    for (let i = 0; i < 20; i++)
      orderIds.push(
        (
          await insertOrder(db, {
            createdAt: `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`,
            key: `k${i}`,
          })
        ).id,
      );
    const results = await Promise.allSettled(
      orderIds.map((orderId, i) =>
        db.transaction((tx) =>
          claimCouponUsage(tx, {
            orderId,
            coupons: ["ONCE"],
            email: `shopper${i}@example.com`,
            userId: null,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(19);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(CouponUsageError);
      expect((reason as CouponUsageError).code).toBe("coupon_usage_limit");
      expect((reason as CouponUsageError).message).toBe("Coupon usage limit has been reached.");
      expect((reason as CouponUsageError).messageIn("es")).toBe(
        "Se ha alcanzado el límite de uso del cupón.",
      );
    }
    const [row] = await db.select().from(coupons);
    expect(row!.usageCount).toBe(1);
    expect(await db.select().from(couponUsages)).toHaveLength(1);
  });

  it("a customer's own limit holds by account and by billing e-mail, under concurrency", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "mine", usageLimitPerUser: 1 });
    const userId = await insertAccount(db, "ada@example.com");
    const orderIds: number[] = [];
    for (let i = 0; i < 10; i++)
      orderIds.push((await insertOrder(db, { createdAt: `2026-01-02T00:00:0${i}Z`, key: `m${i}` })).id);
    const results = await Promise.allSettled(
      orderIds.slice(0, 8).map((orderId, i) =>
        db.transaction((tx) =>
          claimCouponUsage(tx, {
            orderId,
            coupons: ["mine"],
            // Half by the account, half as a guest with the same e-mail in another case.
            email: i % 2 === 0 ? "ada@example.com" : "ADA@Example.com",
            userId: i % 2 === 0 ? userId : null,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await db.transaction((tx) =>
      claimCouponUsage(tx, {
        orderId: orderIds[8]!,
        coupons: ["mine"],
        email: "bob@example.com",
        userId: null,
      }),
    );
    const [row] = await db.select().from(coupons);
    expect(row!.usageCount).toBe(2);
  });

  it("refuses at checkout a billing e-mail the coupon does not allow", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "staff", emailRestrictions: ["*@vitrine.test"] });
    const { id } = await insertOrder(db, { createdAt: "2026-01-03T00:00:00Z" });
    const claim = (email: string) =>
      db.transaction((tx) => claimCouponUsage(tx, { orderId: id, coupons: ["staff"], email, userId: null }));
    await expect(claim("ada@example.com")).rejects.toMatchObject({ code: "coupon_not_yours" });
    expect((await db.select().from(coupons))[0]!.usageCount).toBe(0);
    await claim("ada@vitrine.test");
    expect((await db.select().from(coupons))[0]!.usageCount).toBe(1);
  });

  it("accepts at checkout a signed-in customer whose account's e-mail the coupon allows, whatever the billing e-mail", async () => {
    const { db } = database;
    await insertCoupon(db, { code: "staff", emailRestrictions: ["*@vitrine.test"] });
    const ada = await insertAccount(db, "Ada@Vitrine.test");
    const bob = await insertAccount(db, "bob@example.com");
    const { id } = await insertOrder(db, { createdAt: "2026-01-03T00:00:00Z" });
    // As the checkout claims: the billing e-mail and the account, not the account's e-mail.
    const claim = (userId: number) =>
      db.transaction((tx) =>
        claimCouponUsage(tx, { orderId: id, coupons: ["staff"], email: "ada@home.example", userId }),
      );
    await expect(claim(bob)).rejects.toMatchObject({ code: "coupon_not_yours" });
    await claim(ada);
    expect((await db.select().from(coupons))[0]!.usageCount).toBe(1);
  });

  it("a cancelled order gives its coupon's use back, once", async () => {
    const { db } = database;
    const coupon = await insertCoupon(db, { code: "once", usageLimit: 1 });
    const { id } = await insertOrder(db, { createdAt: "2026-01-04T00:00:00Z" });
    await db.transaction((tx) =>
      claimCouponUsage(tx, { orderId: id, coupons: [coupon], email: "ada@example.com", userId: null }),
    );
    await db.transaction((tx) =>
      moveOrderStatus(tx, { orderId: id, from: "on-hold", to: "cancelled", by: null }),
    );
    await db.transaction((tx) =>
      moveOrderStatus(tx, { orderId: id, from: "cancelled", to: "refunded", by: null }),
    );
    const [row] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usageCount).toBe(0);
    expect(await db.select().from(couponUsages)).toEqual([]);
  });
});
