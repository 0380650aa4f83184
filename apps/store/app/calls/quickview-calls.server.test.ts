import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { RecordingSiteCache } from "../services/shared/site-cache.test-helper.ts";
import { testContext } from "../services/shared/test-context.test-helper.ts";
import { quickviewAction } from "./quickview-calls.server.tsx";

describe.each(await availableDialects())("the quick-view call on %s", (dialect) => {
  let database: TestDatabase;
  let productId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    productId = (await insertSimpleProduct(database.db, { slug: "teapot", price: 2500 })).id;
  });
  afterAll(() => database.close());

  it("reads the product's pictures and category names through the process's site cache, as the product page does (issue 14)", async () => {
    const siteCache = new RecordingSiteCache();
    const context = testContext({ db: database.db, siteCache });
    const answer = await quickviewAction.handler(
      context,
      { action: "vitrine_quickview", product: String(productId) },
      {} as never,
    );
    expect(answer.status ?? 200).toBe(200);
    expect(answer.html).toContain("teapot");
    expect(siteCache.asked).toEqual(expect.arrayContaining(["image:en:", "categories:en"]));
  });
});
