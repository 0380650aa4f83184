import {
  attributes,
  attributeTerms,
  categoryTranslations,
  type Database,
  media,
  mediaSizes,
  productAttributeTerms,
  productCategories,
  productImages,
  products,
  productTranslations,
  reviews,
  variations,
} from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findVariation } from "../../lib/variation-selection.ts";
import { SiteCache } from "../shared/site-cache.server.ts";
import { RecordingSiteCache } from "../shared/site-cache.test-helper.ts";
import type { ShownPrices } from "../taxes/shown-prices.server.ts";
import {
  categoryTree,
  descendantIds,
  findCategory,
  listProducts,
  productBySlug,
  productCardsByIds,
  sharedCategoryTree,
  stockOf,
} from "./catalogue.server.ts";
import {
  insertCategory,
  insertSimpleProduct,
  insertVariableProduct,
} from "./catalogue-fixtures.test-helper.ts";
import { ProductListings } from "./listings.server.ts";

/** A ready picture with one JPEG rendition, as the media pipeline leaves it. */
async function insertPicture(db: Database, alt: string): Promise<number> {
  const [row] = await db
    .insert(media)
    .values({
      filename: `${alt}.jpg`,
      mimeType: "image/jpeg",
      width: 800,
      height: 800,
      alt: { en: alt },
      state: "ready",
    })
    .returning({ id: media.id });
  await db
    .insert(mediaSizes)
    .values({ mediaId: row!.id, format: "jpeg", width: 600, height: 600, path: `m/${alt}.jpg`, bytes: 1 });
  return row!.id;
}

/**
 * A variable product with everything its page shows: two attributes (one not for variations),
 * pictures in gallery order, a variation's own picture, reviews in three states, two categories and
 * five neighbours that may or may not be related.
 */
async function insertWholeProduct(db: Database) {
  const { product, inStock, soldOut } = await insertVariableProduct(db, "tee");
  await db
    .update(productTranslations)
    .set({ description: "<p>Soft</p>", metaDescription: "A soft tee", shortDescription: "Soft tee" })
    .where(eq(productTranslations.productId, product.id));
  await db
    .insert(productTranslations)
    .values({ productId: product.id, locale: "es", name: "camiseta", description: "<p>Suave</p>" });
  const colourTerms = await db.select().from(attributeTerms).orderBy(attributeTerms.id);
  const [material] = await db
    .insert(attributes)
    .values({ slug: "material", label: { en: "Material", es: "Tejido" } })
    .returning();
  const [wool, cotton] = await db
    .insert(attributeTerms)
    .values([
      { attributeId: material!.id, slug: "wool", label: { en: "Wool", es: "Lana" }, position: 2 },
      { attributeId: material!.id, slug: "cotton", label: { en: "Cotton" }, position: 1 },
    ])
    .returning();
  await db
    .insert(productAttributeTerms)
    .values([
      ...colourTerms.map((term) => ({ productId: product.id, termId: term.id })),
      { productId: product.id, termId: wool!.id, usedForVariations: false },
      { productId: product.id, termId: cotton!.id, usedForVariations: false },
    ]);

  const [front, back, blueTee] = [
    await insertPicture(db, "front"),
    await insertPicture(db, "back"),
    await insertPicture(db, "blue tee"),
  ];
  await db.insert(productImages).values([
    { productId: product.id, mediaId: back, position: 1 },
    { productId: product.id, mediaId: front, position: 0 },
  ]);
  await db.update(variations).set({ imageId: blueTee, sku: "TEE-BLUE" }).where(eq(variations.id, soldOut.id));

  await db.insert(reviews).values([
    {
      productId: product.id,
      authorName: "Ann",
      authorEmail: "a@example.com",
      rating: 5,
      body: "Great",
      status: "approved",
      createdAt: new Date("2026-01-02T10:00:00.123Z"),
    },
    {
      productId: product.id,
      authorName: "Bea",
      authorEmail: "b@example.com",
      rating: 3,
      body: "Fine",
      status: "approved",
      reply: "Thank you, Bea.",
      createdAt: new Date("2026-03-04T10:00:00Z"),
    },
    {
      productId: product.id,
      authorName: "Cy",
      authorEmail: "c@example.com",
      rating: 1,
      body: "Spam",
      status: "spam",
    },
    {
      productId: product.id,
      authorName: "Di",
      authorEmail: "d@example.com",
      rating: 4,
      body: "Soon",
      status: "pending",
    },
  ]);

  const clothing = await insertCategory(db, "clothing");
  const sale = await insertCategory(db, "sale");
  const kitchen = await insertCategory(db, "kitchen");
  await db.insert(productCategories).values([
    { productId: product.id, categoryId: clothing.id },
    { productId: product.id, categoryId: sale.id },
  ]);
  const hat = await insertSimpleProduct(db, { slug: "hat", price: 500, categoryId: clothing.id });
  const scarf = await insertSimpleProduct(db, { slug: "scarf", price: 700, categoryId: sale.id });
  const sock = await insertSimpleProduct(db, { slug: "sock", price: 300, categoryId: clothing.id });
  const draft = await insertSimpleProduct(db, { slug: "draft", price: 300, categoryId: clothing.id });
  await insertSimpleProduct(db, { slug: "pan", price: 300, categoryId: kitchen.id });
  await db.update(products).set({ totalSales: 9 }).where(eq(products.id, scarf.id));
  await db.update(products).set({ totalSales: 4 }).where(eq(products.id, sock.id));
  await db.update(products).set({ status: "draft", totalSales: 99 }).where(eq(products.id, draft.id));
  await db.insert(productImages).values({ productId: sock.id, mediaId: front, position: 0 });
  return { product, inStock, soldOut, hat, scarf, sock, front, back, blueTee };
}

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

    const first = await listProducts(db, await new ProductListings(db).current(), {
      locale: "es",
      page: 1,
      orderby: "menu_order",
    });
    expect(first).toMatchObject({ total: 15, pageCount: 2, perPage: 12 });
    expect(first.products).toHaveLength(12);
    expect(first.products[0]!.name).toBe("p01 (es)");
    expect(
      (
        await listProducts(db, await new ProductListings(db).current(), {
          locale: "en",
          page: 2,
          orderby: "menu_order",
        })
      ).products,
    ).toHaveLength(3);

    const cheapest = await listProducts(db, await new ProductListings(db).current(), {
      locale: "en",
      page: 1,
      orderby: "price",
    });
    expect(cheapest.products[0]!.slug).toBe("p15");
    const dearest = await listProducts(db, await new ProductListings(db).current(), {
      locale: "en",
      page: 1,
      orderby: "price-desc",
    });
    expect(dearest.products[0]!.slug).toBe("p14");
    const popular = await listProducts(db, await new ProductListings(db).current(), {
      locale: "en",
      page: 1,
      orderby: "popularity",
    });
    expect(popular.products[0]!.slug).toBe("p07");

    const tree = await categoryTree(db, "es");
    expect(tree.map((node) => node.name)).toEqual(["clothing es", "kitchen es"]);
    const clothing = findCategory(tree, "shirts");
    expect(clothing?.trail.map((node) => node.slug)).toEqual(["clothing", "shirts"]);
    const all = findCategory(tree, "clothing")!;
    const inClothing = await listProducts(db, await new ProductListings(db).current(), {
      locale: "en",
      page: 1,
      orderby: "menu_order",
      categoryIds: descendantIds(all.node),
    });
    expect(inClothing.total).toBe(8);
  });

  it("reads a listing's page in one statement, its cards by id from the listing index, and an empty page in none", async () => {
    const { db } = database;
    const shirts = await insertCategory(db, "shirts");
    for (let i = 1; i <= 5; i++)
      await insertSimpleProduct(db, {
        slug: `s${i}`,
        price: 100 * i,
        categoryId: i <= 3 ? shirts.id : undefined,
      });
    const cache = new SiteCache();
    const index = await new ProductListings(db).current();
    const listing = (page: number, categoryIds?: number[]) =>
      listProducts(db, index, { locale: "en", page, perPage: 2, orderby: "price", categoryIds, cache });
    await listing(1);

    const recorded = recordStatements(db);
    try {
      expect(await listing(1)).toMatchObject({ total: 5, pageCount: 3, page: 1 });
      expect(recorded.statements).toHaveLength(1);
      const last = await listing(3);
      expect(last).toMatchObject({ total: 5, pageCount: 3 });
      expect(last.products.map((card) => card.slug)).toEqual(["s5"]);
      expect(await listing(4)).toMatchObject({ total: 5, pageCount: 3, products: [] });
      expect(await listing(1, [shirts.id])).toMatchObject({ total: 3, pageCount: 2 });
      expect(await listing(1, [shirts.id + 100])).toMatchObject({ total: 0, pageCount: 1, products: [] });
      expect(recorded.statements).toHaveLength(3);
    } finally {
      recorded.stop();
    }
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

  it("shows a product's, its variations' and its card's prices through the shopper's display variant (decision 0071)", async () => {
    const { db } = database;
    const { product, soldOut } = await insertVariableProduct(db, "tee");
    // The sale variation (9.00) is in the reduced class, the other (10.00) the product's standard one.
    await db.update(variations).set({ taxClass: "reduced-rate" }).where(eq(variations.id, soldOut.id));
    const withTax: ShownPrices = {
      key: "tax-test",
      shown: (price, status, taxClass) =>
        status === "taxable" ? price + (taxClass === "" ? price / 5 : price / 20) : price,
    };
    const page = (await productBySlug(db, "tee", "en", undefined, withTax))!;
    // 10.00 + 20 % = 12.00; 9.00 + 5 % = 9.45.
    expect(page.price).toMatchObject({ min: 945, max: 1200 });
    expect(page.variations.map((variation) => variation.price)).toEqual([
      { regular: 1200, sale: null, min: 1200, max: 1200 },
      { regular: 1260, sale: 945, min: 945, max: 945 },
    ]);
    const [card] = await productCardsByIds(db, [product.id], "en", undefined, withTax);
    expect(card!.price).toMatchObject({ min: 945, max: 1200 });
    // As entered without one.
    expect((await productCardsByIds(db, [product.id], "en"))[0]!.price).toMatchObject({
      min: 900,
      max: 1000,
    });
    await db.update(products).set({ taxStatus: "none" }).where(eq(products.id, product.id));
    expect((await productBySlug(db, "tee", "en", undefined, withTax))!.price).toMatchObject({
      min: 900,
      max: 1000,
    });
  });

  it("reads a whole product page in the shopper's language: attributes, variations, pictures, reviews, categories, related", async () => {
    const { db } = database;
    const fixture = await insertWholeProduct(db);
    const page = (await productBySlug(db, "tee", "es", new SiteCache()))!;
    expect(page).toMatchObject({
      id: fixture.product.id,
      name: "camiseta",
      description: "<p>Suave</p>",
      // Texts the Spanish row leaves empty are not taken from English: the row is the shopper's language.
      metaDescription: "",
      shortDescription: "",
      type: "variable",
      price: { regular: 1000, sale: null, min: 900, max: 1000 },
    });
    expect(page.attributes).toEqual([
      {
        slug: "color-tee",
        label: "Color",
        forVariations: true,
        visible: true,
        options: [
          { slug: "red", label: "Rojo" },
          { slug: "blue", label: "Azul" },
        ],
      },
      {
        slug: "material",
        label: "Tejido",
        forVariations: false,
        visible: true,
        // By the terms' position; a label without Spanish falls back to English.
        options: [
          { slug: "cotton", label: "Cotton" },
          { slug: "wool", label: "Lana" },
        ],
      },
    ]);
    expect(page.images.map((image) => image.id)).toEqual([fixture.front, fixture.back]);
    expect(page.image?.id).toBe(fixture.front);
    expect(page.variations).toEqual([
      {
        id: fixture.inStock.id,
        sku: null,
        attributes: { "color-tee": "red" },
        price: { regular: 1000, sale: null, min: 1000, max: 1000 },
        stock: { state: "instock", quantity: 5, backorders: "no" },
        image: null,
      },
      {
        id: fixture.soldOut.id,
        sku: "TEE-BLUE",
        attributes: { "color-tee": "blue" },
        price: { regular: 1200, sale: 900, min: 900, max: 900 },
        stock: { state: "outofstock", quantity: 0, backorders: "no" },
        image: expect.objectContaining({ id: fixture.blueTee, alt: "blue tee" }),
      },
    ]);
    // Approved reviews only, newest first, with their dates to the millisecond.
    expect(page.reviews).toEqual([
      {
        id: expect.any(Number),
        author: "Bea",
        rating: 3,
        body: "Fine",
        date: "2026-03-04T10:00:00.000Z",
        dateText: "4 de marzo de 2026",
        reply: "Thank you, Bea.",
      },
      {
        id: expect.any(Number),
        author: "Ann",
        rating: 5,
        body: "Great",
        date: "2026-01-02T10:00:00.123Z",
        dateText: "2 de enero de 2026",
        reply: null,
      },
    ]);
    expect(page.categories.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: "clothing", name: "clothing es" },
      { slug: "sale", name: "sale es" },
    ]);
    // Published products sharing a category, best sellers first; never the product itself.
    expect(page.related.map((card) => [card.slug, card.name])).toEqual([
      ["scarf", "scarf (es)"],
      ["sock", "sock (es)"],
      ["hat", "hat (es)"],
    ]);
    expect(page.related[1]!.image?.id).toBe(fixture.front);
  });

  it("reads a product page in two statements once the site cache holds its pictures and category names", async () => {
    const { db } = database;
    await insertWholeProduct(db);
    const cache = new RecordingSiteCache();
    const first = await productBySlug(db, "tee", "en", cache);
    const recorded = recordStatements(db);
    try {
      const again = await productBySlug(db, "tee", "en", cache);
      expect(again).toEqual(first);
    } finally {
      recorded.stop();
    }
    // The product with its attributes, variations, reviews and categories; its related cards beside it.
    expect(recorded.statements).toHaveLength(2);
  });
});
