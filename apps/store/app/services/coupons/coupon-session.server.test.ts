import { coupons } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { createTaxRate } from "../taxes/tax-rates.server.ts";
import { applyShopperCoupon, couponShopper } from "./coupon-session.server.ts";

/** The shopper's coupon actions through the request's context, as every entry point reaches them. */
describe.each(await availableDialects())("the shopper's coupons on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function vat20() {
    await createTaxRate(database.db, {
      country: "GB",
      rate: "20",
      name: "VAT",
      shipping: true,
      postcodes: undefined,
      cities: undefined,
      class: undefined,
    });
  }

  /** A shop in Great Britain with 20 % VAT, its prices entered and its cart shown as `taxes` says. */
  function shop(taxes: { pricesIncludeTax: boolean; displayCart: "incl" | "excl" }) {
    return testContext({
      db: database.db,
      settings: {
        currency: "GBP",
        address: { country: "GB" },
        taxes: { enabled: true, basedOn: "base", displayShop: taxes.displayCart, ...taxes },
      },
    });
  }

  it("measures a minimum spend against the subtotal the cart shows, with or without tax", async () => {
    const { db } = database;
    await vat20();
    await db.insert(coupons).values({ code: "over100", amount: "500", minimumAmount: 10_000 });
    // 90.00 entered without tax, shown with it: the cart says 108.00, which meets 100.00.
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 9000 });
    const shownWithTax = shop({ pricesIncludeTax: false, displayCart: "incl" });
    expect(await shownWithTax.cart.add({ productId: mug.id, quantity: 1 })).toMatchObject({ ok: true });
    expect((await shownWithTax.cart.current()).cart.subtotal).toBe(10_800);
    expect(await applyShopperCoupon(couponShopper(shownWithTax), "over100")).toMatchObject({ ok: true });
    expect((await shownWithTax.cart.current()).cart.coupons).toEqual(["over100"]);

    // 110.00 entered with tax, shown without it: the cart says 91.67, which does not.
    const vase = await insertSimpleProduct(db, { slug: "vase", price: 11_000 });
    const shownWithoutTax = shop({ pricesIncludeTax: true, displayCart: "excl" });
    expect(await shownWithoutTax.cart.add({ productId: vase.id, quantity: 1 })).toMatchObject({ ok: true });
    expect((await shownWithoutTax.cart.current()).cart.subtotal).toBe(9167);
    expect(await applyShopperCoupon(couponShopper(shownWithoutTax), "over100")).toMatchObject({
      ok: false,
      notice: { message: "coupons.errors.coupon_minimum_spend" },
    });
  });

  it("measures a code kept before there was a cart the same way, when the first item comes", async () => {
    const { db } = database;
    await vat20();
    await db.insert(coupons).values({ code: "over100", amount: "500", minimumAmount: 10_000 });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 9000 });
    const shownWithTax = shop({ pricesIncludeTax: false, displayCart: "incl" });
    expect(await applyShopperCoupon(couponShopper(shownWithTax), "over100")).toMatchObject({ kept: true });
    expect(await shownWithTax.cart.add({ productId: mug.id, quantity: 1 })).toMatchObject({ ok: true });
    expect((await shownWithTax.cart.current()).cart.coupons).toEqual(["over100"]);
  });
});
