import { attributes, attributeTerms, productAttributeTerms } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { ProductSearch } from "../../services/catalogue/search.server.ts";
import { RecordingSiteCache } from "../../services/shared/site-cache.test-helper.ts";
import { testContext } from "../../services/shared/test-context.test-helper.ts";
import { loadSearchResults } from "./search-page.server.ts";

describe.each(await availableDialects())("the search results page on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await insertSimpleProduct(db, { slug: "teapot", price: 2500 });
    // Three more teapots: stoneware, cast iron and an out-of-stock stoneware one.
    const [material] = await db
      .insert(attributes)
      .values({ slug: "material", label: { en: "Material" } })
      .returning();
    const [stoneware, iron] = await db
      .insert(attributeTerms)
      .values([
        { attributeId: material!.id, slug: "stoneware", label: { en: "Stoneware" } },
        { attributeId: material!.id, slug: "cast-iron", label: { en: "Cast iron" } },
      ])
      .returning();
    for (const [slug, termId, stock] of [
      ["stoneware-teapot", stoneware!.id, 5],
      ["iron-teapot", iron!.id, 5],
      ["sold-out-stoneware-teapot", stoneware!.id, 0],
    ] as const) {
      const product = await insertSimpleProduct(db, { slug, price: 3000, stock });
      await db.insert(productAttributeTerms).values({ productId: product.id, termId });
    }
  });
  afterAll(() => database.close());

  it("reads its cards' pictures through the process's site cache, as the listings do (issue 14)", async () => {
    const siteCache = new RecordingSiteCache();
    const context = testContext({
      db: database.db,
      productSearch: new ProductSearch(database.db),
      siteCache,
    });
    const results = await loadSearchResults(context, new URL("http://store.test/search?s=teapot"));
    expect(results.products.map((product) => product.slug)).toContain("teapot");
    expect(siteCache.asked).toContain("image:en:");
  });

  it("narrows the results by the shop's filters, counting over the results, and its links keep the search", async () => {
    const context = testContext({ db: database.db, productSearch: new ProductSearch(database.db) });
    const search = (query: string) =>
      loadSearchResults(context, new URL(`http://store.test/search?${query}`));
    const all = await search("s=teapot");
    expect(all.total).toBe(4);
    expect(all.facets.attributes).toEqual([
      {
        slug: "material",
        label: "Material",
        queryType: "and",
        terms: [
          { slug: "stoneware", label: "Stoneware", count: 2, chosen: false },
          { slug: "cast-iron", label: "Cast iron", count: 1, chosen: false },
        ],
      },
    ]);
    const stoneware = await search("s=teapot&filter_material=stoneware&filter_stock_status=instock");
    expect(stoneware.products.map((product) => product.slug)).toEqual(["stoneware-teapot"]);
    expect(stoneware.keep).toEqual({ s: "teapot" });
    expect(stoneware.facets.stock).toEqual([
      { state: "instock", count: 1, chosen: true },
      { state: "outofstock", count: 1, chosen: false },
    ]);
    // Nothing found narrows to nothing, without a statement about every product.
    expect((await search("s=zzqqxx&filter_material=stoneware")).total).toBe(0);
  });
});
