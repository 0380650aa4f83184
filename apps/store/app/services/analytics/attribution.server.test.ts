import { orderAttribution } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { addToCart } from "../cart/cart.server.ts";
import { placeOrder } from "../cart/checkout.server.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { AttributionError, attributionFromForm, cleanAttribution } from "./attribution.server.ts";

describe("cleaning the attribution record", () => {
  it.each([
    [
      { source_type: "utm", utm_source: "  news  " },
      { source_type: "utm", utm_source: "news" },
    ],
    [{ utm_campaign: "<b>spring</b><script>x</script>" }, { utm_campaign: "springx" }],
    [{ utm_term: "a\u0000b\u0007c\nd" }, { utm_term: "abcd" }],
    [{ utm_source: "(none)", utm_medium: "", referrer: null }, {}],
    [{ utm_content: "x".repeat(500) }, { utm_content: "x".repeat(200) }],
    [
      { referrer: `https://e.example/${"p".repeat(2000)}` },
      { referrer: `https://e.example/${"p".repeat(2000)}`.slice(0, 1000) },
    ],
    [{ unknown_key: 5, source_type: "typein" }, { source_type: "typein" }],
    [undefined, {}],
    [null, {}],
  ])("%j → %j", (input, expected) => {
    expect(cleanAttribution(input)).toEqual(expected);
  });

  it.each([
    [{ utm_source: 5 }, "utm_source"],
    [{ session_pages: ["1"] }, "session_pages"],
    [{ referrer: { a: 1 } }, "referrer"],
    ["text", "woocommerce/order-attribution"],
    [[1], "woocommerce/order-attribution"],
  ])("refuses %j naming %s", (input, field) => {
    expect(() => cleanAttribution(input)).toThrow(AttributionError);
    try {
      cleanAttribution(input);
    } catch (error) {
      expect((error as AttributionError).field).toBe(field);
      expect((error as Error).message).toContain(field);
    }
  });

  it("reads the classic form's hidden inputs", () => {
    expect(
      attributionFromForm({
        wc_order_attribution_source_type: "organic",
        wc_order_attribution_utm_source: "google",
        other: "x",
      }),
    ).toEqual({
      source_type: "organic",
      utm_source: "google",
    });
  });
});

describe.each(await availableDialects())("storing the attribution with the order on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function order(attribution: Record<string, string>, key: string) {
    const owner = await insertSession(database.db, key);
    const mug = await insertSimpleProduct(database.db, { slug: `mug-${key}`, price: 100 });
    await addToCart(database.db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    const address = {
      first_name: "A",
      last_name: "B",
      address_1: "C",
      city: "D",
      postcode: "E",
      country: "GB",
      email: "a@b.co",
      phone: "123456",
    };
    return placeOrder(database.db, {
      owner,
      locale: "en",
      currency: "USD",
      billing: address,
      shipping: address,
      payment: {
        via: "checkout",
        method: "cod",
        offer: {
          payments: parseStoreSettings({}).payments,
          config: { stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined } },
        },
      },
      shippingRate: { id: "flat_rate:1", label: "Flat rate", cost: 0, taxable: true },
      pricing: parseStoreSettings({}),
      customerNote: "",
      idempotencyKey: key,
      attribution,
    });
  }

  it("stores the record with its origin label and device type, and nothing for an empty record", async () => {
    const placed = await order(
      { source_type: "organic", utm_source: "google", user_agent: "Mozilla/5.0 (iPhone) Mobile" },
      "a",
    );
    const empty = await order({}, "b");
    const rows = await database.db.select().from(orderAttribution);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orderId: placed.id,
      sourceType: "organic",
      utmSource: "google",
      origin: "Organic: Google",
      deviceType: "Mobile",
    });
    expect(rows.some((row) => row.orderId === empty.id)).toBe(false);
  });
});
