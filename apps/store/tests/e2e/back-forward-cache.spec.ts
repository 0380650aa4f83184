import type { Request } from "@playwright/test";
import { test as base, expect } from "./fixtures.ts";
import { addFirstSimpleProduct } from "./support.ts";

/**
 * Playwright starts Chromium with the back/forward cache off; these tests turn it back on (and let
 * same-site navigations use it), so a page really comes back from the cache rather than being told so.
 */
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--enable-features=BackForwardCache,ProactivelySwapBrowsingInstance:level/SameSite",
        ],
        ignoreDefaultArgs: ["--disable-back-forward-cache"],
      });
    },
    { scope: "worker" },
  ],
});

test("the pressed button's loading state clears when the product page comes back from the back/forward cache", async ({
  page,
}) => {
  await page.goto("/product/heritage-cotton-sweater");
  await expect(page.getByRole("tablist", { name: "Product details" })).toBeVisible();
  // A mark that only survives if this very page, not a reload of it, is shown again.
  await page.evaluate(() => {
    (window as unknown as { keptAlive: boolean }).keptAlive = true;
  });
  // A request still running when the page is left keeps it out of the cache. Once hydrated, React
  // Router asks the server (`/__manifest`) for the routes behind the page's links, all in one call
  // whose answer it adds to the page's route manifest: the page is quiet once the route of Buy now's
  // destination, the checkout, is there.
  await page.waitForFunction(
    () =>
      "routes/checkout/route" in
      (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes,
  );
  // Buy now leaves for the checkout (another address: Chromium keeps same-address pages out of the cache).
  const buyNow = page.getByRole("button", { name: "Buy now" });
  await buyNow.click();
  await expect(page).toHaveURL(/\/checkout$/);
  // A restored page fires no load event: wait for the navigation to commit, then for the page.
  await page.goBack({ waitUntil: "commit" });
  // While the page is still being swapped in, asking it anything fails: that counts as "not yet".
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive).catch(() => undefined),
    )
    .toBe(true);
  await expect(buyNow).toHaveAttribute("aria-busy", "false");
  await expect(buyNow.locator(".loading-spinner")).toHaveCount(0);
});

test("a page left for the express wallet comes back from the back/forward cache usable: no “Please wait...”, no busy button", async ({
  page,
}) => {
  // The store with express checkout on, and the reference wallet on another site (playwright.config.ts).
  const store = `http://127.0.0.1:${process.env.E2E_WALLET_STORE_PORT}`;
  const wallet = `http://localhost:${process.env.E2E_WALLET_PORT}`;
  await page.goto(`${store}/shop`);
  // The listing's buttons are the cart client's once it has started.
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
  await addFirstSimpleProduct(page);
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  // The page's requests (its frames' too) still on their way.
  const running = new Set<Request>();
  page.on("request", (request) => running.add(request));
  page.on("requestfinished", (request) => running.delete(request));
  page.on("requestfailed", (request) => running.delete(request));
  await page.goto(`${store}/cart`);
  await expect(page.locator("html[data-wallet-direct-checkout=ready]")).toHaveCount(1, { timeout: 30_000 });
  await page.evaluate(() => {
    (window as unknown as { keptAlive: boolean }).keptAlive = true;
  });
  // A request still running when the page is left keeps it out of the cache. Not "networkidle": a
  // page may send something every few seconds (analytics, when a test before turned it on) and
  // never be quiet for 500 ms, though nothing is running at the moment it is left.
  await expect.poll(() => running.size).toBe(0);
  const checkout = page.locator(".wc-proceed-to-checkout .checkout-button");
  await checkout.click();
  await page.waitForURL((url) => url.origin === wallet);

  await page.goBack({ waitUntil: "commit" });
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive).catch(() => undefined),
    )
    .toBe(true);
  await expect(page.locator(".block-page")).toHaveCount(0);
  await expect(checkout).not.toHaveAttribute("aria-busy");
  await expect(checkout).not.toHaveClass(/\bwallet-loading\b/);
  expect(await page.evaluate(() => document.querySelectorAll("body > [inert]").length)).toBe(0);
});
