import http from "node:http";
import { orders, pages } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import {
  deriveWalletKeys,
  signWalletRequest,
  WALLET_SIGNATURE_HEADER,
  WALLET_TIMESTAMP_HEADER,
} from "@vitrine/wallet-protocol/crypto";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "../i18n/i18n.ts";
import type { StoreSettings } from "../lib/settings-resource.ts";
import { parseStoreSettings } from "../lib/settings-resource.ts";
import { CHECKOUT_NONCE, submitCheckout } from "../routes/checkout/checkout-page.server.ts";
import { addToCart } from "../services/cart/cart.server.ts";
import { ITEMS_IN_CART_COOKIE } from "../services/cart/cart-cookies.server.ts";
import { sealWalletSession } from "../services/cart/wallet.server.ts";
import { insertSimpleProduct } from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { createNonce } from "../services/shared/nonce.server.ts";
import { SESSION_COOKIE } from "../services/shared/session.server.ts";
import {
  type RecordingMailer,
  recordingMailer,
  testConfig,
  testContext,
} from "../services/shared/test-context.test-helper.ts";
import { insertStoreShipping } from "../services/shipping/shipping-fixtures.test-helper.ts";
import { storeCartRouter } from "./store-cart.server.ts";
import { storeCheckoutRouter } from "./store-checkout.server.ts";
import { walletOrdersRouter } from "./wallet-orders.server.ts";

const config = testConfig();
const billing = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "1 Calle Mayor",
  city: "Madrid",
  postcode: "28013",
  country: "ES",
  state: "M",
  email: "ada@example.com",
  phone: "+34 600 000 000",
};

/**
 * The three ways an order is placed (the classic form post, the Store API, the wallet's signed
 * call) reach one checkout use case: each refuses what it must, places one order, and sends one
 * confirmation in the shopper's language whose links are on the store's public origin, whatever
 * `Host` the request named.
 */
describe.each(await availableDialects())("placing orders by every path on %s", (dialect) => {
  let database: TestDatabase;
  let server: LoopbackServer;
  let port = 0;
  let mailer: RecordingMailer;
  let settings: Record<string, unknown> = {};
  let mugId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    const makeContext = (req: express.Request) =>
      testContext({
        db: database.db,
        config,
        settings,
        locale: (req.get("Accept-Language") ?? "en") as Locale,
        cookie: req.headers.cookie ?? null,
        mailer,
      });
    app.use("/api/store/v1", storeCheckoutRouter(makeContext));
    app.use("/api/store/v1", storeCartRouter(makeContext));
    app.use("/api/vitrine/v2/wallet/orders", walletOrdersRouter(makeContext));
    server = await listenOnLoopback(app);
    port = server.port;
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    mailer = recordingMailer();
    settings = {};
    await insertStoreShipping(database.db);
    mugId = (await insertSimpleProduct(database.db, { slug: "mug", price: 1500, stock: 50 })).id;
  });

  /** A raw request, so that the `Host` header is the attacker's choice. */
  function send(path: string, body: string, headers: Record<string, string>) {
    return new Promise<{ status: number; json: Record<string, unknown>; cookies: string[] }>(
      (resolve, reject) => {
        const request = http.request(
          { host: "127.0.0.1", port, path, method: "POST", headers: { Host: "evil.example", ...headers } },
          (response) => {
            let text = "";
            response.on("data", (chunk) => {
              text += chunk;
            });
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                json: JSON.parse(text || "{}"),
                cookies: [response.headers["set-cookie"] ?? []].flat(),
              }),
            );
          },
        );
        request.on("error", reject);
        request.end(body);
      },
    );
  }

  /** A shopper with a session and a mug in the cart; answers their cookie and nonces. */
  async function shopperWithCart(locale: Locale) {
    const added = await send("/api/store/v1/cart/add-item", JSON.stringify({ id: mugId, quantity: 1 }), {
      "Content-Type": "application/json",
      "Accept-Language": locale,
    });
    expect(added.status).toBe(200);
    const cookie = added.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
    const session = (await testContext({ db: database.db, config, cookie }).session.get())!;
    return { cookie, session };
  }

  const storeApiBody = (paymentMethod: string) =>
    JSON.stringify({
      billing_address: billing,
      payment_method: paymentMethod,
      shipping_method: "flat_rate",
    });

  async function storeApiCheckout(locale: Locale, paymentMethod: string) {
    const { cookie, session } = await shopperWithCart(locale);
    return send("/api/store/v1/checkout", storeApiBody(paymentMethod), {
      "Content-Type": "application/json",
      "Accept-Language": locale,
      Cookie: cookie,
      "X-Vitrine-Nonce": createNonce(session.nonceSecret, "wp_rest"),
    });
  }

  async function classicCheckout(
    locale: Locale,
    paymentMethod: string,
    attempt = "attempt-0123456789",
    shopper?: Awaited<ReturnType<typeof shopperWithCart>>,
    accepted: { terms?: string } = { terms: "on" },
  ) {
    const { cookie, session } = shopper ?? (await shopperWithCart(locale));
    const form = new URLSearchParams({
      _wpnonce: createNonce(session.nonceSecret, CHECKOUT_NONCE),
      checkout_attempt: attempt,
      payment_method: paymentMethod,
      shipping_method: "flat_rate",
      ...accepted,
      ...Object.fromEntries(Object.entries(billing).map(([name, value]) => [`billing_${name}`, value])),
    });
    const request = new Request("http://evil.example/checkout", {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
    const context = testContext({
      db: database.db,
      config,
      settings,
      locale,
      cookie,
      mailer,
    });
    try {
      return await submitCheckout(context, request);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  const placedOrders = () => database.db.select({ status: orders.status }).from(orders);

  it("the Store API refuses the wallet, a disabled method and one not offered for the cart", async () => {
    const cases: Array<[string, Partial<StoreSettings> | Record<string, unknown>]> = [
      ["wallet", {}],
      ["bacs", { payments: { bacs: { enabled: false } } }],
      ["cod", { payments: { cod: { enabled: true, shipping_methods: ["local_pickup"] } } }],
      ["bitcoin", {}],
    ];
    for (const [method, stored] of cases) {
      settings = stored;
      const answer = await storeApiCheckout("en", method);
      expect(answer.status, method).toBe(400);
      expect(answer.json).toMatchObject({
        code: "woocommerce_rest_checkout_payment_method_disabled",
        data: { status: 400, params: { payment_method: expect.any(String) } },
      });
      await database.db.delete(orders);
    }
    expect(await placedOrders()).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it("the classic form refuses the wallet and a disabled method with a message at the field", async () => {
    for (const [method, stored] of [
      ["wallet", {}],
      ["cod", { payments: { cod: { enabled: false } } }],
    ] as const) {
      settings = stored;
      const answer = await classicCheckout("es", method);
      expect(answer).not.toBeInstanceOf(Response);
      const result = answer as Exclude<typeof answer, Response>;
      expect(result.init?.status).toBe(400);
      expect(result.data.errors).toEqual({ payment_method: "checkout.errors.payment_method_unavailable" });
    }
    expect(await placedOrders()).toEqual([]);
  });

  it("the classic form asks for the terms only while a published terms page is named (decision 0064)", async () => {
    const [terms] = await database.db
      .insert(pages)
      .values({ slug: "terms", title: { en: "Terms", es: "Condiciones" } })
      .returning({ id: pages.id });
    settings = { legal_pages: { terms: terms!.id } };
    const refused = await classicCheckout("en", "bacs", "attempt-terms-1", undefined, {});
    expect(refused).not.toBeInstanceOf(Response);
    const result = refused as Exclude<typeof refused, Response>;
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ terms: "checkout.errors.terms" });
    expect(await placedOrders()).toEqual([]);

    // No page named, or the named one a draft: the order needs no terms.
    for (const [named, attempt] of [
      [{}, "attempt-terms-2"],
      [{ legal_pages: { terms: terms!.id } }, "attempt-terms-3"],
    ] as const) {
      if (attempt === "attempt-terms-3")
        await database.db.update(pages).set({ status: "draft" }).where(eq(pages.id, terms!.id));
      settings = named;
      const placed = await classicCheckout("en", "bacs", attempt, undefined, {});
      expect(placed, attempt).toBeInstanceOf(Response);
      expect((placed as Response).headers.get("Location")).toMatch(/^\/checkout\/order-received\//);
    }
    expect(await placedOrders()).toHaveLength(2);
  });

  it("answers the order call before the confirmation mail is sent, which then follows", async () => {
    let deliver = () => {};
    const delivering = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    const recorded = mailer;
    mailer = {
      sent: recorded.sent,
      async send(message) {
        await delivering;
        return recorded.send(message);
      },
    };
    const api = await storeApiCheckout("en", "cod");
    expect(api.status).toBe(200);
    expect(mailer.sent).toEqual([]);
    deliver();
    await expect.poll(() => mailer.sent.map((mail) => mail.to)).toEqual([billing.email]);
  });

  it("a placed order's answer clears the cart cookies without reading the cart again; a replay reads it", async () => {
    const cartReads = (statements: string[]) =>
      statements.filter((statement) => /^select .* from "cart_lines"/.test(statement)).length;
    const itemsCookie = (cookies: string[]) =>
      cookies.find((cookie) => cookie.startsWith(`${ITEMS_IN_CART_COOKIE}=`))?.split(";")[0];

    // The Store API: the order's transaction reads the cart, and nothing after it does.
    const apiShopper = await shopperWithCart("en");
    let record = recordStatements(database.db);
    const api = await send("/api/store/v1/checkout", storeApiBody("cod"), {
      "Content-Type": "application/json",
      Cookie: apiShopper.cookie,
      "X-Vitrine-Nonce": createNonce(apiShopper.session.nonceSecret, "wp_rest"),
    });
    record.stop();
    expect(api.status).toBe(200);
    expect(itemsCookie(api.cookies)).toBe(`${ITEMS_IN_CART_COOKIE}=`);
    expect(cartReads(record.statements)).toBe(1);

    // The classic form, likewise.
    const shopper = await shopperWithCart("en");
    record = recordStatements(database.db);
    const placed = (await classicCheckout("en", "cod", "attempt-replayed-0001", shopper)) as Response;
    record.stop();
    expect(placed.headers.get("Location")).toMatch(/^\/checkout\/order-received\//);
    expect(itemsCookie(placed.headers.getSetCookie())).toBe(`${ITEMS_IN_CART_COOKIE}=`);
    expect(cartReads(record.statements)).toBe(1);

    // The same attempt again, once the cart has a new line: the same order, and the cart as it is now.
    await addToCart(
      database.db,
      { sessionId: shopper.session.id, userId: null },
      {
        productId: mugId,
        variationId: null,
        quantity: 3,
      },
    );
    const replayed = (await classicCheckout("en", "cod", "attempt-replayed-0001", shopper)) as Response;
    expect(replayed.headers.get("Location")).toBe(placed.headers.get("Location"));
    expect(itemsCookie(replayed.headers.getSetCookie())).toBe(`${ITEMS_IN_CART_COOKIE}=3`);
    expect(await placedOrders()).toHaveLength(2);
  });

  it("each path places one order and mails one confirmation in the shopper's language, on the public origin", async () => {
    // The classic form, in Spanish, paid by bank transfer: on hold.
    const classic = await classicCheckout("es", "bacs");
    expect(classic).toBeInstanceOf(Response);
    expect((classic as Response).headers.get("Location")).toMatch(/^\/checkout\/order-received\/\d+\?key=/);
    // The Store API, in English, cash on delivery: processing.
    const api = await storeApiCheckout("en", "cod");
    expect(api.status).toBe(200);
    expect(api.json).toMatchObject({ status: "processing" });

    // The wallet's signed call, for a Spanish shopper's sealed cart: processing, once paid.
    const { session } = await shopperWithCart("es");
    await addToCart(
      database.db,
      { sessionId: session.id, userId: null },
      {
        productId: mugId,
        variationId: null,
        quantity: 1,
      },
    );
    const sealed = await sealWalletSession({
      db: database.db,
      config,
      owner: { sessionId: session.id, userId: null },
      locale: "es",
      currency: "USD",
      storeName: "Vitrine",
      shippingRate: { id: "flat_rate:1", label: "Flat rate", cost: 500, taxable: true },
      pricing: parseStoreSettings({}),
      storeUrl: config.publicUrl,
      customer: {},
      cookies: {},
      attributionBase64: false,
    });
    const body = JSON.stringify({
      payment_id: "pay_0123456789",
      blog_id: config.wallet.storeId,
      session: sealed!.data,
      amount: 2 * 1500 + 500,
      currency: "USD",
      payer_email: billing.email,
      billing_address: billing,
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const wallet = await send("/api/vitrine/v2/wallet/orders", body, {
      "Content-Type": "application/json",
      [WALLET_TIMESTAMP_HEADER]: String(timestamp),
      [WALLET_SIGNATURE_HEADER]: signWalletRequest(
        body,
        timestamp,
        deriveWalletKeys(config.wallet.sharedSecret),
      ),
    });
    expect(wallet.status).toBe(201);
    expect(wallet.json.order_received_url).toMatch(/^https:\/\/shop\.example\/checkout\/order-received\//);

    expect((await placedOrders()).map((order) => order.status).sort()).toEqual([
      "on-hold",
      "processing",
      "processing",
    ]);
    // Each mail follows its answer: they arrive in any order.
    await expect.poll(() => mailer.sent.length).toBe(3);
    const spanish = mailer.sent.filter((mail) => /pedido/i.test(mail.subject));
    expect([spanish.length, mailer.sent.length]).toEqual([2, 3]);
    for (const mail of mailer.sent) {
      expect(mail.text).toContain("https://shop.example/checkout/order-received/");
      expect(mail.text + mail.html).not.toContain("evil.example");
    }
  });
});
