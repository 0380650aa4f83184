import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The contract of WooCommerce's own browser scripts (`add-to-cart.js`, `cart-fragments.js`,
 * `order-attribution.js`, read in the woocommerce/woocommerce repository), asserted against the
 * server-rendered pages with our scripts switched off: what those scripts look for must be in the
 * HTML, and every fragment an answer returns must have an element to replace.
 *
 * - add-to-cart.js handles clicks on `.add_to_cart_button.ajax_add_to_cart` with a
 *   `data-product_id`, posts every `data-*` attribute to `?wc-ajax=add_to_cart`, reads
 *   `data-success_message`, and expects `{fragments, cart_hash}` or `{error, product_url}`. Removal
 *   links are `.remove_from_cart_button` with `data-cart_item_key` and an `href` to fall back on,
 *   inside a `.woocommerce-mini-cart-item` row.
 * - cart-fragments.js replaces `$(key)` with each fragment, and keeps the answer only when it has
 *   `div.widget_shopping_cart_content`; it compares the stored hash with `woocommerce_cart_hash`.
 * - order-attribution.js fills the `<wc-order-attribution-inputs>` element inside the forms.
 */
test.use({ javaScriptEnabled: false });

async function matches(page: Page, selectors: string[]) {
  const counts: Record<string, number> = {};
  for (const selector of selectors) counts[selector] = await page.locator(selector).count();
  return counts;
}

test("WooCommerce's cart scripts find what they need in the server-rendered pages", async ({ page }) => {
  await page.goto("/shop");
  // A guest's page: the mini-cart is there, empty, under the fragment's selector.
  await expect(page.locator("div.widget_shopping_cart_content")).toHaveCount(1);
  await expect(
    page.locator("div.widget_shopping_cart_content .woocommerce-mini-cart__empty-message"),
  ).toHaveCount(1);

  const buttons = page.locator(".add_to_cart_button.ajax_add_to_cart");
  expect(await buttons.count()).toBeGreaterThan(0);
  const dataset = await buttons.first().evaluate((button) => ({ ...(button as HTMLElement).dataset }));
  expect(dataset.product_id).toMatch(/^\d+$/);
  expect(dataset.quantity).toMatch(/^\d+$/);
  expect(dataset.success_message).toBeTruthy();

  // What add-to-cart.js posts: the button's data attributes.
  const added = await page.request.post("/?wc-ajax=add_to_cart", { form: dataset as Record<string, string> });
  expect(added.status()).toBe(200);
  const answer = (await added.json()) as { fragments: Record<string, string>; cart_hash: string };
  expect(Object.keys(answer.fragments)).toContain("div.widget_shopping_cart_content");
  expect(answer.cart_hash).toMatch(/^[a-f0-9]{32}$/);
  // The fragment a shared page gets filled with carries the line and its removal link.
  expect(answer.fragments["div.widget_shopping_cart_content"]).toMatch(
    /woocommerce-mini-cart-item[\s\S]*remove_from_cart_button[\s\S]*data-cart_item_key="[a-f0-9]{32}"/,
  );
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "woocommerce_cart_hash")?.value).toBe(answer.cart_hash);

  // Every fragment key has an element to replace in the page the shopper now gets.
  for (const path of ["/shop", "/", "/cart"]) {
    await page.goto(path);
    const counts = await matches(page, Object.keys(answer.fragments));
    for (const [selector, count] of Object.entries(counts))
      expect(count, `${path}: ${selector}`).toBeGreaterThan(0);
  }

  // Catalogue pages are shared by every shopper (decision 0019): their mini-cart is the empty one,
  // for cart-fragments.js (or ours) to fill from the stored fragments or one refresh call.
  await page.goto("/shop");
  await expect(page.locator("div.widget_shopping_cart_content .woocommerce-mini-cart-item")).toHaveCount(0);

  // A page rendered for this shopper (the cart) holds the line in its mini-cart, as WooCommerce's
  // removal handler expects.
  await page.goto("/cart");
  const row = page.locator("div.widget_shopping_cart_content .woocommerce-mini-cart-item");
  await expect(row).toHaveCount(1);
  const remove = row.locator(".remove_from_cart_button");
  const key = await remove.getAttribute("data-cart_item_key");
  expect(key).toMatch(/^[a-f0-9]{32}$/);
  expect(await remove.getAttribute("href")).toMatch(/remove_item=/);

  // A refresh answers the same keys; a removal too, and the emptied mini-cart still has its element.
  const refreshed = await (
    await page.request.post("/?wc-ajax=get_refreshed_fragments", { form: { time: "1" } })
  ).json();
  expect(Object.keys(refreshed.fragments).sort()).toEqual(Object.keys(answer.fragments).sort());
  const removed = await page.request.post("/?wc-ajax=remove_from_cart", { form: { cart_item_key: key! } });
  const afterRemoval = (await removed.json()) as { fragments: Record<string, string> };
  await page.goto("/cart");
  for (const [selector, count] of Object.entries(await matches(page, Object.keys(afterRemoval.fragments))))
    expect(count, selector).toBeGreaterThan(0);
  await expect(page.locator("div.widget_shopping_cart_content .woocommerce-mini-cart-item")).toHaveCount(0);
});

test("the attribution inputs sit inside the element WooCommerce's script fills, on both forms", async ({
  page,
}) => {
  await page.goto("/my-account");
  await expect(
    page.locator(
      'form.woocommerce-form-register wc-order-attribution-inputs input[name^="wc_order_attribution_"]',
    ),
  ).toHaveCount(16);
  await page.goto("/shop");
  await page.locator(".add_to_cart_button.ajax_add_to_cart").first().click();
  await page.goto("/checkout");
  await expect(
    page.locator('form.checkout wc-order-attribution-inputs input[name^="wc_order_attribution_"]'),
  ).toHaveCount(16);
  // Once per form, and nowhere outside the element.
  await expect(page.locator('form.checkout input[name="wc_order_attribution_source_type"]')).toHaveCount(1);
});
