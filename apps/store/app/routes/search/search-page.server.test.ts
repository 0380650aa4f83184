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
    await insertSimpleProduct(database.db, { slug: "teapot", price: 2500 });
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
    expect(results.products.map((product) => product.slug)).toEqual(["teapot"]);
    expect(siteCache.asked).toContain("image:en:");
  });
});
