import { bearer, expect, test } from "./fixtures.ts";

/**
 * The cart's coupon form without JavaScript (decision 0068): a plain post, a redirect back to the
 * page it came from (the cart or the checkout, nothing else), and WooCommerce's notice on that page.
 */
test("the coupon form posts, redirects back and shows WooCommerce's notice", async ({
  request,
  adminToken,
}) => {
  const code = `http${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await request.post("/api/vitrine/v2/coupons", {
    headers: bearer(adminToken),
    data: { code, amount: "1.00" },
  });
  expect(made.status()).toBe(201);
  const html = await (await request.get("/shop")).text();
  const productId = html.match(/name="product_id" value="(\d+)"/)![1]!;
  await request.post("/cart", {
    form: { intent: "add", product_id: productId, quantity: "1" },
    maxRedirects: 0,
  });

  const applied = await request.post("/cart", {
    form: { intent: "apply_coupon", coupon_code: code.toUpperCase(), redirect_to: "https://evil.example/" },
    maxRedirects: 0,
  });
  expect(applied.status()).toBe(302);
  expect(applied.headers().location).toBe("/cart");
  const cart = await (await request.get("/cart")).text();
  expect(cart).toContain("Coupon code applied successfully.");
  expect(cart).toContain(`aria-label="Remove coupon ${code}"`);

  const refused = await request.post("/cart", {
    form: { intent: "apply_coupon", coupon_code: "", redirect_to: "/checkout" },
    maxRedirects: 0,
  });
  expect(refused.headers().location).toBe("/checkout");
  expect(await (await request.get("/cart")).text()).toContain("Please enter a coupon code.");

  const removed = await request.post("/cart", {
    form: { intent: "remove_coupon", coupon_code: code, redirect_to: "/cart" },
    maxRedirects: 0,
  });
  expect(removed.status()).toBe(302);
  const after = await (await request.get("/cart")).text();
  expect(after).toContain("Coupon code removed successfully.");
  expect(after).not.toContain(`Remove coupon ${code}`);
});
