import {
  coupons,
  mailOutbox,
  orderCouponLines,
  orderLines,
  orders,
  orderTaxLines,
  products,
  selectRows,
  taxRates,
  variations,
} from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { type PaymentSettings, parseStoreSettings } from "../../lib/settings-resource.ts";
import {
  insertSession,
  insertSimpleProduct,
  insertVariableProduct,
} from "../catalogue/catalogue-fixtures.test-helper.ts";
import { restoreOrderStock } from "../catalogue/stock.server.ts";
import { applyCoupon } from "../coupons/coupons.server.ts";
import { createTaxRate, forgetTaxRates, loadTaxRates } from "../taxes/tax-rates.server.ts";
import { addToCart, type CartOwner, loadCart } from "./cart.server.ts";
import { CheckoutError, type PlaceOrderInput, placeOrder } from "./checkout.server.ts";

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "1 Main St",
  city: "London",
  postcode: "N1",
  country: "GB",
  email: "ada@example.com",
  phone: "+44 20 1234 5678",
};

const offerEverything = parseStoreSettings({}).payments;

function input(
  owner: CartOwner,
  idempotencyKey: string,
  paymentMethod = "cod",
  payments: PaymentSettings = offerEverything,
): PlaceOrderInput {
  return {
    owner,
    locale: "en",
    currency: "USD",
    billing: address,
    shipping: address,
    payment: {
      via: "checkout",
      method: paymentMethod,
      offer: {
        payments,
        config: { stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined } },
      },
    },
    shippingRate: { id: "flat_rate:1", label: "Flat rate", cost: 500, taxable: true },
    pricing: parseStoreSettings({}),
    customerNote: "",
    idempotencyKey,
  };
}

describe.each(await availableDialects())("placing orders on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  it("places the order, its lines and totals, takes the stock and empties the cart, in one go", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500, salePrice: 1200, stock: 3 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    const placed = await placeOrder(db, input(owner, "attempt-1", "bacs"));
    expect(placed).toMatchObject({ status: "on-hold", total: 2900, created: true });
    expect(placed.orderKey).toMatch(/^wc_order_/);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ subtotal: 2400, shippingTotal: 500, total: 2900, paymentMethod: "bacs" });
    expect(
      await db
        .select({ name: orderLines.name, quantity: orderLines.quantity, total: orderLines.total })
        .from(orderLines),
    ).toEqual([{ name: "mug (en)", quantity: 2, total: 2400 }]);
    const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(stock).toMatchObject({ stockQuantity: 1, totalSales: 2, stockStatus: "instock" });
    expect((await loadCart(db, owner, "en")).lines).toEqual([]);
  });

  it("places a one-line order paid on delivery in ten statements, reading its attempt's key once, under its lock", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    // The tax rates are read once per process, then kept (services/taxes): not by each order.
    await loadTaxRates(db);
    const record = recordStatements(db);
    await placeOrder(db, input(owner, "attempt-1"));
    record.stop();
    const { statements } = record;
    // The lock, the key, the cart (one read), the order, its two mails (the shopper's confirmation
    // and the owner's new order, in one insert), its history, its lines, the emptied cart and the
    // stock (which answers what the stock mails need): each a round trip while the transaction is
    // open. A taxed order writes its tax lines too (one more). Placed paid (cash on delivery), it
    // grants its downloadable lines' files in one insert … select (decision 0075): ten; an order
    // placed unpaid (a bank transfer) grants nothing, nine.
    expect(statements).toHaveLength(10);
    expect(
      statements.filter((statement) => statement.includes("insert into download_permissions")),
    ).toHaveLength(1);
    expect(statements.filter((statement) => statement.startsWith('insert into "mail_outbox"'))).toHaveLength(
      1,
    );
    expect(statements[0]).toMatch(/^select pg_advisory_xact_lock/);
    expect(statements.filter((statement) => statement.includes('where "orders"."idempotency_key"'))).toEqual([
      statements[1],
    ]);
    expect(statements.filter((statement) => /^select .* from "cart_lines"/.test(statement))).toHaveLength(1);
  });

  it("a retried or resubmitted attempt places one order, not two", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    const [first, second, third] = await Promise.all([
      placeOrder(db, input(owner, "attempt-1")),
      placeOrder(db, input(owner, "attempt-1")),
      placeOrder(db, input(owner, "attempt-1")),
    ]);
    expect(new Set([first.id, second.id, third.id]).size).toBe(1);
    expect([first, second, third].filter((order) => order.created)).toHaveLength(1);
    expect(await db.select().from(orders)).toHaveLength(1);
    const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(stock!.stockQuantity).toBe(9);
  });

  it("with 5 in stock and 50 concurrent checkouts for 1 each, exactly 5 orders are placed", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const owners: CartOwner[] = [];
    for (let i = 0; i < 50; i++) {
      const owner = await insertSession(db, `shopper-${i}`);
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      owners.push(owner);
    }
    const results = await Promise.allSettled(
      owners.map((owner, i) => placeOrder(db, input(owner, `attempt-${i}`))),
    );
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(CheckoutError);
      expect(((result as PromiseRejectedResult).reason as CheckoutError).code).toBe("not_enough_stock");
    }
    const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(stock).toMatchObject({ stockQuantity: 0, stockStatus: "outofstock", totalSales: 5 });
    expect(await db.select().from(orders)).toHaveLength(5);
    expect(await db.select().from(orderLines)).toHaveLength(5);
  });

  it("with 5 in stock, backorders allowed and 20 concurrent checkouts for 1 each, all 20 are placed and the stock goes to -15", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5, backorders: "yes" });
    const owners: CartOwner[] = [];
    for (let i = 0; i < 20; i++) {
      const owner = await insertSession(db, `shopper-${i}`);
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      owners.push(owner);
    }
    const results = await Promise.allSettled(
      owners.map((owner, i) => placeOrder(db, input(owner, `attempt-${i}`))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(20);
    const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(stock).toMatchObject({ stockQuantity: -15, stockStatus: "onbackorder", totalSales: 20 });
    expect(await db.select().from(orders)).toHaveLength(20);
    // "yes": sold on backorder without telling the customer, so no line says so.
    expect((await db.select().from(orderLines)).map((line) => line.backordered)).toEqual(Array(20).fill(0));
  });

  it("places an order beyond the stock where backorders allow it: the stock below zero and on backorder, the items backordered kept on a notified line, all put back by a restock", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const kettle = await insertSimpleProduct(db, {
      slug: "kettle",
      price: 1000,
      stock: 2,
      backorders: "notify",
    });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 500, stock: 1, backorders: "yes" });
    const { product: tee, inStock: red } = await insertVariableProduct(db, "tee");
    await db
      .update(variations)
      .set({ stockQuantity: 1, backorders: "notify" })
      .where(eq(variations.id, red.id));
    await addToCart(db, owner, { productId: kettle.id, variationId: null, quantity: 5 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    await addToCart(db, owner, { productId: tee.id, variationId: red.id, quantity: 3 });
    const placed = await placeOrder(db, input(owner, "attempt-1"));

    const stockOf = async () => ({
      kettle: (await db.select().from(products).where(eq(products.id, kettle.id)))[0],
      mug: (await db.select().from(products).where(eq(products.id, mug.id)))[0],
      red: (await db.select().from(variations).where(eq(variations.id, red.id)))[0],
    });
    expect(await stockOf()).toMatchObject({
      kettle: { stockQuantity: -3, stockStatus: "onbackorder", totalSales: 5 },
      mug: { stockQuantity: -1, stockStatus: "onbackorder", totalSales: 2 },
      red: { stockQuantity: -2, stockStatus: "onbackorder" },
    });
    // WooCommerce's "Backordered": the quantity less the stock there was, on the lines whose customer is told.
    const lines = await db
      .select({ name: orderLines.name, quantity: orderLines.quantity, backordered: orderLines.backordered })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.id))
      .orderBy(orderLines.id);
    expect(lines).toEqual([
      { name: "kettle (en)", quantity: 5, backordered: 3 },
      { name: "mug (en)", quantity: 2, backordered: 0 },
      { name: "tee", quantity: 3, backordered: 2 },
    ]);
    // The owner hears of each: out of stock (the crossing) and backordered (below zero).
    const mails = await db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ["no_stock", "backorder"]))
      .orderBy(mailOutbox.id);
    expect(mails.map((mail) => mail.key)).toEqual(
      [`product-${kettle.id}`, `product-${mug.id}`, `variation-${red.id}`].flatMap((item) => [
        `no_stock:${placed.id}:${item}`,
        `backorder:${placed.id}:${item}`,
      ]),
    );

    // Cancelled, every item goes back: each count as it was, in stock again.
    await db.transaction((tx) => restoreOrderStock(tx, placed.id));
    expect(await stockOf()).toMatchObject({
      kettle: { stockQuantity: 2, stockStatus: "instock", totalSales: 0 },
      mug: { stockQuantity: 1, stockStatus: "instock", totalSales: 0 },
      red: { stockQuantity: 1, stockStatus: "instock" },
    });
  });

  it("stores the engine's figures: each line's subtotal and tax by rate, the tax and coupon lines, the order's totals", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 2000, stock: 5 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    const vat = await createTaxRate(db, {
      country: "GB",
      rate: "20",
      name: "VAT",
      shipping: true,
      postcodes: undefined,
      cities: undefined,
      class: undefined,
    });
    forgetTaxRates(db);
    await db.insert(coupons).values({ code: "tenoff", type: "percent", amount: "10" });
    await applyCoupon(db, owner, "TENOFF", { locale: "en" });
    const placed = await placeOrder(db, input(owner, "attempt-1"));
    // 2 × 20.00 = 40.00, less 10 % = 36.00, VAT 20 % = 7.20; shipping 5.00 + VAT 1.00: 49.20.
    expect(placed.total).toBe(4920);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({
      subtotal: 4000,
      discountTotal: 400,
      discountTax: 80,
      shippingTotal: 500,
      shippingTax: 100,
      cartTax: 720,
      totalTax: 820,
      total: 4920,
      shippingMethod: "flat_rate:1",
      shippingLabel: "Flat rate",
    });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(line).toMatchObject({
      subtotal: 4000,
      subtotalTax: 800,
      total: 3600,
      totalTax: 720,
      taxes: { total: { [vat.id]: 720 }, subtotal: { [vat.id]: 800 } },
    });
    expect(await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, placed.id))).toEqual([
      expect.objectContaining({ rateId: vat.id, label: "VAT", taxTotal: 720, shippingTaxTotal: 100 }),
    ]);
    expect(await db.select().from(orderCouponLines).where(eq(orderCouponLines.orderId, placed.id))).toEqual([
      expect.objectContaining({ code: "tenoff", discount: 400, discountTax: 80 }),
    ]);
    // A later change of rate changes nothing of the placed order.
    await db.update(taxRates).set({ rate: "25" });
    forgetTaxRates(db);
    const [again] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(again!.total).toBe(4920);
  });

  it("takes the cart's coupons with its lines, as WooCommerce empties the cart: the next order enters its own", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 2000, stock: 5 });
    await db.insert(coupons).values({ code: "tenoff", type: "percent", amount: "10" });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    await applyCoupon(db, owner, "tenoff", { locale: "en" });
    await placeOrder(db, input(owner, "attempt-1"));
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    expect((await loadCart(db, owner, "en")).coupons).toEqual([]);
    const second = await placeOrder(db, input(owner, "attempt-2"));
    expect(second.total).toBe(2500);
    expect(await db.select().from(orderCouponLines).where(eq(orderCouponLines.orderId, second.id))).toEqual(
      [],
    );
  });

  it("20 carts placing orders at once with a coupon limited to one use give one discounted order", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 100 });
    await db.insert(coupons).values({ code: "once", type: "fixed_cart", amount: "300", usageLimit: 1 });
    const owners: CartOwner[] = [];
    for (let i = 0; i < 20; i++) {
      const owner = await insertSession(db, `shopper-${i}`);
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      await applyCoupon(db, owner, "once", { locale: "en" });
      owners.push(owner);
    }
    const results = await Promise.allSettled(
      owners.map((owner, i) => placeOrder(db, input(owner, `attempt-${i}`))),
    );
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(placed).toHaveLength(1);
    // 10.00 less 3.00, and 5.00 shipping.
    expect((placed[0] as PromiseFulfilledResult<{ total: number }>).value.total).toBe(1200);
    expect(refused).toHaveLength(19);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(CheckoutError);
      expect(reason).toMatchObject({
        code: "coupon_unavailable",
        details: { message: "coupon_usage_limit" },
      });
    }
    // The refused orders wrote nothing and took no stock; their carts keep their lines and coupon.
    expect(await db.select().from(orders)).toHaveLength(1);
    expect(await db.select().from(orderCouponLines)).toHaveLength(1);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "once"));
    expect(coupon!.usageCount).toBe(1);
    const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
    expect(stock!.stockQuantity).toBe(99);
    const refusedOwner = owners[results.findIndex((result) => result.status === "rejected")]!;
    expect((await loadCart(db, refusedOwner, "en")).coupons).toEqual(["once"]);
  });

  it("refuses an empty cart and an unknown payment method, and keeps the cart when stock ran out", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    await expect(placeOrder(db, input(owner, "a"))).rejects.toMatchObject({ code: "empty_cart" });
    await expect(placeOrder(db, input(owner, "b", "bitcoin"))).rejects.toMatchObject({
      code: "payment_method_unavailable",
    });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 2 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    await db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, mug.id));
    await expect(placeOrder(db, input(owner, "c"))).rejects.toMatchObject({
      code: "not_enough_stock",
      details: { available: 1 },
    });
    expect((await loadCart(db, owner, "en")).itemCount).toBe(2);
    expect(await db.select().from(orders)).toEqual([]);
  });

  it.each([
    ["the express wallet, which only its signed call may place", "wallet", offerEverything],
    ["a method the store has turned off", "bacs", { ...offerEverything, bacs: { enabled: false } }],
    [
      "cash on delivery with a shipping method it is not offered for",
      "cod",
      { ...offerEverything, cod: { enabled: true, shipping_methods: ["local_pickup"] } },
    ],
  ] as Array<[string, string, PaymentSettings]>)(
    "a shopper's checkout naming %s is refused and places nothing",
    async (_name, method, payments) => {
      const { db } = database;
      const owner = await insertSession(db, "s1");
      const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 3 });
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      await expect(placeOrder(db, input(owner, "attempt-1", method, payments))).rejects.toMatchObject({
        code: "payment_method_unavailable",
      });
      expect(await db.select().from(orders)).toEqual([]);
      const [stock] = await db.select().from(products).where(eq(products.id, mug.id));
      expect(stock).toMatchObject({ stockQuantity: 3, totalSales: 0 });
      expect((await loadCart(db, owner, "en")).itemCount).toBe(1);
    },
  );

  it("places bank transfers on hold and cash on delivery as processing, each as WooCommerce does", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const statuses: Record<string, string> = {};
    for (const method of ["bacs", "cod"]) {
      const owner = await insertSession(db, `s-${method}`);
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      statuses[method] = (await placeOrder(db, input(owner, `attempt-${method}`, method))).status;
    }
    expect(statuses).toEqual({ bacs: "on-hold", cod: "processing" });
    // Cash on delivery limited to flat-rate shipping is offered with it.
    const owner = await insertSession(db, "s-pickup");
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    const limited = { ...offerEverything, cod: { enabled: true, shipping_methods: ["flat_rate"] } };
    expect(await placeOrder(db, input(owner, "attempt-pickup", "cod", limited))).toMatchObject({
      status: "processing",
    });
  });
});

// Only PostgreSQL has a second connection to hold a product's row while a checkout runs.
describe.each((await availableDialects()).filter((dialect) => dialect === "postgres"))(
  "a checkout's locks on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.close());
    beforeEach(() => database.reset());

    it("locks a product's row last, after writing the order, in one order for every cart", async () => {
      const { db } = database;
      const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
      const cap = await insertSimpleProduct(db, { slug: "cap", price: 800, stock: 5 });
      const owner = await insertSession(db, "s1");
      await addToCart(db, owner, { productId: cap.id, variationId: null, quantity: 1 });
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });

      // Another checkout holds the mug (the product added second, but the lower id) meanwhile, with
      // the lock a stock update takes.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${products} where ${products.id} = ${mug.id} for no key update`);
        locked();
        await held;
      });
      await holding;
      const placing = placeOrder(db, input(owner, "attempt-1"));
      onTestFinished(release);

      // Waiting for the mug, the checkout has written its order, owed its mail and emptied its cart:
      // the products' rows are its last step.
      const waiting = async () =>
        (
          await selectRows<{ tables: string[] | null }>(
            db,
            sql`
            select array_agg(distinct c.relname::text order by c.relname::text) as tables
            from pg_stat_activity a
            join pg_locks l on l.pid = a.pid and l.mode = 'RowExclusiveLock'
            join pg_class c on c.oid = l.relation and c.relkind = 'r'
            where a.wait_event_type = 'Lock' and a.datname = current_database()`,
          )
        )[0]?.tables ?? null;
      await expect
        .poll(waiting)
        .toEqual([
          "cart_lines",
          "download_permissions",
          "mail_outbox",
          "order_lines",
          "order_status_changes",
          "orders",
          "products",
        ]);
      // And it has not taken the cap first (the order of its cart): another checkout of the cap goes on.
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${products} where ${products.id} = ${cap.id} for no key update nowait`,
        );
      });

      release();
      await holder;
      expect(await placing).toMatchObject({ created: true });
      const stock = await db.select({ stock: products.stockQuantity }).from(products);
      expect(stock.map((row) => row.stock)).toEqual([4, 4]);
    });
  },
);
