import { categoryTranslations, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findVariation } from "../lib/variation-selection.ts";
import {
  categoryTree,
  descendantIds,
  findCategory,
  listProducts,
  productBySlug,
  sharedCategoryTree,
  stockOf,
} from "./catalogue.server.ts";
import {
  insertCategory,
  insertSimpleProduct,
  insertVariableProduct,
} from "./catalogue-fixtures.test-helper.ts";
import { SiteCache } from "./site-cache.server.ts";

describe("stockOf", () => {
  it.each([
    [{ stockStatus: "instock", stockQuantity: 10, lowStockThreshold: 3 }, "instock"],
    [{ stockStatus: "instock", stockQuantity: 3, lowStockThreshold: 3 }, "lowstock"],
    [{ stockStatus: "instock", stockQuantity: 0, lowStockThreshold: 3 }, "outofstock"],
    [{ stockStatus: "outofstock", stockQuantity: null, lowStockThreshold: 3 }, "outofstock"],
    [{ stockStatus: "instock", stockQuantity: null, lowStockThreshold: 3 }, "instock"],
    [{ stockStatus: "onbackorder", stockQuantity: null, lowStockThreshold: 3 }, "onbackorder"],
  ])("%o → %s", (row, state) => {
    expect(stockOf(row).state).toBe(state);
  });
});

describe.each(await availableDialects())("catalogue on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  it("lists 12 a page in every sort order, and within a category and its subcategories", async () => {
    const { db } = database;
    const parent = await insertCategory(db, "clothing");
    const child = await insertCategory(db, "shirts", parent.id);
    const other = await insertCategory(db, "kitchen");
    for (let i = 1; i <= 15; i++) {
      await insertSimpleProduct(db, {
        slug: `p${String(i).padStart(2, "0")}`,
        price: 1000 + i * 10,
        salePrice: i === 15 ? 500 : null,
        categoryId: i <= 5 ? parent.id : i <= 8 ? child.id : other.id,
      });
    }
    await db.update(products).set({ totalSales: 99 }).where(eq(products.slug, "p07"));

    const first = await listProducts(db, { locale: "es", page: 1, orderby: "menu_order" });
    expect(first).toMatchObject({ total: 15, pageCount: 2, perPage: 12 });
    expect(first.products).toHaveLength(12);
    expect(first.products[0]!.name).toBe("p01 (es)");
    expect((await listProducts(db, { locale: "en", page: 2, orderby: "menu_order" })).products).toHaveLength(
      3,
    );

    const cheapest = await listProducts(db, { locale: "en", page: 1, orderby: "price" });
    expect(cheapest.products[0]!.slug).toBe("p15");
    const dearest = await listProducts(db, { locale: "en", page: 1, orderby: "price-desc" });
    expect(dearest.products[0]!.slug).toBe("p14");
    const popular = await listProducts(db, { locale: "en", page: 1, orderby: "popularity" });
    expect(popular.products[0]!.slug).toBe("p07");

    const tree = await categoryTree(db, "es");
    expect(tree.map((node) => node.name)).toEqual(["clothing es", "kitchen es"]);
    const clothing = findCategory(tree, "shirts");
    expect(clothing?.trail.map((node) => node.slug)).toEqual(["clothing", "shirts"]);
    const all = findCategory(tree, "clothing")!;
    const inClothing = await listProducts(db, {
      locale: "en",
      page: 1,
      orderby: "menu_order",
      categoryIds: descendantIds(all.node),
    });
    expect(inClothing.total).toBe(8);
  });

  it("shares one category tree per language until the site cache is emptied by a change", async () => {
    const { db } = database;
    const shirts = await insertCategory(db, "shirts");
    const context = { db, siteCache: new SiteCache() };
    expect((await sharedCategoryTree(context, "es")).map((node) => node.name)).toEqual(["shirts es"]);
    await db
      .update(categoryTranslations)
      .set({ name: "camisas" })
      .where(eq(categoryTranslations.categoryId, shirts.id));
    // Read once: the same tree until a change empties the cache; the other language is its own.
    expect((await sharedCategoryTree(context, "es")).map((node) => node.name)).toEqual(["shirts es"]);
    expect((await sharedCategoryTree(context, "en")).map((node) => node.name)).toEqual(["camisas"]);
    context.siteCache.clear();
    expect((await sharedCategoryTree(context, "es")).map((node) => node.name)).toEqual(["camisas"]);
  });

  it("loads a product page with its variations and matches a chosen variation", async () => {
    const { db } = database;
    const { inStock, soldOut } = await insertVariableProduct(db, "tee");
    const page = await productBySlug(db, "tee", "es");
    expect(page).not.toBeNull();
    expect(page!.name).toBe("tee");
    expect(page!.attributes).toEqual([]);
    expect(page!.price).toMatchObject({ min: 900, max: 1000 });
    expect(page!.variations.map((variation) => variation.id)).toEqual([inStock.id, soldOut.id]);
    expect(page!.variations[1]!.stock.state).toBe("outofstock");
    const attributeSlug = Object.keys(page!.variations[0]!.attributes)[0]!;
    const withAttribute = {
      ...page!,
      attributes: [{ slug: attributeSlug, label: "", options: [], forVariations: true }],
    };
    expect(findVariation(withAttribute, {})).toBeNull();
    expect(findVariation(withAttribute, { [attributeSlug]: "blue" })?.id).toBe(soldOut.id);
    expect(await productBySlug(db, "missing", "en")).toBeNull();
  });
});
