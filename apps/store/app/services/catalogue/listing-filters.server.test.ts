import { attributes, attributeTerms, productAttributeTerms, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteCache } from "../shared/site-cache.server.ts";
import { listProducts } from "./catalogue.server.ts";
import { insertSimpleProduct } from "./catalogue-fixtures.test-helper.ts";
import {
  type AttributeCatalogue,
  listingFacets,
  resolveAttributeFilters,
  sharedAttributeCatalogue,
} from "./listing-filters.server.ts";
import type { ListingFilter } from "./listing-index.server.ts";
import { ProductListings } from "./listings.server.ts";

/**
 * The shop's layered navigation against WooCommerce's rules: within an attribute, "and" keeps the
 * products with every chosen term and "or" those with any; attributes combine with "and"; an "or"
 * attribute's counts leave its own filter out (what choosing one more term would give), every other
 * count has all filters applied; terms and stock states that would show nothing are left out.
 *
 * The catalogue: a red cotton shirt, a red linen shirt, a blue cotton-and-linen shirt, a wool shirt
 * (no colour, out of stock) and a draft red cotton shirt (never counted).
 */
describe.each(await availableDialects())("the shop's attribute and stock filters on %s", (dialect) => {
  let database: TestDatabase;
  let catalogue: AttributeCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const [color, material] = await db
      .insert(attributes)
      .values([
        { slug: "color", label: { en: "Colour", es: "Color" } },
        { slug: "material", label: { en: "Material", es: "Material" }, orderby: "name" },
      ])
      .returning();
    const terms = await db
      .insert(attributeTerms)
      .values([
        { attributeId: color!.id, slug: "red", label: { en: "Red", es: "Rojo" }, position: 1 },
        { attributeId: color!.id, slug: "blue", label: { en: "Blue", es: "Azul" }, position: 0 },
        { attributeId: material!.id, slug: "wool", label: { en: "Wool", es: "Lana" } },
        { attributeId: material!.id, slug: "cotton", label: { en: "Cotton", es: "Algodón" } },
        { attributeId: material!.id, slug: "linen", label: { en: "Linen", es: "Lino" } },
      ])
      .returning();
    const term = (slug: string) => terms.find((row) => row.slug === slug)!.id;
    const shirt = async (slug: string, termSlugs: string[], stock: number | null = 5) => {
      const product = await insertSimpleProduct(db, { slug, price: 1000, stock });
      await db
        .insert(productAttributeTerms)
        .values(termSlugs.map((t) => ({ productId: product.id, termId: term(t) })));
      return product;
    };
    await shirt("red-cotton", ["red", "cotton"]);
    await shirt("red-linen", ["red", "linen"]);
    await shirt("blue-mixed", ["blue", "cotton", "linen"]);
    await shirt("wool", ["wool"], 0);
    const draft = await shirt("draft", ["red", "cotton"]);
    await db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
    catalogue = await sharedAttributeCatalogue({ db, siteCache: new SiteCache() }, "en");
  });
  afterAll(async () => {
    await database?.close();
  });

  const filterOf = (
    chosen: Record<string, { terms: string[]; queryType: "and" | "or" }>,
    stock: ListingFilter["stock"] = [],
  ) => ({ attributes: resolveAttributeFilters(catalogue, chosen).filter, stock }) satisfies ListingFilter;
  const index = () => new ProductListings(database.db).current();
  const names = async (filter: ListingFilter) =>
    (
      await listProducts(database.db, await index(), {
        ...filter,
        locale: "en",
        page: 1,
        orderby: "menu_order",
      })
    ).products
      .map((card) => card.slug)
      .sort();
  const counts = async (filter: ListingFilter) => {
    const facets = listingFacets(await index(), catalogue, filter);
    return {
      attributes: Object.fromEntries(
        facets.attributes.map((a) => [
          a.slug,
          a.terms.map((t) => `${t.slug} ${t.count}${t.chosen ? " chosen" : ""}`),
        ]),
      ),
      stock: facets.stock.map((s) => `${s.state} ${s.count}${s.chosen ? " chosen" : ""}`),
    };
  };

  it("counts every term and stock state of the unfiltered listing, terms in their attribute's order", async () => {
    expect(await counts({})).toEqual({
      // Colour in the owner's order (blue first), material by name.
      attributes: { color: ["blue 1", "red 2"], material: ["cotton 2", "linen 2", "wool 1"] },
      stock: ["instock 3", "outofstock 1"],
    });
  });

  it("'and' keeps the products with every chosen term, and counts with all filters applied", async () => {
    const filter = filterOf({ material: { terms: ["cotton", "linen"], queryType: "and" } });
    expect(await names(filter)).toEqual(["blue-mixed"]);
    expect(await counts(filter)).toEqual({
      attributes: { color: ["blue 1"], material: ["cotton 1 chosen", "linen 1 chosen"] },
      stock: ["instock 1"],
    });
  });

  it("'or' keeps the products with any chosen term; its own counts leave its filter out", async () => {
    const filter = filterOf({ material: { terms: ["cotton", "wool"], queryType: "or" } });
    expect(await names(filter)).toEqual(["blue-mixed", "red-cotton", "wool"]);
    expect(await counts(filter)).toEqual({
      attributes: { color: ["blue 1", "red 1"], material: ["cotton 2 chosen", "linen 2", "wool 1 chosen"] },
      stock: ["instock 2", "outofstock 1"],
    });
  });

  it("combines attributes with 'and', and the stock filter with both, its own counts leaving it out", async () => {
    const filter = filterOf(
      {
        color: { terms: ["red"], queryType: "and" },
        material: { terms: ["cotton", "wool"], queryType: "or" },
      },
      [],
    );
    expect(await names(filter)).toEqual(["red-cotton"]);
    const inStock = filterOf({ material: { terms: ["cotton", "wool"], queryType: "or" } }, ["outofstock"]);
    expect(await names(inStock)).toEqual(["wool"]);
    expect((await counts(inStock)).stock).toEqual(["instock 2", "outofstock 1 chosen"]);
    // The stock counts add up to the listing's total, of the chosen states or of all of them.
    for (const each of [{}, filter, inStock]) {
      const { total } = await listProducts(database.db, await index(), {
        ...each,
        locale: "en",
        page: 1,
        orderby: "menu_order",
      });
      const stock = listingFacets(await index(), catalogue, each).stock;
      const chosen = stock.filter((option) => option.chosen);
      expect((chosen.length > 0 ? chosen : stock).reduce((sum, option) => sum + option.count, 0)).toBe(total);
    }
  });

  it("leaves out attributes and terms the store does not have", () => {
    expect(
      resolveAttributeFilters(catalogue, {
        color: { terms: ["red", "mauve"], queryType: "or" },
        shape: { terms: ["round"], queryType: "and" },
        material: { terms: ["silk"], queryType: "and" },
      }).query,
    ).toEqual({ color: { terms: ["red"], queryType: "or" } });
  });
});
