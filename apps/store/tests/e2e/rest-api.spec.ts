import { expect, test } from "./fixtures.ts";

/** The REST API's tests that need no page are HTTP tests: tests/http/rest-api.test.ts. */

test("the REST API refuses guests, customers, and cookies without the nonce", async ({
  request,
  page,
  shopper: _signedIn,
}) => {
  const guest = await request.get("/api/vitrine/v2/orders");
  expect(guest.status()).toBe(401);
  expect(await guest.json()).toMatchObject({ code: "rest_not_logged_in", data: { status: 401 } });

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
