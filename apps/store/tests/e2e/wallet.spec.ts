import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, expect, type Page, test } from "@playwright/test";
import { IFRAME_READY, WALLET_REPLIES } from "@vitrine/wallet-protocol";
import { addFirstSimpleProduct } from "./support.ts";

// The store with express checkout on, and the reference wallet on another site (playwright.config.ts).
const store = `http://127.0.0.1:${process.env.E2E_WALLET_STORE_PORT}`;
const wallet = `http://localhost:${process.env.E2E_WALLET_PORT}`;
test.use({ baseURL: store });

const SESSION_CALL = /wc-ajax=vitrine_payments_get_wallet_session/;

/**
 * A browser profile that allows third-party cookies (Chromium's own preference): the wallet's cookies
 * in the store's pages are third-party cookies. Playwright's ordinary contexts are off-the-record
 * profiles, where Chromium blocks third-party cookies, as it does in any incognito window.
 */
async function browserAllowingThirdPartyCookies(): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-profile-"));
  mkdirSync(path.join(profile, "Default"));
  writeFileSync(
    path.join(profile, "Default", "Preferences"),
    JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
  );
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    baseURL: store,
  });
}

async function logInToWallet(page: Page, from?: string) {
  if (from === undefined) await page.goto(`${wallet}/login`);
  await page.getByLabel("E-mail").fill("demo@wallet.example");
  await page.getByLabel("Password").fill("wallet-demo-password");
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Arrives from a newsletter link (so the order has an origin) and puts a product in the cart. */
async function fillCart(page: Page): Promise<string> {
  await page.goto("/shop?utm_source=wallet-news&utm_medium=email&utm_campaign=winter");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const name = await addFirstSimpleProduct(page);
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  return name;
}

async function adminOrder(page: Page, id: string) {
  const issued = await page.request.post(`${store}/api/vitrine/v2/auth/token`, {
    data: { email: "admin@example.com", password: "e2e-admin-password" },
  });
  const { token } = await issued.json();
  return (
    await page.request.get(`${store}/api/vitrine/v2/orders/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
}

async function payAndReadOrder(page: Page, name: string) {
  await expect(page).toHaveURL(new RegExp(`^${wallet}/checkout/\\?platform_checkout_key=`));
  await expect(page.getByText(`${name} × 1`)).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`^${store}/checkout/order-received/\\d+\\?key=`));
  await expect(page.getByText(name).first()).toBeVisible();
  return adminOrder(page, page.url().match(/order-received\/(\d+)/)![1]!);
}

/**
 * A stand-in connect page that answers every request at once with a yes, `redirect_url` as the
 * redirect: what a broken or hostile wallet (or a frame pretending to be it) would say.
 */
function fakeConnect(redirectUrl: string): string {
  const values: Record<string, unknown> = {
    getPostMessageTimeout: 1000,
    getIsUserLoggedIn: true,
    getEncryptedData: null,
    setRedirectSessionData: { redirect_url: redirectUrl },
    setPreemptiveSessionData: true,
    setTempThirdPartyCookie: true,
    getIsThirdPartyCookiesEnabled: true,
    isWalletReachable: true,
  };
  const answers = Object.fromEntries(
    Object.entries(WALLET_REPLIES).map(([action, reply]) => [action, [reply.success, values[action]]]),
  );
  return `<!doctype html><script>
    const answers = ${JSON.stringify(answers)};
    parent.postMessage({ action: ${JSON.stringify(IFRAME_READY)} }, "*");
    addEventListener("message", (event) => {
      const answer = answers[event.data && event.data.action];
      if (answer) parent.postMessage({ action: answer[0], value: answer[1] }, "*");
    });
  </script>`;
}

/** Waits until start-up is done and the checkout buttons go through the wallet (it may time out first). */
async function directCheckoutReady(page: Page) {
  await expect(page.locator("html[data-wallet-direct-checkout=ready]")).toHaveCount(1, { timeout: 30_000 });
}

function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") seen.push(message.text());
  });
  return seen;
}

test.describe("express wallet direct checkout", () => {
  test("logged in with third-party cookies allowed: prefetch, redirect, pay; the order carries its attribution", async () => {
    const context = await browserAllowingThirdPartyCookies();
    const page = await context.newPage();
    try {
      await logInToWallet(page);
      const name = await fillCart(page);
      const prefetched = page.waitForResponse(SESSION_CALL);
      await page.goto("/cart");
      expect((await prefetched).status()).toBe(200);
      await directCheckoutReady(page);
      await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
      const order = await payAndReadOrder(page, name);
      expect(order).toMatchObject({ payment_method: "wallet", status: "processing" });
      expect(JSON.stringify(order)).toContain("wallet-news");
    } finally {
      await context.close();
    }
  });

  test("third-party cookies blocked: the minimal-session redirect, log in at the wallet, pay, order placed", async ({
    page,
  }) => {
    const name = await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    const minimal = page.waitForResponse(/wc-ajax=vitrine_payments_get_wallet_minimum_session_data/);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    expect((await minimal).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`^${wallet}/login\\?return_to=`));
    await logInToWallet(page, "here");
    const order = await payAndReadOrder(page, name);
    expect(order).toMatchObject({ payment_method: "wallet" });
    expect(JSON.stringify(order)).toContain("wallet-news");
  });

  test("when the wallet does not answer, the shopper lands on the store's checkout after the time-out", async ({
    page,
  }) => {
    const seen = warnings(page);
    // The wallet is an outside service: here it is down.
    await page.route(`${wallet}/**`, (route) => route.abort("connectionrefused"));
    await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect(page).toHaveURL(`${store}/checkout`, { timeout: 30_000 });
    expect(seen).toContain("Wallet is currently not available.");
  });

  test("replies from a frame of another origin are refused, and the store's checkout follows", async ({
    page,
  }) => {
    const seen = warnings(page);
    // The connect frame is sent to a page of another origin that answers like the wallet would.
    await page.route(`${wallet}/connect/**`, (route) =>
      route.fulfill({ status: 302, headers: { Location: `${store}/forged-connect` } }),
    );
    await page.route(`${store}/forged-connect`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: fakeConnect(`${wallet}/checkout/?platform_checkout_key=forged`),
      }),
    );
    await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect(page).toHaveURL(`${store}/checkout`, { timeout: 30_000 });
    // Had the forged answers been taken, the shopper would be at the wallet with the forged key.
    expect(seen).toContain("Wallet is currently not available.");
  });

  test("a redirect_url off the wallet's origin is refused, and the store's checkout follows", async ({
    page,
  }) => {
    const seen = warnings(page);
    await page.route(`${wallet}/connect/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: fakeConnect("https://evil.test/?platform_checkout_key=1"),
      }),
    );
    await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect(page).toHaveURL(`${store}/checkout`);
    expect(seen).toContain("Invalid wallet session URL: https://evil.test/?platform_checkout_key=1");
  });

  for (const [value, skipped] of [
    ["1", true],
    ["10", false],
  ] as const) {
    test(`the skip cookie set to "${value}" ${skipped ? "turns direct checkout off" : "does not"}`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: "skip_wallet", value, url: store }]);
      const frames: string[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith(`${wallet}/connect/`)) frames.push(request.url());
      });
      await fillCart(page);
      await page.goto("/cart");
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      if (skipped) {
        // Nothing starts: the attribute never comes, and the button stays the store's link.
        await page.waitForTimeout(1000);
        await expect(page.locator("html[data-wallet-direct-checkout]")).toHaveCount(0);
        await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
        await expect(page).toHaveURL(`${store}/checkout`);
        expect(frames).toEqual([]);
      } else {
        await expect.poll(() => frames.length).toBeGreaterThan(0);
      }
    });
  }

  test("a quantity change and a removal fetch the session data again; the mini-cart checkout goes to the wallet", async () => {
    const context = await browserAllowingThirdPartyCookies();
    const page = await context.newPage();
    try {
      await logInToWallet(page);
      await fillCart(page);
      const card = page
        .locator("li.product-small")
        .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) });
      await card
        .nth(1)
        .getByRole("button", { name: /^Add to cart:/ })
        .click();
      await expect(page.getByRole("link", { name: /Cart/ }).first()).toContainText("(2)");
      await page.reload();
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.getByRole("heading", { level: 1 }).click();
      await directCheckoutReady(page);
      await page.getByRole("button", { name: "Show cart contents" }).click();
      const lines = page.getByRole("region", { name: "Cart contents" }).getByRole("spinbutton");
      await expect(lines).toHaveCount(2);
      const afterQuantity = page.waitForResponse(SESSION_CALL, { timeout: 15_000 });
      await lines.first().fill("3");
      await lines.first().press("Tab");
      expect((await afterQuantity).ok()).toBe(true);
      const afterRemoval = page.waitForResponse(SESSION_CALL, { timeout: 15_000 });
      await page
        .getByRole("region", { name: "Cart contents" })
        .getByRole("link", { name: /^Remove / })
        .first()
        .click();
      expect((await afterRemoval).ok()).toBe(true);
      // The mini-cart's own checkout button goes through the wallet too.
      await page
        .getByRole("region", { name: "Cart contents" })
        .getByRole("link", { name: "Checkout" })
        .click();
      await expect(page).toHaveURL(new RegExp(`^${wallet}/checkout/\\?platform_checkout_key=`));
    } finally {
      await context.close();
    }
  });
});
