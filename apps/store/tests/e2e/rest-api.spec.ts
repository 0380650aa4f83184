import { expect, test } from "@playwright/test";
import { registerShopper } from "./support.ts";

const admin = { email: "admin@example.com", password: "e2e-admin-password" };

test("an administrator's API token lists products page by page and updates stock", async ({ request }) => {
  expect(
    (await request.post("/api/vitrine/v2/auth/token", { data: { ...admin, password: "wrong" } })).status(),
  ).toBe(401);
  const issued = await request.post("/api/vitrine/v2/auth/token", { data: admin });
  expect(issued.status()).toBe(201);
  const { token } = await issued.json();
  const auth = { Authorization: `Bearer ${token}` };

  const first = await request.get("/api/vitrine/v2/products?per_page=5&page=2", { headers: auth });
  expect(first.status()).toBe(200);
  expect(await first.json()).toHaveLength(5);
  const total = Number(first.headers()["x-vitrine-total"]);
  expect(total).toBeGreaterThanOrEqual(48);
  expect(first.headers()["x-vitrine-totalpages"]).toBe(String(Math.ceil(total / 5)));
  expect(first.headers().link).toMatch(/<[^>]+page=1[^>]*>; rel="prev", <[^>]+page=3[^>]*>; rel="next"/);
  expect((await request.get("/api/vitrine/v2/products?per_page=101", { headers: auth })).status()).toBe(400);

  const product = (
    await (await request.get("/api/vitrine/v2/products?per_page=100", { headers: auth })).json()
  ).find(
    (p: { type: string; stock_quantity: number | null }) => p.type === "simple" && p.stock_quantity !== null,
  );
  const updated = await request.post(`/api/vitrine/v2/products/${product.id}`, {
    headers: { ...auth, "X-HTTP-Method-Override": "PUT" },
    data: { stock_quantity: 0 },
  });
  expect(await updated.json()).toMatchObject({
    id: product.id,
    stock_quantity: 0,
    stock_status: "outofstock",
  });
  const page = await (await request.get(`/product/${product.slug}`)).text();
  expect(page).toContain("Out of stock");
  expect(
    (
      await request.put(`/api/vitrine/v2/products/${product.id}`, {
        headers: auth,
        data: { stock_quantity: -1 },
      })
    ).status(),
  ).toBe(400);
  expect(
    (
      await request.put(`/api/vitrine/v2/products/${product.id}`, {
        headers: auth,
        data: { stock_quantity: 7 },
      })
    ).status(),
  ).toBe(200);

  const orders = await request.get("/api/vitrine/v2/orders?per_page=1", { headers: auth });
  expect(orders.status()).toBe(200);
  expect(orders.headers()["x-vitrine-total"]).toBeDefined();

  expect((await request.delete("/api/vitrine/v2/auth/token", { headers: auth })).status()).toBe(200);
  const revoked = await request.get("/api/vitrine/v2/products", { headers: auth });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toMatchObject({ code: "rest_invalid_token" });
});

test("the REST API refuses guests, customers, and cookies without the nonce", async ({ request, page }) => {
  const guest = await request.get("/api/vitrine/v2/orders");
  expect(guest.status()).toBe(401);
  expect(await guest.json()).toMatchObject({ code: "rest_not_logged_in", data: { status: 401 } });

  await registerShopper(page, "rest");
  const nonce = await page.locator('meta[name="x-vitrine-nonce"]').getAttribute("content");
  expect(nonce).toMatch(/^[a-f0-9]{10}$/);

  const result = await page.evaluate(async (nonce) => {
    const call = (headers: Record<string, string>) =>
      fetch("/api/vitrine/v2/users/me?_locale=user", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ woocommerce_meta: { coming_soon_banner_dismissed: "yes" } }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    return {
      without: await call({}),
      stale: await call({ "X-Vitrine-Nonce": "0000000000" }),
      valid: await call({ "X-Vitrine-Nonce": nonce! }),
      orders: await fetch("/api/vitrine/v2/orders", { headers: { "X-Vitrine-Nonce": nonce! } }).then(
        (r) => r.status,
      ),
    };
  }, nonce);
  expect(result.without).toMatchObject({ status: 403, body: { code: "rest_cookie_invalid_nonce" } });
  expect(result.stale.status).toBe(403);
  expect(result.valid).toMatchObject({
    status: 200,
    body: { woocommerce_meta: { coming_soon_banner_dismissed: "yes" } },
  });
  expect(result.orders).toBe(403);
});
