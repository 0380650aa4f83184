import { analyticsEvents, users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../services/catalogue/catalogue-fixtures.test-helper.ts";
import {
  orderAddress as address,
  insertAccount,
  insertOrder,
} from "../services/orders/order-fixtures.test-helper.ts";
import { hashPassword } from "../services/people/passwords.server.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { createNonce } from "../services/shared/nonce.server.ts";
import { RequestSession } from "../services/shared/session.server.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import { vitrineRestRouter } from "./vitrine-rest.server.ts";

describe.each(await availableDialects())("the REST API under /api/vitrine/v2 on %s", (dialect) => {
  let database: TestDatabase;
  let server: LoopbackServer;
  let base = "";
  let invalidated = 0;
  const config = testConfig();
  let password = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    password = await hashPassword("correct horse");
    const app = express();
    app.use(
      "/api/vitrine/v2",
      vitrineRestRouter((req) =>
        testContext({
          db: database.db,
          config,
          settings: { currency: "EUR" },
          cookie: req.headers.cookie ?? null,
          onInvalidate: () => {
            invalidated++;
          },
        }),
      ),
    );
    server = await listenOnLoopback(app);
    base = `${server.origin}/api/vitrine/v2`;
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    invalidated = 0;
  });

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(base + path, {
      ...init,
      headers: {
        ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
        ...(init.headers as Record<string, string>),
      },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });

  const account = (email: string, role: "customer" | "administrator") =>
    insertAccount(database.db, email, { role, passwordHash: password });

  async function bearer(email: string): Promise<Record<string, string>> {
    const issued = await call("/auth/token", {
      method: "POST",
      json: { email, password: "correct horse" },
    });
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    return { Authorization: `Bearer ${token}` };
  }

  const placedOrder = async (values: {
    userId?: number;
    createdAt: string;
    total: number;
    origin?: string;
  }) => (await insertOrder(database.db, values)).id;

  it("issues, uses and revokes an API token; refuses bad credentials, guests and customers", async () => {
    await account("admin@example.com", "administrator");
    await account("shopper@example.com", "customer");
    expect(await (await call("/auth/token", { method: "POST", json: { email: "x" } })).json()).toEqual({
      code: "rest_invalid_param",
      message: "email and password are required.",
      data: { status: 400 },
    });
    const wrong = await call("/auth/token", {
      method: "POST",
      json: { email: "admin@example.com", password: "wrong" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "rest_invalid_credentials" });

    const guest = await call("/products");
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({
      code: "rest_not_logged_in",
      message: "You are not currently logged in.",
      data: { status: 401 },
    });
    const customer = await call("/products", { headers: await bearer("shopper@example.com") });
    expect(customer.status).toBe(403);
    expect(await customer.json()).toMatchObject({ code: "rest_forbidden", data: { status: 403 } });

    const admin = await bearer("admin@example.com");
    const listed = await call("/products", { headers: admin });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    const revoked = await call("/auth/token", { method: "DELETE", headers: admin });
    expect(await revoked.json()).toEqual({ revoked: true });
    const after = await call("/products", { headers: admin });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "rest_invalid_token" });
    expect((await call("/nowhere", { headers: admin })).status).toBe(404);
  });

  it("lists products page by page, reads one and updates it, through a method override too", async () => {
    await account("admin@example.com", "administrator");
    const admin = await bearer("admin@example.com");
    const mug = await insertSimpleProduct(database.db, {
      slug: "mug",
      price: 1500,
      salePrice: 1200,
      stock: 3,
    });
    await insertSimpleProduct(database.db, { slug: "cup", price: 900 });
    await insertSimpleProduct(database.db, { slug: "jar", price: 700 });

    const page = await call("/products?per_page=1&page=2&orderby=id", { headers: admin });
    expect(page.headers.get("x-vitrine-total")).toBe("3");
    expect(page.headers.get("x-vitrine-totalpages")).toBe("3");
    expect(page.headers.get("link")).toBe(
      `<https://shop.example/api/vitrine/v2/products?per_page=1&page=1&orderby=id>; rel="prev", ` +
        `<https://shop.example/api/vitrine/v2/products?per_page=1&page=3&orderby=id>; rel="next"`,
    );
    expect(await page.json()).toEqual([expect.objectContaining({ slug: "cup", name: "cup (en)" })]);
    expect((await call("/products?per_page=101", { headers: admin })).status).toBe(400);
    expect((await call("/products?orderby=x", { headers: admin })).status).toBe(400);
    expect(await (await call("/products?page=0", { headers: admin })).json()).toMatchObject({
      code: "rest_invalid_param",
      message: "Invalid parameter: page",
    });

    const one = await call(`/products/${mug.id}`, { headers: admin });
    expect(await one.json()).toMatchObject({
      id: mug.id,
      slug: "mug",
      type: "simple",
      status: "publish",
      sku: "MUG",
      regular_price: 1500,
      sale_price: 1200,
      stock_quantity: 3,
      stock_status: "instock",
      total_sales: 0,
      name: "mug (en)",
      translations: { en: { name: "mug (en)" } },
      variations: [],
    });
    expect(await (await call("/products/999", { headers: admin })).json()).toEqual({
      code: "rest_product_invalid_id",
      message: "Invalid ID.",
      data: { status: 404 },
    });
    expect(await (await call("/products/abc", { headers: admin })).json()).toMatchObject({
      code: "rest_not_found",
    });

    const updated = await call(`/products/${mug.id}`, {
      method: "POST",
      headers: { ...admin, "X-HTTP-Method-Override": "PUT" },
      json: { stock_quantity: 0, sale_price: null, status: "draft" },
    });
    expect(await updated.json()).toMatchObject({
      id: mug.id,
      stock_quantity: 0,
      stock_status: "outofstock",
      sale_price: null,
      status: "draft",
    });
    expect(invalidated).toBe(1);
    // Below zero only with backorders allowed (decision 0080).
    const negative = await call(`/products/${mug.id}`, {
      method: "PUT",
      headers: admin,
      json: { stock_quantity: -1 },
    });
    expect(negative.status).toBe(400);
    expect(await negative.json()).toMatchObject({ code: "product_negative_stock" });
    expect(
      (await call("/products/999", { method: "PUT", headers: admin, json: { regular_price: 5 } })).status,
    ).toBe(404);
    expect(invalidated).toBe(1);
  });

  it("lists orders newest first with their origin, and reads one with its lines and attribution", async () => {
    const adminId = await account("admin@example.com", "administrator");
    const admin = await bearer("admin@example.com");
    const older = await placedOrder({ userId: adminId, createdAt: "2025-03-01T10:00:00.000Z", total: 2500 });
    const newer = await insertOrder(database.db, {
      createdAt: "2025-03-02T10:00:00.000Z",
      total: 4000,
      origin: "Source: Newsletter",
    });

    const listed = await call("/orders?per_page=1", { headers: admin });
    expect(listed.headers.get("x-vitrine-total")).toBe("2");
    expect(listed.headers.get("x-vitrine-totalpages")).toBe("2");
    expect(listed.headers.get("link")).toBe(
      `<https://shop.example/api/vitrine/v2/orders?per_page=1&page=2>; rel="next"`,
    );
    const orderFields = {
      id: newer.id,
      status: "on-hold",
      currency: "EUR",
      shipping_total: 500,
      payment_method: "bacs",
      shipping_method: null,
      shipping_label: "",
      discount_total: 0,
      discount_tax: 0,
      shipping_tax: 0,
      cart_tax: 0,
      total_tax: 0,
      prices_include_tax: false,
      billing: address,
      shipping: address,
      customer_note: "ring twice",
      total: 4000,
      subtotal: 3500,
      customer_id: null,
      stock_restored_at: null,
      date_created: "2025-03-02T10:00:00.000Z",
    };
    expect(await listed.json()).toEqual([
      {
        ...orderFields,
        origin: "Source: Newsletter",
      },
    ]);
    const second = await call("/orders?per_page=1&page=2", { headers: admin });
    expect(await second.json()).toEqual([expect.objectContaining({ id: older, origin: "Unknown" })]);

    expect(await (await call(`/orders/${newer.id}`, { headers: admin })).json()).toEqual({
      ...orderFields,
      line_items: [
        {
          id: newer.lineIds[0],
          name: "Mug",
          product_id: null,
          variation_id: null,
          quantity: 2,
          subtotal: 1000,
          subtotal_tax: 0,
          total: 1000,
          total_tax: 0,
          taxes: [],
          attributes: { Colour: "Red" },
          backordered: 0,
          restocked_quantity: 0,
        },
        {
          id: newer.lineIds[1],
          name: "Cup",
          product_id: null,
          variation_id: null,
          quantity: 1,
          subtotal: 1000,
          subtotal_tax: 0,
          total: 1000,
          total_tax: 0,
          taxes: [],
          attributes: {},
          backordered: 0,
          restocked_quantity: 0,
        },
      ],
      tax_lines: [],
      coupon_lines: [],
      attribution: {
        sourceType: "utm",
        referrer: null,
        utmCampaign: "spring",
        utmSource: "newsletter",
        utmMedium: null,
        utmContent: null,
        utmId: null,
        utmTerm: null,
        utmSourcePlatform: null,
        utmCreativeFormat: null,
        utmMarketingTactic: null,
        sessionEntry: null,
        sessionStartTime: null,
        sessionPages: null,
        sessionCount: null,
        userAgent: null,
        deviceType: "Mobile",
      },
      origin: "Source: Newsletter",
      notes: [],
      status_history: [],
      refunds: [],
    });
    expect(await (await call(`/orders/${older}`, { headers: admin })).json()).toMatchObject({
      id: older,
      customer_id: adminId,
      line_items: [{ name: "Mug" }, { name: "Cup" }],
      attribution: null,
      origin: "Unknown",
    });
    expect(await (await call("/orders/999", { headers: admin })).json()).toEqual({
      code: "woocommerce_rest_shop_order_invalid_id",
      message: "Invalid ID.",
      data: { status: 404 },
    });
  });

  it("reports orders and revenue by origin between two dates", async () => {
    await account("admin@example.com", "administrator");
    const admin = await bearer("admin@example.com");
    await placedOrder({ createdAt: "2025-03-01T10:00:00.000Z", total: 1000, origin: "Source: Newsletter" });
    await placedOrder({ createdAt: "2025-03-02T23:59:00.000Z", total: 3000, origin: "Source: Newsletter" });
    await placedOrder({ createdAt: "2025-03-02T10:00:00.000Z", total: 2000 });
    await placedOrder({ createdAt: "2025-03-03T00:00:00.000Z", total: 9000 });

    expect(
      await (await call("/reports/attribution?from=2025-03-01&to=2025-03-02", { headers: admin })).json(),
    ).toEqual({
      from: "2025-03-01",
      to: "2025-03-02",
      currency: "EUR",
      groups: [
        {
          origin: "Source: Newsletter",
          source_type: "utm",
          campaign: "spring",
          device: "Mobile",
          orders: 2,
          revenue: 4000,
        },
        { origin: "Unknown", source_type: null, campaign: null, device: null, orders: 1, revenue: 2000 },
      ],
    });
    const all = await (await call("/reports/attribution", { headers: admin })).json();
    expect(all).toMatchObject({ from: null, to: null });
    expect(all.groups).toContainEqual(
      expect.objectContaining({ origin: "Unknown", orders: 2, revenue: 11000 }),
    );
    expect(await (await call("/reports/attribution?from=March", { headers: admin })).json()).toMatchObject({
      code: "rest_invalid_param",
      message: "Invalid parameter: from",
    });
  });

  it("reports analytics between two dates, for administrators only", async () => {
    await account("admin@example.com", "administrator");
    await account("shopper@example.com", "customer");
    const admin = await bearer("admin@example.com");
    await placedOrder({ createdAt: "2025-03-01T10:05:00.000Z", total: 1000, origin: "Source: Newsletter" });
    await database.db.insert(analyticsEvents).values([
      {
        occurredAt: new Date("2025-03-01T10:00:00.000Z"),
        visitor: "v1",
        session: "session-newsletter-1",
        kind: "page_view",
        path: "/",
        sourceType: "utm",
        source: "newsletter",
      },
      {
        occurredAt: new Date("2025-03-01T10:00:30.000Z"),
        visitor: "v1",
        session: "session-newsletter-1",
        kind: "download",
        path: "/",
        target: "https://shop.test/guide.pdf",
      },
    ]);
    const report = await (
      await call("/reports/analytics?from=2025-03-01&to=2025-03-02", { headers: admin })
    ).json();
    expect(report).toMatchObject({
      from: "2025-03-01",
      to: "2025-03-02",
      currency: "EUR",
      totals: { views: 1, sessions: 1 },
      days: [
        { day: "2025-03-01", views: 1, visitors: 1 },
        { day: "2025-03-02", views: 0, visitors: 0 },
      ],
      pages: [{ path: "/", views: 1, visitors: 1 }],
      clicks: {
        download: [{ target: "https://shop.test/guide.pdf", clicks: 1 }],
        outbound: [],
        affiliate: [],
      },
      sessions: [
        {
          session: "session-newsletter-1",
          started_at: "2025-03-01T10:00:00.000Z",
          duration: 30,
          pages: 1,
          origin: "Source: Newsletter",
          recorded: false,
        },
      ],
      conversion: [{ origin: "Source: Newsletter", sessions: 1, orders: 1, revenue: 1000, rate: 1 }],
    });
    expect(
      await (await call("/reports/analytics?from=2025-03-02&to=2025-03-01", { headers: admin })).json(),
    ).toMatchObject({
      code: "rest_invalid_param",
      message: "Invalid parameter: to",
    });
    expect((await call("/reports/analytics", { headers: await bearer("shopper@example.com") })).status).toBe(
      403,
    );
  });

  it("finds accounts, hands out roles, and never lets administrators demote themselves", async () => {
    const adminId = await account("admin@example.com", "administrator");
    const shopper = await account("shopper@example.com", "customer");
    await account("another_one@example.com", "customer");
    const admin = await bearer("admin@example.com");

    const found = await call("/users?search=shop&role=customer", { headers: admin });
    expect(found.headers.get("x-vitrine-total")).toBe("1");
    expect(found.headers.get("link")).toBeNull();
    expect(await found.json()).toEqual([{ id: shopper, email: "shopper@example.com", role: "customer" }]);
    // `_` is a literal character in a search, not a wildcard.
    expect(await (await call("/users?search=r_o", { headers: admin })).json()).toEqual([
      expect.objectContaining({ email: "another_one@example.com" }),
    ]);
    expect(await (await call("/users?role=owner", { headers: admin })).json()).toMatchObject({
      code: "rest_invalid_param",
      message: "Invalid parameter: search or role",
    });

    expect(
      await (
        await call(`/users/${shopper}`, { method: "PUT", headers: admin, json: { role: "editor" } })
      ).json(),
    ).toEqual({ id: shopper, email: "shopper@example.com", role: "editor" });
    expect(
      await (
        await call(`/users/${adminId}`, { method: "PUT", headers: admin, json: { role: "editor" } })
      ).json(),
    ).toMatchObject({ code: "rest_cannot_demote_self", data: { status: 400 } });
    expect(
      await (await call("/users/999", { method: "PUT", headers: admin, json: { role: "editor" } })).json(),
    ).toMatchObject({ code: "rest_user_invalid_id", data: { status: 404 } });
    expect(
      await (
        await call(`/users/${shopper}`, { method: "PUT", headers: admin, json: { role: "king" } })
      ).json(),
    ).toMatchObject({ code: "rest_invalid_param", message: "Invalid parameter: role" });
  });

  it("keeps a signed-in shopper's meta, with the session cookie and its REST nonce only", async () => {
    const shopper = await account("shopper@example.com", "customer");
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    const { nonceSecret } = await session.login(shopper, "customer");
    const cookie = session.headers().get("Set-Cookie")!.split(";")[0]!;
    const meta = { woocommerce_meta: { coming_soon_banner_dismissed: "yes" } };

    const without = await call("/users/me", { method: "POST", headers: { Cookie: cookie }, json: meta });
    expect(without.status).toBe(403);
    expect(await without.json()).toEqual({
      code: "rest_cookie_invalid_nonce",
      message: "Cookie check failed",
      data: { status: 403 },
    });
    const headers = { Cookie: cookie, "X-Vitrine-Nonce": createNonce(nonceSecret, "wp_rest") };
    expect(await (await call("/users/me", { method: "POST", headers, json: meta })).json()).toEqual({
      id: shopper,
      ...meta,
    });
    const more = { woocommerce_meta: { launch_tour: "done" } };
    expect(await (await call("/users/me", { method: "POST", headers, json: more })).json()).toEqual({
      id: shopper,
      woocommerce_meta: { coming_soon_banner_dismissed: "yes", launch_tour: "done" },
    });
    expect(
      (await call("/users/me", { method: "POST", headers, json: { woocommerce_meta: { "Bad Key": "x" } } }))
        .status,
    ).toBe(400);
    expect((await call("/products", { headers })).status).toBe(403);
  });

  it("answers errors in the signed-in user's language with _locale=user, in English without it", async () => {
    const shopper = await account("lectora@example.com", "customer");
    await database.db.update(users).set({ locale: "es" }).where(eq(users.id, shopper));
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    await session.login(shopper, "customer");
    const cookie = { Cookie: session.headers().get("Set-Cookie")!.split(";")[0]! };
    const message = async (path: string, init: RequestInit & { json?: unknown }) =>
      ((await (await call(path, init)).json()) as { message: string }).message;

    // A stale nonce, from the session cookie.
    expect(await message("/users/me?_locale=user", { method: "POST", headers: cookie, json: {} })).toBe(
      "La comprobación de la cookie ha fallado",
    );
    expect(await message("/users/me", { method: "POST", headers: cookie, json: {} })).toBe(
      "Cookie check failed",
    );
    // A route for administrators, with the customer's token; a parameter named in the message.
    const token = await bearer("lectora@example.com");
    expect(await message("/products?_locale=user", { headers: token })).toBe(
      "Lo siento, no tienes permiso para hacer eso.",
    );
    const admin = await account("boss@example.com", "administrator");
    await database.db.update(users).set({ locale: "es" }).where(eq(users.id, admin));
    expect(
      await message(`/users/${shopper}?_locale=user`, {
        method: "PUT",
        headers: await bearer("boss@example.com"),
        json: { role: "king" },
      }),
    ).toBe("Parámetro no válido: role");
  });
});
