import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { testContext } from "../services/shared/test-context.test-helper.ts";
import { storeCartRouter } from "./store-cart.server.ts";

describe.each(await availableDialects())("Store API cart routes on %s", (dialect) => {
  let database: TestDatabase;
  let server: LoopbackServer;
  let base = "";
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    app.use(
      "/api/store/v1",
      storeCartRouter((req) =>
        testContext({
          db: database.db,
          settings: { currency: "EUR" },
          cookie: req.headers.cookie ?? null,
        }),
      ),
    );
    app.use(
      (
        error: { status?: number },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res.status(error.status ?? 500).json({ code: "error" });
      },
    );
    server = await listenOnLoopback(app);
    base = `${server.origin}/api/store/v1`;
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    cookie = "";
  });

  async function call(path: string, body?: unknown) {
    const response = await fetch(base + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("vitrine_session="));
    if (session) cookie = session.split(";")[0]!;
    return { status: response.status, body: await response.json(), cookies: response.headers.getSetCookie() };
  }

  it("adds, reads, updates and removes lines, answering the cart each time", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1250, stock: 5 });
    expect((await call("/cart")).body).toMatchObject({ items: [], items_count: 0 });
    const added = await call("/cart/add-item", { id: mug.id, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      items_count: 2,
      totals: { total_price: "2500", currency_code: "EUR", currency_minor_unit: 2 },
    });
    expect(added.cookies.some((c) => c.startsWith("woocommerce_items_in_cart=2;"))).toBe(true);
    const key = added.body.items[0].key;
    expect((await call("/cart")).body.items_hash).toBe(added.body.items_hash);
    expect((await call("/cart/update-item", { key, quantity: 4 })).body.items_count).toBe(4);
    const removed = await call("/cart/remove-item", { key });
    expect(removed.body).toMatchObject({ items: [], items_count: 0 });
    expect(removed.cookies).toContain("woocommerce_items_in_cart=; Max-Age=0; Path=/; SameSite=Lax");
  });

  it.each([
    ["/cart/add-item", { id: "1" }, 400, "rest_invalid_param"],
    ["/cart/add-item", { id: 1, quantity: 0 }, 400, "rest_invalid_param"],
    ["/cart/update-item", { key: "nope", quantity: 1 }, 400, "rest_invalid_param"],
    ["/cart/remove-item", { key: "f".repeat(32) }, 404, "woocommerce_rest_cart_invalid_key"],
    ["/cart/nothing", {}, 404, "rest_no_route"],
  ])("%s with %j answers %i %s", async (path, body, status, code) => {
    const result = await call(path, body);
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ code, data: { status } });
  });

  it("refuses what the stock cannot give, and malformed JSON", async () => {
    const few = await insertSimpleProduct(database.db, { slug: "few", price: 100, stock: 1 });
    const gone = await insertSimpleProduct(database.db, { slug: "gone", price: 100, stock: 0 });
    expect((await call("/cart/add-item", { id: few.id, quantity: 2 })).body).toMatchObject({
      code: "woocommerce_rest_product_partially_out_of_stock",
      message: expect.stringContaining("1 remaining"),
    });
    expect((await call("/cart/add-item", { id: gone.id })).body.code).toBe(
      "woocommerce_rest_product_out_of_stock",
    );
    expect((await call("/cart/add-item", "{not json")).status).toBe(400);
  });
});
