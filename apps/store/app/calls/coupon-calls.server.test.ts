import { cartCoupons, coupons } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeCartRouter } from "../api/store-cart.server.ts";
import { insertSimpleProduct } from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { testContext } from "../services/shared/test-context.test-helper.ts";
import { mountCalls } from "./calls.server.ts";
import { couponLinks } from "./coupon-link.server.ts";
import { callRegistry } from "./registry.server.ts";

/** The shopper's coupon entry points: `?wc-ajax=apply_coupon|remove_coupon`, the Store API, `?coupon=`. */
describe.each(await availableDialects())("coupon calls on %s", (dialect) => {
  let database: TestDatabase;
  let server: LoopbackServer;
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    const makeContext = (req: express.Request) =>
      testContext({ db: database.db, settings: { currency: "EUR" }, cookie: req.headers.cookie ?? null });
    app.use(couponLinks(makeContext));
    mountCalls(app, callRegistry, makeContext);
    app.use("/api/store/v1", storeCartRouter(makeContext));
    app.get("/{*path}", (_req, res) => {
      res.send("page");
    });
    server = await listenOnLoopback(app);
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    cookie = "";
  });

  async function send(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(server.origin + path, { ...init, headers, redirect: "manual" });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("vitrine_session="));
    if (session) cookie = session.split(";")[0]!;
    return response;
  }
  const wcAjax = (endpoint: string, fields: Record<string, string>) =>
    send(`/?wc-ajax=${endpoint}`, { method: "POST", body: new URLSearchParams(fields) });
  const storeApi = async (path: string, body: unknown) => {
    const response = await send(`/api/store/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  async function cartWithMug() {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 2000 });
    await storeApi("/cart/add-item", { id: mug.id, quantity: 1 });
    return mug;
  }

  it("wc-ajax answers WooCommerce's notices as HTML", async () => {
    await database.db.insert(coupons).values([
      { code: "save5", amount: "500" },
      { code: "old", expiresAt: new Date("2020-01-01") },
    ]);
    await cartWithMug();
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        "apply_coupon",
        { coupon_code: "" },
        '<ul class="woocommerce-error" role="alert"><li>Please enter a coupon code.</li></ul>',
      ],
      [
        "apply_coupon",
        { coupon_code: "nope" },
        '<ul class="woocommerce-error" role="alert"><li>Coupon &quot;nope&quot; does not exist!</li></ul>',
      ],
      [
        "apply_coupon",
        { coupon_code: "OLD" },
        '<ul class="woocommerce-error" role="alert"><li>This coupon has expired.</li></ul>',
      ],
      [
        "apply_coupon",
        { coupon_code: "Save5" },
        '<div class="woocommerce-message" role="alert">Coupon code applied successfully.</div>',
      ],
      [
        "apply_coupon",
        { coupon_code: "save5" },
        '<ul class="woocommerce-error" role="alert"><li>Coupon code already applied!</li></ul>',
      ],
      [
        "remove_coupon",
        { coupon: "save5" },
        '<div class="woocommerce-message" role="alert">Coupon code removed successfully.</div>',
      ],
    ];
    for (const [endpoint, fields, html] of cases) {
      const response = await wcAjax(endpoint, fields);
      expect(response.status).toBe(200);
      expect(await response.text(), JSON.stringify(fields)).toBe(html);
    }
    expect(await database.db.select().from(cartCoupons)).toEqual([]);
  });

  it("the Store API applies and removes a code, answering the cart, or WooCommerce's error", async () => {
    await database.db.insert(coupons).values({ code: "save5", amount: "500", minimumAmount: 1000 });
    await database.db.insert(coupons).values({ code: "big", minimumAmount: 10_000 });
    await cartWithMug();
    const applied = await storeApi("/cart/apply-coupon", { code: "SAVE5" });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ items_count: 1 });
    expect(await database.db.select({ code: cartCoupons.code }).from(cartCoupons)).toEqual([
      { code: "save5" },
    ]);
    expect(await storeApi("/cart/apply-coupon", { code: "big" })).toEqual({
      status: 400,
      body: {
        code: "woocommerce_rest_cart_coupon_error",
        message: "The minimum spend for this coupon is €100.00.",
        data: { status: 400 },
      },
    });
    expect((await storeApi("/cart/apply-coupon", {})).status).toBe(400);
    expect((await storeApi("/cart/remove-coupon", { code: "save5" })).status).toBe(200);
    expect(await storeApi("/cart/remove-coupon", { code: "save5" })).toMatchObject({
      status: 409,
      body: { code: "woocommerce_rest_cart_coupon_invalid_code" },
    });
  });

  it("?coupon=CODE keeps the code until there is a cart, then applies it, and redirects without it", async () => {
    await database.db.insert(coupons).values({ code: "welcome", amount: "500" });
    const arrival = await send("/shop?coupon=WELCOME&orderby=price");
    expect(arrival.status).toBe(302);
    expect(arrival.headers.get("Location")).toBe("/shop?orderby=price");
    expect(arrival.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await database.db.select().from(cartCoupons)).toEqual([]);
    await cartWithMug();
    expect(await database.db.select({ code: cartCoupons.code }).from(cartCoupons)).toEqual([
      { code: "welcome" },
    ]);
    // A code that does not exist is said so, and nothing is kept.
    expect((await send("/?coupon=nope")).headers.get("Location")).toBe("/");
    expect((await send("/api/store/v1/cart?coupon=welcome")).status).not.toBe(302);
  });
});
