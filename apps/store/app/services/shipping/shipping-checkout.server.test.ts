import { coupons } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { addToCart, loadCart } from "../cart/cart.server.ts";
import { priceCart } from "../cart/cart-pricing.server.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertVirtualProduct } from "../catalogue/product-types-fixtures.test-helper.ts";
import { applyCoupon } from "../coupons/coupons.server.ts";
import { createTaxRate } from "../taxes/tax-rates.server.ts";
import { checkoutShippingChoice, checkoutZones } from "./shipping-checkout.server.ts";
import { insertStoreShipping } from "./shipping-fixtures.test-helper.ts";
import { addZoneMethod, createZone, forgetShippingZones, setZoneLocations } from "./shipping-zones.server.ts";

const london = { country: "GB", state: "", postcode: "N1 9GU" };

describe.each(await availableDialects())("the checkout's shipping rates on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    await insertStoreShipping(database.db);
  });

  /** A zone for Great Britain with one flat rate costing `cost`; its rate id. */
  async function britishFlatRate(cost: string) {
    const { db } = database;
    const zone = await createZone(db, { name: "Great Britain" });
    await setZoneLocations(db, zone, [{ type: "country", code: "GB" }]);
    const flat = await addZoneMethod(db, zone, { method_id: "flat_rate", settings: { cost } });
    forgetShippingZones(db);
    return `flat_rate:${flat}`;
  }

  it("prices a flat rate on the lines that ship: a virtual line counts in neither [qty] nor [cost]", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const course = await insertVirtualProduct(db, "course", 3000);
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500 });
    await addToCart(db, owner, { productId: course.id, variationId: null, quantity: 1 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    const rate = await britishFlatRate('[qty] + [fee percent="10"]');
    const context = { db, locale: "en", settings: parseStoreSettings({}) };

    // Two mugs ship: 2.00 for their quantity and 10 % of their 30.00.
    const chosen = await checkoutShippingChoice(context, { owner, address: london, requested: rate });
    expect(chosen?.cost).toBe(500);
    const cart = (await priceCart({ ...context, locale: "en" }, owner, await loadCart(db, owner, "en"))).cart;
    const zone = (await checkoutZones(context, cart)).find((each) => each.rates[0]?.id === rate);
    expect(zone?.rates.map((each) => each.cost)).toEqual([500]);
  });

  it("reads [cost] and a fee's percent on the lines' cost after coupons and without tax, as WooCommerce's contents_cost", async () => {
    const { db } = database;
    await createTaxRate(db, {
      country: "GB",
      rate: "20",
      name: "VAT",
      shipping: true,
      postcodes: undefined,
      cities: undefined,
      class: undefined,
    });
    await db.insert(coupons).values({ code: "half", type: "percent", amount: "50" });
    const owner = await insertSession(db, "s1");
    // 120.00 entered with VAT: 100.00 without it.
    const lamp = await insertSimpleProduct(db, { slug: "lamp", price: 12_000 });
    await addToCart(db, owner, { productId: lamp.id, variationId: null, quantity: 1 });
    const rate = await britishFlatRate('[fee percent="10"]');
    const settings = parseStoreSettings({
      currency: "GBP",
      address: { country: "GB" },
      taxes: {
        enabled: true,
        basedOn: "base",
        pricesIncludeTax: true,
        displayShop: "incl",
        displayCart: "incl",
      },
    });
    const context = { db, locale: "en", settings };
    const fee = async () =>
      (await checkoutShippingChoice(context, { owner, address: london, requested: rate }))?.cost;

    expect(await fee()).toBe(1000);
    // Half off: 10 % of the 50.00 left.
    expect(await applyCoupon(db, owner, "half", { locale: "en" })).toMatchObject({ ok: true });
    expect(await fee()).toBe(500);
  });
});
