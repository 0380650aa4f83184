import { ADMIN, test as base, bearer, expect } from "./fixtures.ts";

/** Moved from the browser tests (tests/e2e/rest-api.spec.ts): it needs no page. */

type Stocked = { id: number; slug: string; stock_quantity: number };

const test = base.extend<{ stockedProduct: Stocked }>({
  /**
   * The catalogue's last simple product with plenty in stock: one that the other tests, which buy
   * and look for low stock from the first listing pages on, do not meet. Its count is put back after.
   */
  stockedProduct: async ({ request, adminToken }, use) => {
    const listed = await request.get("/api/vitrine/v2/products?per_page=100", {
      headers: bearer(adminToken),
    });
    const product = ((await listed.json()) as Array<Stocked & { type: string }>).findLast(
      (p) => p.type === "simple" && p.stock_quantity !== null && p.stock_quantity >= 10,
    );
    expect(product).toBeDefined();
    await use(product!);
    const restored = await request.put(`/api/vitrine/v2/products/${product!.id}`, {
      headers: bearer(adminToken),
      data: { stock_quantity: product!.stock_quantity },
    });
    expect(restored.status()).toBe(200);
  },
});

// The token's whole life is under test here, so the test issues and revokes its own.
test("an administrator's API token lists products page by page and updates stock", async ({
  request,
  stockedProduct: product,
}) => {
  expect(
    (await request.post("/api/vitrine/v2/auth/token", { data: { ...ADMIN, password: "wrong" } })).status(),
  ).toBe(401);
  const issued = await request.post("/api/vitrine/v2/auth/token", { data: ADMIN });
  expect(issued.status()).toBe(201);
  const auth = bearer((await issued.json()).token);

  const first = await request.get("/api/vitrine/v2/products?per_page=5&page=2", { headers: auth });
  expect(first.status()).toBe(200);
  expect(await first.json()).toHaveLength(5);
  const total = Number(first.headers()["x-vitrine-total"]);
  expect(total).toBeGreaterThanOrEqual(48);
  expect(first.headers()["x-vitrine-totalpages"]).toBe(String(Math.ceil(total / 5)));
  expect(first.headers().link).toMatch(/<[^>]+page=1[^>]*>; rel="prev", <[^>]+page=3[^>]*>; rel="next"/);
  expect((await request.get("/api/vitrine/v2/products?per_page=101", { headers: auth })).status()).toBe(400);

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
