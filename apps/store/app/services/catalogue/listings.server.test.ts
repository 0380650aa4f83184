import { productCategories, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageTags } from "../shared/page-tags.server.ts";
import { insertCategory, insertSimpleProduct } from "./catalogue-fixtures.test-helper.ts";
import { ProductListings } from "./listings.server.ts";

/**
 * The listing index in step with the database: what the change feed names is read again before the
 * next listing, a change that names no product rebuilds it, and nothing else is read.
 */
describe.each(await availableDialects())("the shop's listings in memory on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads again the products a change names, and only once the change is announced", async () => {
    const { db } = database;
    const shirts = await insertCategory(db, "listed-shirts");
    const first = await insertSimpleProduct(db, {
      slug: "listed-a",
      price: 1000,
      stock: 5,
      categoryId: shirts.id,
    });
    const second = await insertSimpleProduct(db, {
      slug: "listed-b",
      price: 2000,
      stock: 5,
      categoryId: shirts.id,
    });
    const listings = new ProductListings(db);
    const inShirts = async () => {
      const index = await listings.current();
      const kept = index.match({ categoryIds: [shirts.id] });
      return {
        popular: index.page(kept, "popularity", 0, 10),
        stock: Object.fromEntries(index.stockCounts(kept)),
      };
    };
    expect(await inShirts()).toEqual({ popular: [first.id, second.id], stock: { instock: 2 } });

    // An order takes the second's last one: unannounced, the index has not seen it.
    await db.update(products).set({ stockQuantity: 0, totalSales: 5 }).where(eq(products.id, second.id));
    expect((await inShirts()).stock).toEqual({ instock: 2 });
    listings.catalogueChanged([PageTags.product(second.id), PageTags.listing]);
    expect(await inShirts()).toEqual({
      popular: [second.id, first.id],
      stock: { instock: 1, outofstock: 1 },
    });

    // A new product, and one unpublished.
    const third = await insertSimpleProduct(db, {
      slug: "listed-c",
      price: 500,
      stock: null,
      categoryId: shirts.id,
    });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, first.id));
    listings.catalogueChanged([PageTags.product(third.id), PageTags.product(first.id)]);
    expect(await inShirts()).toEqual({
      popular: [second.id, third.id],
      stock: { instock: 1, outofstock: 1 },
    });
  });

  it("lists a product sold on backorder as on backorder, never out of stock, down to zero and below (decision 0080)", async () => {
    const { db } = database;
    const kettles = await insertCategory(db, "listed-kettles");
    const kettle = await insertSimpleProduct(db, {
      slug: "listed-kettle",
      price: 3000,
      stock: 0,
      backorders: "notify",
      categoryId: kettles.id,
    });
    const listings = new ProductListings(db);
    const stock = async () => {
      const index = await listings.current();
      const counts = index.stockCounts(index.match({ categoryIds: [kettles.id] }));
      return Object.fromEntries([...counts].filter(([, count]) => count > 0));
    };
    expect(await stock()).toEqual({ onbackorder: 1 });
    await db.update(products).set({ stockQuantity: -4 }).where(eq(products.id, kettle.id));
    listings.catalogueChanged([PageTags.product(kettle.id)]);
    expect(await stock()).toEqual({ onbackorder: 1 });
  });

  it("rebuilds on a change that names no product, such as a category's", async () => {
    const { db } = database;
    const hats = await insertCategory(db, "listed-hats");
    const hat = await insertSimpleProduct(db, { slug: "listed-hat", price: 900, stock: 3 });
    const listings = new ProductListings(db);
    const inHats = async () => (await listings.current()).match({ categoryIds: [hats.id] }).countWith();
    expect(await inHats()).toBe(0);
    await db.insert(productCategories).values({ productId: hat.id, categoryId: hats.id });
    listings.catalogueChanged([PageTags.listing]);
    expect(await inHats()).toBe(0);
    listings.catalogueChanged(null);
    expect(await inHats()).toBe(1);
  });
});
