import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { orderAttribution, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import {
  decryptSessionData,
  deriveWalletKeys,
  encryptSessionData,
  type WalletOrderRequest,
  type WalletSessionPayload,
} from "@vitrine/wallet-protocol/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.server.ts";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { recordingMailer, testContext } from "../shared/test-context.test-helper.ts";
import { walletShippingRate } from "../shipping/shipping-checkout.server.ts";
import { addToCart, loadCart } from "./cart.server.ts";
import { placeWalletOrder, sealWalletSession } from "./wallet.server.ts";

/** The flat rate the session is sealed with: zone 0's, as migration 0023 made it from the default settings. */
const FLAT_RATE = 500;
const settings = parseStoreSettings({});
const secret = "a wallet secret shared by the store and the wallet";
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-wallet-test-")),
  WALLET_SHARED_SECRET: secret,
});
const keys = deriveWalletKeys(secret);
const billing = {
  first_name: "Ada",
  last_name: "Lovelace",
  company: "",
  address_1: "1 Main St",
  address_2: "",
  city: "London",
  state: "",
  postcode: "N1",
  country: "GB" as const,
  email: "ada@example.com",
  phone: "",
};
// The tracking cookies of a shopper who came from a newsletter link.
const cookies = {
  sbjs_current: "typ=utm|||src=newsletter|||mdm=email|||cmp=autumn",
  sbjs_current_add: "fd=2026-11-01 10:00:00|||ep=http://shop.test/|||rf=(none)",
};

describe.each(await availableDialects())("express wallet orders on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function sealedCart(now = Date.now()) {
    const { db } = database;
    const owner = await insertSession(db, `s-${Math.random()}`);
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500, stock: 5 });
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 2 });
    const sealed = await sealWalletSession({
      db,
      config,
      owner,
      locale: "en",
      currency: "USD",
      storeName: "Vitrine",
      shippingRate: await walletShippingRate({ db: database.db, locale: "en", settings }, owner),
      pricing: settings,
      storeUrl: "http://shop.test",
      customer: { email: "ada@example.com" },
      cookies,
      attributionBase64: false,
      now,
    });
    return { owner, sealed: sealed!, total: 3000 + FLAT_RATE };
  }

  it("seals the cart, the customer and the attribution record for the wallet, and nothing for an empty cart", async () => {
    const { sealed, total } = await sealedCart();
    expect(sealed.blog_id).toBe("1");
    const payload = decryptSessionData(sealed.data, keys) as WalletSessionPayload;
    expect(payload.cart.items).toEqual([
      expect.objectContaining({ name: "mug (en)", quantity: 2, line_total: 3000 }),
    ]);
    expect(payload.cart.totals).toEqual({ subtotal: 3000, total, currency: "USD" });
    expect(payload.customer).toEqual({ email: "ada@example.com" });
    expect(payload.attribution).toMatchObject({
      source_type: "utm",
      utm_source: "newsletter",
      utm_campaign: "autumn",
    });
    // The cart is named by its row, never by the shopper's session id.
    expect(JSON.stringify(payload)).not.toContain("s-0.");
    const empty = await insertSession(database.db, "empty");
    expect(
      await sealWalletSession({
        db: database.db,
        config,
        owner: empty,
        locale: "en",
        currency: "USD",
        storeName: "Vitrine",
        shippingRate: null,
        pricing: settings,
        storeUrl: "http://shop.test",
        customer: {},
        cookies: {},
        attributionBase64: false,
      }),
    ).toBeNull();
  });

  it("places one paid order with its attribution, and a replayed call places nothing new", async () => {
    const { db } = database;
    const { owner, sealed, total } = await sealedCart();
    const request = {
      payment_id: "pay_0123456789",
      blog_id: "1",
      session: sealed.data,
      amount: total,
      currency: "USD",
      payer_email: "ada@example.com",
    };
    const mailer = recordingMailer();
    let purges = 0;
    const context = testContext({ db, config, mailer, onInvalidate: () => purges++ });
    const first = await placeWalletOrder(context, { request, billing });
    expect(first).toMatchObject({ created: true, status: "processing", total });
    expect((await loadCart(db, owner, "en")).lines).toEqual([]);
    // Like every other way of placing an order: cached pages purged, one confirmation mailed.
    expect(purges).toBe(1);
    await expect.poll(() => mailer.sent.map((mail) => mail.to)).toEqual(["ada@example.com"]);
    const replay = await placeWalletOrder(context, { request, billing });
    expect(mailer.sent).toHaveLength(1);
    expect(replay).toMatchObject({ id: first.id, created: false });
    expect(await db.select().from(orders)).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, first.id));
    expect(order).toMatchObject({
      paymentMethod: "wallet",
      shippingMethod: expect.stringMatching(/^flat_rate:\d+$/),
      total,
    });
    const [attribution] = await db
      .select()
      .from(orderAttribution)
      .where(eq(orderAttribution.orderId, first.id));
    expect(attribution).toMatchObject({ sourceType: "utm", utmSource: "newsletter" });
  });

  it.each([
    [
      "a tampered session",
      (r: WalletOrderRequest) => ({ ...r, session: { ...r.session, hash: "0".repeat(64) } }),
      "invalid_session",
    ],
    [
      "a session sealed with another key",
      (r: WalletOrderRequest) => ({
        ...r,
        session: encryptSessionData({ blog_id: "1" }, deriveWalletKeys("x".repeat(40))),
      }),
      "invalid_session",
    ],
    ["another store's call", (r: WalletOrderRequest) => ({ ...r, blog_id: "2" }), "wrong_store"],
    ["a short payment", (r: WalletOrderRequest) => ({ ...r, amount: r.amount - 1 }), "amount_mismatch"],
    ["another currency", (r: WalletOrderRequest) => ({ ...r, currency: "EUR" }), "amount_mismatch"],
  ] as Array<[string, (r: WalletOrderRequest) => WalletOrderRequest, string]>)(
    "refuses %s and places nothing",
    async (_name, change, code) => {
      const { db } = database;
      const { sealed, total } = await sealedCart();
      const request = change({
        payment_id: "pay_abcdefghij",
        blog_id: "1",
        session: sealed.data,
        amount: total,
        currency: "USD",
        payer_email: "ada@example.com",
      });
      await expect(placeWalletOrder(testContext({ db, config }), { request, billing })).rejects.toMatchObject(
        { code },
      );
      expect(await db.select().from(orders)).toHaveLength(0);
    },
  );

  it("refuses a session past its half hour", async () => {
    const { db } = database;
    const { sealed, total } = await sealedCart(Date.now() - 31 * 60_000);
    const request = {
      payment_id: "pay_expired000",
      blog_id: "1",
      session: sealed.data,
      amount: total,
      currency: "USD",
      payer_email: "ada@example.com",
    };
    await expect(placeWalletOrder(testContext({ db, config }), { request, billing })).rejects.toMatchObject({
      code: "session_expired",
    });
  });
});
