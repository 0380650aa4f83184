import { carts, coupons, products, users } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../lib/cart.ts";
import {
  insertSession,
  insertSimpleProduct,
  insertVariableProduct,
} from "../catalogue/catalogue-fixtures.test-helper.ts";
import { applyCoupon } from "../coupons/coupons.server.ts";
import {
  addToCart,
  CartError,
  type CartOwner,
  cartItemCount,
  cartItemKey,
  loadCart,
  mergeGuestCart,
  removeLine,
  setLineQuantity,
} from "./cart.server.ts";

describe.each(await availableDialects())("cart service on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function expectCartError(promise: Promise<unknown>, code: string) {
    await expect(promise).rejects.toBeInstanceOf(CartError);
    await promise.catch((error: CartError) => expect(error.code).toBe(code));
  }

  it("adds, merges the same product into one line, and totals with sale prices", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500, salePrice: 1200 });
    const first = await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    const second = await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    expect(first.key).toBe(second.key);
    expect(first.key).toBe(cartItemKey(mug.id, null));
    const cart = await loadCart(db, owner, "es");
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      name: "mug (es)",
      quantity: 3,
      unitPrice: 1200,
      regularPrice: 1500,
      total: 3600,
    });
    expect(cart).toMatchObject({ itemCount: 3, subtotal: 3600, total: 3600 });
    expect(await cartItemCount(db, owner)).toBe(3);
  });

  it("respects stock: never more than is left, never an out-of-stock product", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const few = await insertSimpleProduct(db, { slug: "few", price: 100, stock: 2 });
    const none = await insertSimpleProduct(db, { slug: "none", price: 100, stock: 0 });
    const untracked = await insertSimpleProduct(db, { slug: "untracked", price: 100, stock: null });
    await expectCartError(
      addToCart(db, owner, { productId: none.id, variationId: null, quantity: 1 }),
      "out_of_stock",
    );
    await addToCart(db, owner, { productId: few.id, variationId: null, quantity: 2 });
    await expectCartError(
      addToCart(db, owner, { productId: few.id, variationId: null, quantity: 1 }),
      "not_enough_stock",
    );
    await expectCartError(setLineQuantity(db, owner, cartItemKey(few.id, null), 3), "not_enough_stock");
    await addToCart(db, owner, { productId: untracked.id, variationId: null, quantity: 500 });
    expect(await cartItemCount(db, owner)).toBe(502);
    // A line never passes its limit, however it is reached.
    await addToCart(db, owner, {
      productId: untracked.id,
      variationId: null,
      quantity: MAX_LINE_QUANTITY - 500,
    });
    await expectCartError(
      addToCart(db, owner, { productId: untracked.id, variationId: null, quantity: 1 }),
      "invalid_quantity",
    );
  });

  it("ten adds at once of a product with three left put exactly three in the cart", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const three = await insertSimpleProduct(db, { slug: "three", price: 100, stock: 3 });
    const adds = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        addToCart(db, owner, { productId: three.id, variationId: null, quantity: 1 }),
      ),
    );
    expect(adds.filter((add) => add.status === "fulfilled")).toHaveLength(3);
    expect(
      adds.flatMap((add) => (add.status === "rejected" ? [(add.reason as CartError).code] : [])),
    ).toEqual(Array(7).fill("not_enough_stock"));
    expect(await cartItemCount(db, owner)).toBe(3);
  });

  it("takes more than the stock where backorders are allowed (yes, notify), and refuses it where they are not", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const allowed = await insertSimpleProduct(db, {
      slug: "allowed",
      price: 100,
      stock: 2,
      backorders: "yes",
    });
    const told = await insertSimpleProduct(db, { slug: "told", price: 100, stock: 0, backorders: "notify" });
    const refused = await insertSimpleProduct(db, { slug: "refused", price: 100, stock: 2 });
    const none = await insertSimpleProduct(db, { slug: "none", price: 100, stock: 0 });
    // Sold on backorder without a count (WooCommerce's state "onbackorder"): as much as wanted.
    const untracked = await insertSimpleProduct(db, { slug: "untracked", price: 100, stock: null });
    await db.update(products).set({ stockStatus: "onbackorder" }).where(eq(products.id, untracked.id));

    await addToCart(db, owner, { productId: allowed.id, variationId: null, quantity: 5 });
    await addToCart(db, owner, { productId: allowed.id, variationId: null, quantity: 5 });
    const toldKey = (await addToCart(db, owner, { productId: told.id, variationId: null, quantity: 3 })).key;
    await setLineQuantity(db, owner, toldKey, 7);
    await addToCart(db, owner, { productId: untracked.id, variationId: null, quantity: 4 });
    await expectCartError(
      addToCart(db, owner, { productId: refused.id, variationId: null, quantity: 3 }),
      "not_enough_stock",
    );
    await expectCartError(
      addToCart(db, owner, { productId: none.id, variationId: null, quantity: 1 }),
      "out_of_stock",
    );
    const lines = (await loadCart(db, owner, "en")).lines;
    expect(
      lines.map(({ slug, quantity, maxQuantity, stockQuantity, backorders }) => ({
        slug,
        quantity,
        maxQuantity,
        stockQuantity,
        backorders,
      })),
    ).toEqual([
      // No limit but the line's own where the stock may go below zero (WooCommerce's max purchase quantity).
      { slug: "allowed", quantity: 10, maxQuantity: null, stockQuantity: 2, backorders: "yes" },
      { slug: "told", quantity: 7, maxQuantity: null, stockQuantity: 0, backorders: "notify" },
      { slug: "untracked", quantity: 4, maxQuantity: null, stockQuantity: null, backorders: "no" },
    ]);

    // A guest's backordered line keeps its quantity when it moves into the account's cart.
    const [user] = await db.insert(users).values({ email: "c@example.com", passwordHash: "x" }).returning();
    await mergeGuestCart(db, "s1", user!.id);
    const merged = await loadCart(db, { sessionId: "s1", userId: user!.id }, "en");
    expect(merged.lines.map((line) => [line.slug, line.quantity])).toEqual([
      ["allowed", 10],
      ["told", 7],
      ["untracked", 4],
    ]);
  });

  it("needs a variation of the product for a variable product, and checks that variation's stock", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const { product, inStock, soldOut } = await insertVariableProduct(db, "tee");
    const other = await insertSimpleProduct(db, { slug: "other", price: 100 });
    await expectCartError(
      addToCart(db, owner, { productId: product.id, variationId: null, quantity: 1 }),
      "choose_variation",
    );
    await expectCartError(
      addToCart(db, owner, { productId: product.id, variationId: soldOut.id, quantity: 1 }),
      "out_of_stock",
    );
    await expectCartError(
      addToCart(db, owner, { productId: other.id, variationId: inStock.id, quantity: 1 }),
      "product_not_found",
    );
    await addToCart(db, owner, { productId: product.id, variationId: inStock.id, quantity: 2 });
    const cart = await loadCart(db, owner, "es");
    expect(cart.lines[0]).toMatchObject({ variationId: inStock.id, unitPrice: 1000, maxQuantity: 5 });
    expect(cart.lines[0]!.attributes).toEqual([{ label: "Color", value: "Rojo" }]);
  });

  it("names the product in the shopper's language when it adds, and when it refuses", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const few = await insertSimpleProduct(db, { slug: "few", price: 100, stock: 1 });
    const add = (locale: string) =>
      addToCart(db, owner, { productId: few.id, variationId: null, quantity: 1, locale });
    expect(await add("es")).toEqual({ key: cartItemKey(few.id, null), name: "few (es)" });
    const refused = await add("en").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartError);
    expect((refused as CartError).details).toEqual({ slug: "few", name: "few (en)", available: 1 });
  });

  it("adds in two statements and no transaction, to a new cart or to the owner's cart, which it marks as changed", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 100 });
    const changedAt = async () => (await db.select({ at: carts.updatedAt }).from(carts))[0]!.at.getTime();

    // The product, then the cart (made here) and the line in one statement.
    let record = recordStatements(db);
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    record.stop();
    expect(record.statements).toHaveLength(2);
    expect(record.statements.some((statement) => /^(begin|commit)/i.test(statement))).toBe(false);
    await db.update(carts).set({ updatedAt: new Date("2020-01-01T00:00:00Z") });

    // The product, then the cart (its time of change) and the line (its quantity added up).
    record = recordStatements(db);
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    record.stop();
    expect(record.statements).toHaveLength(2);
    expect(await changedAt()).toBeGreaterThan(Date.parse("2020-01-01T00:00:00Z"));
    expect((await loadCart(db, owner, "en")).lines.map((line) => line.quantity)).toEqual([3]);
    expect(await db.select().from(carts)).toHaveLength(1);
  });

  it("changes a line in four statements and removes one in one, and only the owner's", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const stranger = await insertSession(db, "s2");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 100 });
    const { key } = await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    await addToCart(db, stranger, { productId: mug.id, variationId: null, quantity: 1 });

    // The line (by the owner's cart), the product, the line's quantity, the cart's time of change.
    let record = recordStatements(db);
    await setLineQuantity(db, owner, key, 4);
    record.stop();
    expect(record.statements).toHaveLength(4);
    await expectCartError(setLineQuantity(db, { sessionId: "s3", userId: null }, key, 2), "line_not_found");

    record = recordStatements(db);
    await removeLine(db, owner, key);
    record.stop();
    expect(record.statements).toHaveLength(1);
    await expectCartError(removeLine(db, owner, key), "line_not_found");
    expect((await loadCart(db, owner, "en")).lines).toEqual([]);
    expect((await loadCart(db, stranger, "en")).lines.map((line) => line.quantity)).toEqual([1]);
  });

  it("reads an owner's cart in one statement, and only that owner's", async () => {
    const { db } = database;
    const guest = await insertSession(db, "s1");
    const stranger = await insertSession(db, "s2");
    const nothingYet = await insertSession(db, "s3");
    const [user] = await db.insert(users).values({ email: "b@example.com", passwordHash: "x" }).returning();
    // The account's cart, signed in on the guest's device: a cart apart from the guest's.
    const account = { sessionId: "s1", userId: user!.id };
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 100 });
    await addToCart(db, guest, { productId: mug.id, variationId: null, quantity: 2 });
    await addToCart(db, stranger, { productId: mug.id, variationId: null, quantity: 5 });
    await addToCart(db, account, { productId: mug.id, variationId: null, quantity: 7 });
    const quantities = async (owner: CartOwner) =>
      (await loadCart(db, owner, "en", { images: false })).lines.map((line) => line.quantity);

    const record = recordStatements(db);
    expect(await quantities(guest)).toEqual([2]);
    expect(await quantities(account)).toEqual([7]);
    expect(await quantities(nothingYet)).toEqual([]);
    record.stop();
    expect(record.statements).toHaveLength(3);
  });

  it("changes quantities, removes lines, and refuses unknown keys and bad quantities", async () => {
    const { db } = database;
    const owner = await insertSession(db, "s1");
    const stranger = await insertSession(db, "s2");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 100 });
    const { key } = await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
    await setLineQuantity(db, owner, key, 4);
    expect(await cartItemCount(db, owner)).toBe(4);
    await expectCartError(setLineQuantity(db, stranger, key, 2), "line_not_found");
    await expectCartError(removeLine(db, stranger, key), "line_not_found");
    await expectCartError(setLineQuantity(db, owner, key, -1), "invalid_quantity");
    await expectCartError(setLineQuantity(db, owner, key, 1.5), "invalid_quantity");
    await expectCartError(
      addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 0 }),
      "invalid_quantity",
    );
    await setLineQuantity(db, owner, key, 0);
    expect((await loadCart(db, owner, "en")).lines).toEqual([]);
    await expectCartError(removeLine(db, owner, key), "line_not_found");
    await expectCartError(
      addToCart(db, owner, { productId: 999_999, variationId: null, quantity: 1 }),
      "product_not_found",
    );
  });
});

describe.each(await availableDialects())("merging a guest cart at login on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("moves the guest's lines into the account's cart, adding quantities within stock", async () => {
    const { db } = database;
    const guest = await insertSession(db, "guest");
    const [user] = await db.insert(users).values({ email: "a@example.com", passwordHash: "x" }).returning();
    const account = { sessionId: "old-device", userId: user!.id };
    await insertSession(db, "old-device");
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 100, stock: 4 });
    const pen = await insertSimpleProduct(db, { slug: "pen", price: 100 });
    await addToCart(db, account, { productId: mug.id, variationId: null, quantity: 2 });
    await addToCart(db, guest, { productId: mug.id, variationId: null, quantity: 3 });
    await addToCart(db, guest, { productId: pen.id, variationId: null, quantity: 1 });
    await mergeGuestCart(db, "guest", user!.id);
    const merged = await loadCart(db, { sessionId: "guest", userId: user!.id }, "en");
    expect(merged.lines.map((line) => [line.slug, line.quantity])).toEqual([
      ["mug", 4],
      ["pen", 1],
    ]);
    expect((await loadCart(db, guest, "en")).lines).toEqual([]);
  });

  it("moves the guest's coupons too, each code once, and a coupon for individual use alone", async () => {
    const { db } = database;
    const guest = await insertSession(db, "guest-coupons");
    const [user] = await db.insert(users).values({ email: "b@example.com", passwordHash: "x" }).returning();
    const account = { sessionId: "other-device", userId: user!.id };
    await insertSession(db, "other-device");
    const cup = await insertSimpleProduct(db, { slug: "cup", price: 1000 });
    await db.insert(coupons).values([
      { code: "welcome", type: "percent", amount: "5" },
      { code: "spring", type: "fixed_cart", amount: "100" },
    ]);
    await addToCart(db, account, { productId: cup.id, variationId: null, quantity: 1 });
    await applyCoupon(db, account, "welcome", { locale: "en" });
    await addToCart(db, guest, { productId: cup.id, variationId: null, quantity: 1 });
    await applyCoupon(db, guest, "spring", { locale: "en" });
    await applyCoupon(db, guest, "welcome", { locale: "en" });
    await mergeGuestCart(db, "guest-coupons", user!.id);
    const merged = await loadCart(db, { sessionId: "guest-coupons", userId: user!.id }, "en");
    expect(merged.coupons).toEqual(["welcome", "spring"]);
    // A coupon for individual use brought by the guest stays alone, as WooCommerce keeps the session's.
    const later = await insertSession(db, "guest-solo");
    await db.insert(coupons).values({ code: "solo", type: "percent", amount: "50", individualUse: true });
    await addToCart(db, later, { productId: cup.id, variationId: null, quantity: 1 });
    await applyCoupon(db, later, "solo", { locale: "en" });
    await mergeGuestCart(db, "guest-solo", user!.id);
    expect((await loadCart(db, { sessionId: "guest-solo", userId: user!.id }, "en")).coupons).toEqual([
      "solo",
    ]);
  });
});
