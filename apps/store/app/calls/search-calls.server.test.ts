import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import type { Request } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context.server.ts";
import {
  insertSimpleProduct,
  insertVariableProduct,
} from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { ProductSearch } from "../services/catalogue/search.server.ts";
import { AS_ENTERED, type ShownPrices } from "../services/taxes/shown-prices.server.ts";
import { priceText, searchSuggestions } from "./search-calls.server.ts";

describe.each(await availableDialects())("live-search call on %s", (dialect) => {
  let database: TestDatabase;
  let productSearch: ProductSearch;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await insertSimpleProduct(database.db, { slug: "teapot", price: 2500, salePrice: 1999 });
    await insertSimpleProduct(database.db, { slug: "teacup", price: 800 });
    await insertVariableProduct(database.db, "kettle-variants");
    productSearch = new ProductSearch(database.db);
  });
  afterAll(() => database.close());

  const call = (
    input: Record<string, string>,
    locale: "en" | "es" = "en",
    prices: ShownPrices = AS_ENTERED,
  ) =>
    searchSuggestions(
      {
        db: database.db,
        productSearch,
        locale,
        settings: { name: "Vitrine", currency: "USD", search_result_latency: 300 },
        shownPrices: async () => prices,
      } as AppContext,
      { action: "vitrine_ajax_search_products", ...input },
      {} as Request,
    );

  it("answers suggestions with value, url, id, img and a text price, best match first", async () => {
    const result = await call({ query: "teapot" });
    expect(result.status ?? 200).toBe(200);
    const { suggestions } = result.json as { suggestions: Array<Record<string, unknown>> };
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toEqual({
      value: "teapot (en)",
      url: "/product/teapot",
      id: expect.any(Number),
      img: "",
      price: "$19.99",
    });
    const both = (await call({ query: "tea", product_cat: "" })).json as {
      suggestions: Array<{ value: string }>;
    };
    expect(both.suggestions.map((s) => s.value)).toEqual(["teacup (en)", "teapot (en)"]);
  });

  it("gives a variable product's price range", async () => {
    const { suggestions } = (await call({ query: "kettle" })).json as {
      suggestions: Array<{ price: string }>;
    };
    expect(suggestions.map((s) => s.price)).toEqual(["$9.00 – $10.00"]);
  });

  it("shows the prices as the shopper's display variant shows them (decision 0071)", async () => {
    const withTax: ShownPrices = { key: "tax-test", shown: (price) => price + price / 10 };
    const prices = async (query: string) =>
      (
        (await call({ query }, "en", withTax)).json as { suggestions: Array<{ price: string }> }
      ).suggestions.map((s) => s.price);
    expect(await prices("kettle")).toEqual(["$9.90 – $11.00"]);
    expect(await prices("teacup")).toEqual(["$8.80"]);
  });

  it.each([
    ["", 0],
    ["te", 0],
    ["  te  ", 0],
    ["tea", 2],
  ])("query %j gives %i suggestions (search starts at 3 characters)", async (query, expected) => {
    const { suggestions } = (await call({ query })).json as { suggestions: unknown[] };
    expect(suggestions).toHaveLength(expected);
  });

  it.each([
    ["en", "No products found"],
    ["es", "No se encontraron productos"],
  ] as const)("no match gives the single id -1 row, in %s", async (locale, text) => {
    const { suggestions } = (await call({ query: "zzzzz" }, locale)).json as { suggestions: unknown[] };
    expect(suggestions).toEqual([{ value: text, url: "", id: -1, img: "", price: "" }]);
  });

  it.each<Record<string, string>>([
    { query: "tea", product_cat: "x'; drop table products; --" },
    { query: "tea", product_cat: "a/b" },
    { query: "x".repeat(1001) },
  ])("refuses garbage with a 400 JSON error: %j", async (input) => {
    const result = await call(input);
    expect(result.status).toBe(400);
    expect(result.json).toEqual({
      code: "invalid_search",
      message: expect.any(String),
      data: { status: 400 },
    });
  });
});

describe("priceText", () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  it.each([
    [{ regular: 1000, sale: null, min: 1000, max: 1000 }, "$10.00"],
    [{ regular: 1000, sale: 800, min: 800, max: 800 }, "$8.00"],
    [{ regular: 1000, sale: null, min: 900, max: 1500 }, "$9.00 – $15.00"],
  ])("%j → %s", (price, text) => {
    expect(priceText(price, money)).toBe(text);
  });
});
