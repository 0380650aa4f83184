import { products, variations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addToCart, loadCart } from "../cart/cart.server.ts";
import { productBySlug, productCardsByIds } from "./catalogue.server.ts";
import {
  insertSession,
  insertSimpleProduct,
  insertVariableProduct,
} from "./catalogue-fixtures.test-helper.ts";
import { ProductListings } from "./listings.server.ts";
import { productsWhoseSaleTurned } from "./sale-dates.server.ts";
import { ProductSearch } from "./search.server.ts";

const DAY = 86_400_000;
/** A UTC day `offset` days from today, as the columns keep it. */
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe.each(await availableDialects())("sale dates and catalogue visibility on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
  });

  it("shows and charges a sale price only between its sale dates (UTC days, both included), a variation's too", async () => {
    const { db } = database;
    const sale = async (slug: string, from: string | null, to: string | null) => {
      const product = await insertSimpleProduct(db, { slug, price: 1000, salePrice: 800 });
      await db
        .update(products)
        .set({ dateOnSaleFrom: from, dateOnSaleTo: to })
        .where(eq(products.id, product.id));
      return product.id;
    };
    const running = await sale("running", day(-1), day(1));
    const today = await sale("today-only", day(0), day(0));
    const future = await sale("future", day(1), null);
    const ended = await sale("ended", null, day(-1));
    const open = await sale("open", null, null);
    const variable = await insertVariableProduct(db, "shirt");
    await db
      .update(variations)
      .set({ salePrice: 1, dateOnSaleFrom: day(2) })
      .where(eq(variations.productId, variable.product.id));

    const cards = await productCardsByIds(
      db,
      [running, today, future, ended, open, variable.product.id],
      "en",
    );
    const saleOf = new Map(cards.map((card) => [card.slug, card.price.sale]));
    expect(Object.fromEntries(saleOf)).toEqual({
      running: 800,
      "today-only": 800,
      future: null,
      ended: null,
      open: 800,
      shirt: null,
    });
    // The variations' sale starts in two days: their range is still their regular prices.
    expect(cards.find((card) => card.slug === "shirt")!.price.min).toBeGreaterThan(1);

    const owner = await insertSession(db, "sale-session");
    for (const productId of [running, future, ended])
      await addToCart(db, owner, { productId, variationId: null, quantity: 1 });
    const cart = await loadCart(db, owner, "en");
    expect(Object.fromEntries(cart.lines.map((line) => [line.slug, line.unitPrice]))).toEqual({
      running: 800,
      future: 1000,
      ended: 1000,
    });
  });

  it("names the products whose sale began or ended in a span: a sale begins at its first day's 00:00 UTC and ends after its last", async () => {
    const { db } = database;
    const starts = await insertSimpleProduct(db, { slug: "starts", price: 1000, salePrice: 800 });
    const ends = await insertSimpleProduct(db, { slug: "ends", price: 1000, salePrice: 800 });
    const later = await insertSimpleProduct(db, { slug: "later", price: 1000, salePrice: 800 });
    await db
      .update(products)
      .set({ dateOnSaleFrom: day(0) })
      .where(eq(products.id, starts.id));
    await db
      .update(products)
      .set({ dateOnSaleTo: day(-1) })
      .where(eq(products.id, ends.id));
    await db
      .update(products)
      .set({ dateOnSaleFrom: day(3) })
      .where(eq(products.id, later.id));
    const midnight = new Date(`${day(0)}T00:00:00Z`);
    const turned = await productsWhoseSaleTurned(db, new Date(midnight.getTime() - 1000), midnight);
    expect(turned.sort()).toEqual([starts.id, ends.id].sort());
    expect(await productsWhoseSaleTurned(db, midnight, new Date(midnight.getTime() + 60_000))).toEqual([]);
  });

  it("lists visible and catalog products, finds visible and search ones, and neither lists nor finds hidden ones", async () => {
    const { db } = database;
    const ids: Record<string, number> = {};
    for (const visibility of ["visible", "catalog", "search", "hidden"] as const) {
      const product = await insertSimpleProduct(db, { slug: `lamp-${visibility}`, price: 1000 });
      await db.update(products).set({ catalogVisibility: visibility }).where(eq(products.id, product.id));
      ids[visibility] = product.id;
    }
    const listing = await new ProductListings(db).current();
    expect(
      Object.entries(ids)
        .filter(([, id]) => listing.has(id))
        .map(([name]) => name),
    ).toEqual(["visible", "catalog"]);
    const found = await new ProductSearch(db).search({ locale: "en", query: "lamp", limit: 10 });
    expect(found.hits.map((hit) => hit.id).sort()).toEqual([ids.visible!, ids.search!].sort());
    // A hidden product's page still opens at its address, as WooCommerce's does.
    expect((await productBySlug(db, "lamp-hidden", "en"))?.id).toBe(ids.hidden);
  });
});
