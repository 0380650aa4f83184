import { users } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import type { Request } from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertSimpleProduct,
  insertVariableProduct,
} from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { SiteCache } from "../services/shared/site-cache.server.ts";
import { RecordingSiteCache } from "../services/shared/site-cache.test-helper.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import type { CallResult } from "./calls.server.ts";
import { cartAjax, cartWcAjax } from "./cart-calls.server.ts";

// The request names a foreign host: answers must still point at the store's public origin.
const request = Object.assign(Object.create(null), {
  protocol: "http",
  get: () => "evil.example",
  headers: { host: "evil.example" },
}) as Request;
const config = testConfig({ PUBLIC_URL: "http://shop.test" });

describe.each(await availableDialects())("cart calls on %s", (dialect) => {
  let database: TestDatabase;
  let cookie = "";
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    cookie = "";
  });

  /** One request as a browser makes it: with the session cookie it was given so far. */
  async function call(
    kind: "wc" | "ajax",
    name: string,
    input: Record<string, string>,
    options: { siteCache?: SiteCache; locale?: "en" | "es" } = {},
  ) {
    const context = testContext({
      db: database.db,
      config,
      settings: { currency: "USD" },
      cookie: cookie || null,
      ...options,
    });
    const handler = kind === "wc" ? cartWcAjax[name]! : cartAjax[name]!.handler;
    const result: CallResult = await handler(context, input, request);
    const set = context.session.headers().get("Set-Cookie");
    if (set) cookie = set.split(";")[0]!;
    return {
      ...result,
      body: result.json as Record<string, unknown>,
      cookies: (result.headers?.["Set-Cookie"] ?? []) as string[],
    };
  }

  it("reads the lines' pictures through the process's site cache, as the catalogue's pages do (issue 14)", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200 });
    const siteCache = new RecordingSiteCache();
    await call("wc", "add_to_cart", { product_id: String(mug.id), quantity: "1" }, { siteCache });
    expect(siteCache.asked).toContain("image:en:");
    siteCache.asked.length = 0;
    await call("wc", "get_refreshed_fragments", {}, { siteCache, locale: "es" });
    expect(siteCache.asked).toContain("image:es:");
  });

  it("renders a cart's fragments once per content and language, and again after a change empties the cache", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200 });
    const siteCache = new SiteCache();
    await call("wc", "add_to_cart", { product_id: String(mug.id), quantity: "1" }, { siteCache });
    const refresh = (locale: "en" | "es") => call("wc", "get_refreshed_fragments", {}, { siteCache, locale });
    const first = await refresh("en");
    expect((await refresh("en")).body.fragments).toBe(first.body.fragments);
    const spanish = await refresh("es");
    expect(spanish.body.fragments).not.toBe(first.body.fragments);
    expect((spanish.body.fragments as Record<string, string>)["div.widget_shopping_cart_content"]).toContain(
      "mug (es)",
    );
    await call("wc", "add_to_cart", { product_id: String(mug.id), quantity: "1" }, { siteCache });
    const more = await refresh("en");
    expect((more.body.fragments as Record<string, string>)["span.cart-count"]).toContain(">2<");
    siteCache.clear();
    const again = await refresh("en");
    expect(again.body.fragments).not.toBe(more.body.fragments);
    expect(again.body.fragments).toEqual(more.body.fragments);
  });

  it("adds to the cart and answers with fragments, a hash that follows the content, and the cookies", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200 });
    const first = await call("wc", "add_to_cart", { product_id: String(mug.id), quantity: "2" });
    expect(first.status ?? 200).toBe(200);
    const fragments = first.body.fragments as Record<string, string>;
    expect(fragments["div.widget_shopping_cart_content"]).toContain("mug (en)");
    expect(fragments["span.cart-count"]).toContain(">2<");
    expect(first.body.cart_hash).toMatch(/^[a-f0-9]{32}$/);
    expect(first.cookies).toEqual([
      `woocommerce_cart_hash=${first.body.cart_hash}; Path=/; SameSite=Lax`,
      "woocommerce_items_in_cart=2; Path=/; SameSite=Lax",
    ]);

    const refreshed = await call("wc", "get_refreshed_fragments", { time: String(Date.now()) });
    expect(refreshed.body.cart_hash).toBe(first.body.cart_hash);
    const second = await call("wc", "add_to_cart", { product_id: String(mug.id) });
    expect(second.body.cart_hash).not.toBe(first.body.cart_hash);
    expect(second.cookies[1]).toContain("woocommerce_items_in_cart=3");
  });

  it("reads the product's name with the product, not apart", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200 });
    await call("wc", "add_to_cart", { product_id: String(mug.id) });
    const record = recordStatements(database.db);
    const added = await call("wc", "add_to_cart", { product_id: String(mug.id) });
    record.stop();
    expect(added.body.error).toBeUndefined();
    // Translations appear only as the product row's own subqueries, never as a statement of their own.
    expect(
      record.statements.filter((statement) => /^select [^(]* from "product_translations"/.test(statement)),
    ).toEqual([]);
    expect(record.statements.some((statement) => statement.includes('from "product_translations"'))).toBe(
      true,
    );
  });

  it("sends the shopper to the product page for problems to fix there", async () => {
    const gone = await insertSimpleProduct(database.db, { slug: "gone", price: 100, stock: 0 });
    const few = await insertSimpleProduct(database.db, { slug: "few", price: 100, stock: 1 });
    const { product } = await insertVariableProduct(database.db, "tee");
    expect((await call("wc", "add_to_cart", { product_id: String(gone.id) })).body).toMatchObject({
      error: true,
      product_url: "http://shop.test/product/gone",
    });
    expect(
      (await call("wc", "add_to_cart", { product_id: String(few.id), quantity: "2" })).body,
    ).toMatchObject({
      error: true,
      product_url: "http://shop.test/product/few",
    });
    expect((await call("wc", "add_to_cart", { product_id: String(product.id) })).body).toMatchObject({
      error: true,
      product_url: "http://shop.test/product/tee",
    });
    const chosen = await call("wc", "add_to_cart", {
      product_id: String(product.id),
      "attribute_color-tee": "red",
    });
    expect(chosen.body.error).toBeUndefined();
    expect((chosen.body.fragments as Record<string, string>)["div.widget_shopping_cart_content"]).toContain(
      "Red",
    );
  });

  it.each([
    [{}],
    [{ product_id: "abc" }],
    [{ product_id: "1", quantity: "-1" }],
    [{ product_id: "1", quantity: "2.5" }],
    [{ product_id: "99999999999999" }],
    [{ product_id: "1", variation_id: "x" }],
  ])("refuses garbage %j with a 400, not a 500", async (input) => {
    const result = await call("wc", "add_to_cart", input);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: true, code: "invalid_request", data: { status: 400 } });
  });

  it("removes a line, refuses bad and unknown keys, and clears the cookies when the cart empties", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200 });
    await call("wc", "add_to_cart", { product_id: String(mug.id) });
    const key = Object.values(
      (await call("wc", "get_refreshed_fragments", {})).body.fragments as Record<string, string>,
    )[0]!.match(/data-cart-item-key="([a-f0-9]{32})"/)![1]!;
    expect((await call("wc", "remove_from_cart", { cart_item_key: "nope" })).status).toBe(400);
    const unknown = await call("wc", "remove_from_cart", { cart_item_key: "f".repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(true);
    const removed = await call("wc", "remove_from_cart", { cart_item_key: key });
    expect(removed.body.cart_hash).toBe("");
    expect((removed.body.fragments as Record<string, string>)["div.widget_shopping_cart_content"]).toContain(
      "No products in the cart.",
    );
    expect(removed.cookies).toEqual([
      "woocommerce_cart_hash=; Max-Age=0; Path=/; SameSite=Lax",
      "woocommerce_items_in_cart=; Max-Age=0; Path=/; SameSite=Lax",
    ]);
  });

  it("changes a quantity within stock", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200, stock: 5 });
    const added = await call("wc", "add_to_cart", { product_id: String(mug.id) });
    const key = (added.body.fragments as Record<string, string>)["div.widget_shopping_cart_content"]!.match(
      /data-cart-item-key="([a-f0-9]{32})"/,
    )![1]!;
    const changed = await call("ajax", "vitrine_ajax_cart_item_alter_quantity", {
      cart_item_key: key,
      quantity: "4",
    });
    expect(changed.body).toMatchObject({ success: true });
    expect(changed.cookies[1]).toContain("woocommerce_items_in_cart=4");
    const tooMany = await call("ajax", "vitrine_ajax_cart_item_alter_quantity", {
      cart_item_key: key,
      quantity: "6",
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain("5 remaining");
    expect(
      (
        await call("ajax", "vitrine_ajax_cart_item_alter_quantity", {
          cart_item_key: "f".repeat(32),
          quantity: "1",
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("ajax", "vitrine_ajax_cart_item_alter_quantity", { cart_item_key: key, quantity: "lots" }))
        .status,
    ).toBe(400);
  });

  it("refreshing fragments without a session answers the empty cart and makes no session", async () => {
    const result = await call("wc", "get_refreshed_fragments", { time: "1" });
    expect(result.body.cart_hash).toBe("");
    expect(cookie).toBe("");
    expect(await database.db.select().from(users)).toEqual([]);
  });
});
