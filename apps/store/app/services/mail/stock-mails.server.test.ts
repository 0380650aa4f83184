import { mailOutbox, products, variations } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct, insertVariableProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { insertAccount, placeTestOrder } from "../orders/order-fixtures.test-helper.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { deliverNewOrderMails } from "./mail-outbox.server.ts";
import { mailStore } from "./order-mails.server.tsx";
import { stockMailKind, stockMailKinds } from "./owed-mails.server.ts";
import { stockMail } from "./stock-mails.server.tsx";

describe("which stock change owes a mail", () => {
  const change = (before: number, after: number, lowThreshold = 3) => ({
    quantity: before - after,
    stock: after,
    status: "instock" as const,
    lowThreshold,
  });
  it.each([
    [5, 4, null],
    [5, 3, "low_stock"],
    [4, 1, "low_stock"],
    // Already at or under the line: no new crossing.
    [3, 2, null],
    [2, 1, null],
    // Out of stock says so alone, from above the line or under it.
    [5, 0, "no_stock"],
    [1, 0, "no_stock"],
  ] as const)("from %i to %i: %s", (before, after, kind) => {
    expect(stockMailKind(change(before, after))).toBe(kind);
  });

  it("follows the product's own threshold", () => {
    expect(stockMailKind(change(12, 10, 10))).toBe("low_stock");
    expect(stockMailKind(change(12, 10, 2))).toBeNull();
  });

  it("owes a backorder for a product sold on backorder, nothing for one whose stock is not counted", () => {
    expect(stockMailKind({ quantity: 2, stock: null, status: "onbackorder", lowThreshold: 3 })).toBe(
      "backorder",
    );
    expect(stockMailKind({ quantity: 2, stock: null, status: "instock", lowThreshold: 3 })).toBeNull();
  });
});

describe("which stock mails a counted stock sold below zero owes (decision 0080)", () => {
  const change = (before: number, after: number) => ({
    quantity: before - after,
    stock: after,
    status: "onbackorder" as const,
    lowThreshold: 3,
  });
  it.each([
    // Crossing zero: out of stock, and backordered.
    [5, -15, ["no_stock", "backorder"]],
    [1, -1, ["no_stock", "backorder"]],
    // Already at or below zero: backordered again, nothing crossed.
    [0, -2, ["backorder"]],
    [-3, -4, ["backorder"]],
    // Down to zero exactly: nothing backordered.
    [2, 0, ["no_stock"]],
  ] as const)("from %i to %i: %j", (before, after, kinds) => {
    expect(stockMailKinds(change(before, after))).toEqual(kinds);
  });
});

describe.each(await availableDialects())("the stock mails on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    await insertAccount(database.db, "owner@example.com", { role: "administrator" });
  });

  const stockMails = () =>
    database.db
      .select({ key: mailOutbox.key, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ["low_stock", "no_stock", "backorder"]))
      .orderBy(asc(mailOutbox.id));

  it("mails each crossing once, in the placing transaction: not again on the next order, again after a restock", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000, stock: 6 });
    const first = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 3 }]);
    expect(await stockMails()).toEqual([
      {
        key: `low_stock:${first}:product-${mug.id}`,
        payload: {
          productId: mug.id,
          variationId: null,
          name: "mug (en)",
          options: "",
          quantity: 3,
          stock: 3,
        },
      },
    ]);
    // Still low after the next one: no second low-stock mail.
    await placeTestOrder(database.db, [{ productId: mug.id, quantity: 1 }]);
    expect((await stockMails()).map((mail) => mail.key)).toEqual([`low_stock:${first}:product-${mug.id}`]);
    // The last two: out of stock.
    const third = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 2 }]);
    expect((await stockMails()).map((mail) => mail.key)).toEqual([
      `low_stock:${first}:product-${mug.id}`,
      `no_stock:${third}:product-${mug.id}`,
    ]);
    // Restocked, and sold down to the line again: a new crossing, a new mail.
    await database.db
      .update(products)
      .set({ stockQuantity: 10, stockStatus: "instock" })
      .where(eq(products.id, mug.id));
    const fourth = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 8 }]);
    expect((await stockMails()).map((mail) => mail.key)).toEqual([
      `low_stock:${first}:product-${mug.id}`,
      `no_stock:${third}:product-${mug.id}`,
      `low_stock:${fourth}:product-${mug.id}`,
    ]);

    const ctx = testContext({ db: database.db, settings: { name: "Tienda" } });
    await deliverNewOrderMails(ctx, first);
    const low = ctx.mailer.sent.find((mail) => mail.subject === "[Tienda] Product low in stock")!;
    expect(low.to).toBe("owner@example.com");
    expect(low.text).toContain("mug (en) is low in stock: 3 left.");
    expect(low.text).toContain(`https://shop.example/admin/products/${mug.id}`);
    expect(low.html).toMatch(/<html[^>]* lang="en"/);
    await deliverNewOrderMails(ctx, third);
    const out = ctx.mailer.sent.find((mail) => mail.subject === "[Tienda] Product out of stock")!;
    expect(out.text).toContain("mug (en) is out of stock.");
    expect(out.html).toContain("mug (en) is out of stock.");
  });

  it("an order's new mails are claimed in one statement, made from one read of the order, settled in one, and two deliveries at once send each once", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 100, stock: 4 });
    const order = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 2 }]);
    const ctx = testContext({ db: database.db });
    const record = recordStatements(database.db);
    const [one, other] = await Promise.all([
      deliverNewOrderMails(ctx, order),
      deliverNewOrderMails(ctx, order),
    ]);
    record.stop();
    // The confirmation, the owner's new order and the low-stock mail: claimed by one delivery.
    expect([...one!, ...other!].toSorted()).toEqual(["sent", "sent", "sent"]);
    expect(ctx.mailer.sent).toHaveLength(3);
    const count = (start: string) =>
      record.statements.filter((statement) => statement.startsWith(start)).length;
    expect(count('update "mail_outbox" set "attempts"')).toBe(2);
    // The confirmation and the owner's new order read the order once between them.
    expect(count('select "orders"."id"')).toBe(1);
    expect(count('update "mail_outbox" set "done_at"')).toBe(1);
  });

  it("follows a variation's stock, with its product's threshold, and names its options", async () => {
    const { product, inStock } = await insertVariableProduct(database.db, "shirt");
    const order = await placeTestOrder(database.db, [
      { productId: product.id, variationId: inStock.id, quantity: 2 },
    ]);
    const [mail] = await stockMails();
    expect(mail).toMatchObject({
      key: `low_stock:${order}:variation-${inStock.id}`,
      payload: { productId: product.id, variationId: inStock.id, options: "Red", stock: 3 },
    });
    const [variation] = await database.db.select().from(variations).where(eq(variations.id, inStock.id));
    expect(variation!.stockQuantity).toBe(3);
    const ctx = testContext({ db: database.db });
    await deliverNewOrderMails(ctx, order);
    expect(ctx.mailer.sent.find((sent) => sent.subject.includes("low in stock"))!.text).toContain(
      "shirt (Red) is low in stock: 3 left.",
    );
  });

  it("mails a backorder for each order of a product sold on backorder", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000, stock: null });
    await database.db.update(products).set({ stockStatus: "onbackorder" }).where(eq(products.id, mug.id));
    const first = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 2 }]);
    const second = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 1 }]);
    expect((await stockMails()).map((mail) => mail.key)).toEqual([
      `backorder:${first}:product-${mug.id}`,
      `backorder:${second}:product-${mug.id}`,
    ]);
    const ctx = testContext({ db: database.db, settings: { name: "Tienda" } });
    await deliverNewOrderMails(ctx, first);
    const backorder = ctx.mailer.sent.find((mail) => mail.subject === "[Tienda] Product backorder")!;
    expect(backorder.text).toContain(`2 × mug (en) have been backordered in order #${first}.`);
  });

  it("mails the owner a backorder, in English and Spanish, for an order that takes a counted stock below zero", async () => {
    const kettle = await insertSimpleProduct(database.db, {
      slug: "kettle",
      price: 1000,
      stock: 1,
      backorders: "yes",
    });
    const order = await placeTestOrder(database.db, [{ productId: kettle.id, quantity: 3 }]);
    expect((await stockMails()).map((mail) => mail.key)).toEqual([
      `no_stock:${order}:product-${kettle.id}`,
      `backorder:${order}:product-${kettle.id}`,
    ]);
    const ctx = testContext({ db: database.db, settings: { name: "Tienda" } });
    await deliverNewOrderMails(ctx, order);
    const backorder = ctx.mailer.sent.find((mail) => mail.subject === "[Tienda] Product backorder")!;
    expect(backorder.to).toBe("owner@example.com");
    expect(backorder.text).toContain(`3 × kettle (en) have been backordered in order #${order}.`);
    // The same mail in the other language the store speaks.
    const spanish = await stockMail(
      "backorder",
      { productId: kettle.id, name: "kettle (es)", stock: -2, quantity: 3, orderId: order, editUrl: "/" },
      "owner@example.com",
      mailStore(ctx),
      "es",
    );
    expect(spanish.subject).toBe("[Tienda] Producto reservado");
    expect(spanish.text).toContain(`Se han reservado 3 × kettle (es) en el pedido n.º ${order}.`);
  });

  it("settles a switched-off stock mail with nothing sent", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000, stock: 1 });
    const order = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 1 }]);
    const ctx = testContext({ db: database.db, settings: { mails: { enabled: { no_stock: false } } } });
    await deliverNewOrderMails(ctx, order);
    expect(ctx.mailer.sent.some((mail) => mail.subject.includes("out of stock"))).toBe(false);
    const [settled] = await database.db
      .select({ lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order), eq(mailOutbox.kind, "no_stock")));
    expect(settled).toEqual({ lastError: "switched_off" });
  });
});
