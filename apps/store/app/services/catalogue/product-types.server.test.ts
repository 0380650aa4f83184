import { products, productTags, tags, tagTranslations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderSitemap } from "../content/sitemap.server.ts";
import { crossSellCards, listProducts, productBySlug, productCardsByIds } from "./catalogue.server.ts";
import { insertSimpleProduct } from "./catalogue-fixtures.test-helper.ts";
import { ProductListings } from "./listings.server.ts";
import {
  insertExternalProduct,
  insertGroupedProduct,
  linkProducts,
} from "./product-types-fixtures.test-helper.ts";

describe.each(await availableDialects())("product types and links in the storefront on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function tag(slug: string, en: string, es: string, productIds: number[]) {
    const { db } = database;
    const [row] = await db.insert(tags).values({ slug }).returning();
    await db.insert(tagTranslations).values([
      { tagId: row!.id, locale: "en", name: en },
      { tagId: row!.id, locale: "es", name: es },
    ]);
    if (productIds.length > 0)
      await db.insert(productTags).values(productIds.map((productId) => ({ productId, tagId: row!.id })));
    return row!;
  }

  it("reads a grouped product's children in order, its price as their range, its upsells and its tags in the shopper's language", async () => {
    const { db } = database;
    const cup = await insertSimpleProduct(db, { slug: "cup", price: 900 });
    const saucer = await insertSimpleProduct(db, { slug: "saucer", price: 400, salePrice: 300 });
    const hidden = await insertSimpleProduct(db, { slug: "hidden", price: 100 });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, hidden.id));
    const set = await insertGroupedProduct(db, "tea-set", [saucer.id, hidden.id, cup.id]);
    const pot = await insertSimpleProduct(db, { slug: "pot", price: 2500 });
    await linkProducts(db, set.id, "upsell", [pot.id]);
    await tag("gifts", "Gifts", "Regalos", [set.id]);

    const page = await productBySlug(db, "tea-set", "es");
    expect(page?.grouped.map((child) => child.slug)).toEqual(["saucer", "cup"]);
    expect(page?.upsells.map((card) => card.slug)).toEqual(["pot"]);
    expect(page?.tags).toEqual([{ slug: "gifts", name: "Regalos" }]);
    // From the cheapest child (the saucer on sale) to the dearest; the draft one is left out.
    expect(page?.price).toMatchObject({ min: 300, max: 900 });
    const [card] = await productCardsByIds(db, [set.id], "en");
    expect(card?.price).toMatchObject({ min: 300, max: 900 });
  });

  it("gives an external product's card its button text, else none for the store's default", async () => {
    const { db } = database;
    const lamp = await insertExternalProduct(db, "lamp", "https://partner.example/lamp", "Buy at Partner");
    const vase = await insertExternalProduct(db, "vase", "https://partner.example/vase");
    const cards = await productCardsByIds(db, [lamp.id, vase.id], "es");
    expect(cards.map((card) => [card.type, card.buttonText])).toEqual([
      ["external", "Buy at Partner"],
      ["external", ""],
    ]);
  });

  it("offers the cart's cross-sells that are not in it already, each once", async () => {
    const { db } = database;
    // One after the other: cross-sells at the same place in their lists come in id order.
    const made = [];
    for (const slug of ["mug", "cup", "spoon", "tray"])
      made.push(await insertSimpleProduct(db, { slug, price: 500 }));
    const [mug, cup, spoon, tray] = made;
    await linkProducts(db, mug!.id, "cross_sell", [spoon!.id, cup!.id]);
    await linkProducts(db, cup!.id, "cross_sell", [tray!.id, spoon!.id]);
    const cards = await crossSellCards(db, [mug!.id, cup!.id], "en");
    expect(cards.map((card) => card.slug)).toEqual(["spoon", "tray"]);
    expect(await crossSellCards(db, [], "en")).toEqual([]);
  });

  it("lists a tag's products, follows a product's new tags once announced, and puts the tag in the sitemap", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 500 });
    const cup = await insertSimpleProduct(db, { slug: "cup", price: 600 });
    const gifts = await tag("gifts", "Gifts", "Regalos", [mug.id]);
    await tag("unused", "Unused", "Sin uso", []);
    const listings = new ProductListings(db);
    const list = async () =>
      (
        await listProducts(db, await listings.current(), {
          tagIds: [gifts.id],
          locale: "en",
          page: 1,
          orderby: "menu_order",
        })
      ).products.map((card) => card.slug);
    expect(await list()).toEqual(["mug"]);
    await db.insert(productTags).values({ productId: cup.id, tagId: gifts.id });
    listings.catalogueChanged([`product-${cup.id}`]);
    expect(await list()).toEqual(["mug", "cup"]);

    const sitemap = await renderSitemap(db, "https://shop.example", null);
    expect(sitemap.xml).toContain("<loc>https://shop.example/product-tag/gifts</loc>");
    expect(sitemap.xml).not.toContain("/product-tag/unused");
  });
});
