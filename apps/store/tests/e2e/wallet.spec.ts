import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, chromium, type Page } from "@playwright/test";
import { IFRAME_READY, WALLET_REPLIES } from "@vitrine/wallet-protocol";
import { chromiumLaunchOptions } from "./chromium.ts";
import { test as base, bearer, expect, hydrated } from "./fixtures.ts";
import { addFirstSimpleProduct, watchPolicyViolations } from "./support.ts";

// The store with express checkout on, and the reference wallet on another site (playwright.config.ts).
const store = `http://127.0.0.1:${process.env.E2E_WALLET_STORE_PORT}`;
const wallet = `http://localhost:${process.env.E2E_WALLET_PORT}`;

const test = base.extend<{ pageAllowingThirdPartyCookies: Page }>({
  /**
   * A page in a browser profile that allows third-party cookies (Chromium's own preference): the
   * wallet's cookies in the store's pages are third-party cookies. Playwright's ordinary contexts are
   * off-the-record profiles, where Chromium blocks third-party cookies, as it does in any incognito
   * window. The browser and its profile folder go after the test.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  pageAllowingThirdPartyCookies: async ({}, use) => {
    const profile = mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-profile-"));
    mkdirSync(path.join(profile, "Default"));
    writeFileSync(
      path.join(profile, "Default", "Preferences"),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    );
    const context = watchPolicyViolations(
      await chromium.launchPersistentContext(profile, {
        ...chromiumLaunchOptions(),
        baseURL: store,
      }),
    );
    await use(await context.newPage());
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
});

test.use({ baseURL: store });

const SESSION_CALL = /wc-ajax=vitrine_payments_get_wallet_session/;

async function logInToWallet(page: Page, from?: string) {
  if (from === undefined) await page.goto(`${wallet}/login`);
  await page.getByLabel("E-mail").fill("demo@wallet.example");
  await page.getByLabel("Password").fill("wallet-demo-password");
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Arrives from a newsletter link (so the order has an origin) and puts a product in the cart. */
async function fillCart(page: Page): Promise<string> {
  await page.goto("/shop?utm_source=wallet-news&utm_medium=email&utm_campaign=winter");
  await hydrated(page);
  // The listing's buttons are the cart client's once it has started.
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
  const name = await addFirstSimpleProduct(page);
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  return name;
}

/** Pays at the wallet, then reads the order the store placed through the REST API as `admin`. */
async function payAndReadOrder(
  page: Page,
  name: string,
  admin: { request: APIRequestContext; token: string },
) {
  await expect(page).toHaveURL(new RegExp(`^${wallet}/checkout/\\?platform_checkout_key=`));
  await expect(page.getByText(`${name} × 1`)).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`^${store}/checkout/order-received/\\d+\\?key=`));
  await expect(page.getByRole("main").getByText(name).first()).toBeVisible();
  // The order emptied the cart out of the browser's sight: the page says so, and the header's
  // mini-cart does not keep showing the stored copy of the old cart.
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
  expect((await page.context().cookies()).find((c) => c.name === "woocommerce_cart_hash")).toBeUndefined();
  await expect(page.locator("div.widget_shopping_cart_content")).not.toContainText(name);
  const id = page.url().match(/order-received\/(\d+)/)![1]!;
  return (await admin.request.get(`/api/vitrine/v2/orders/${id}`, { headers: bearer(admin.token) })).json();
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

/** The connect frames the cart page asks the wallet for (by their `source_url`), as they are asked for. */
function cartFrames(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== wallet || url.pathname !== "/connect/") return;
    if (new URL(url.searchParams.get("source_url") ?? "", store).pathname === "/cart") asked.push(url.href);
  });
  return asked;
}

/**
 * Opens the cart and proceeds to checkout while no connect frame ever says it is ready (the wallet
 * down, or its answers refused): each frame's 5000 ms wait is skipped on the page's clock once the
 * frame has been asked for. Start-up gives up on the cookie probe's frame and the connect frame,
 * the click on a third; the shopper lands on the store's own checkout.
 */
async function overFrameWaits(page: Page, frames: string[]) {
  await page.clock.install();
  await page.goto("/cart");
  for (const frame of [1, 2]) {
    await expect.poll(() => frames.length).toBe(frame);
    await page.clock.fastForward(5000);
  }
  await directCheckoutReady(page);
  await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
  await expect.poll(() => frames.length).toBe(3);
  await page.clock.fastForward(5000);
  await expect(page).toHaveURL(`${store}/checkout`);
  expect(frames).toHaveLength(3);
}

function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") seen.push(message.text());
  });
  return seen;
}

test.describe("express wallet direct checkout", () => {
  test("logged in with third-party cookies allowed: prefetch, redirect, pay; the order carries its attribution", async ({
    pageAllowingThirdPartyCookies: page,
    request,
    adminToken,
  }) => {
    await logInToWallet(page);
    const name = await fillCart(page);
    const prefetched = page.waitForResponse(SESSION_CALL);
    await page.goto("/cart");
    expect((await prefetched).status()).toBe(200);
    await directCheckoutReady(page);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    const order = await payAndReadOrder(page, name, { request, token: adminToken });
    expect(order).toMatchObject({ payment_method: "wallet", status: "processing" });
    expect(JSON.stringify(order)).toContain("wallet-news");
  });

  test("third-party cookies blocked: the minimal-session redirect, log in at the wallet, pay, order placed", async ({
    page,
    request,
    adminToken,
  }) => {
    const name = await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    const minimal = page.waitForResponse(/wc-ajax=vitrine_payments_get_wallet_minimum_session_data/);
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    expect((await minimal).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`^${wallet}/login\\?return_to=`));
    await logInToWallet(page, "here");
    const order = await payAndReadOrder(page, name, { request, token: adminToken });
    expect(order).toMatchObject({ payment_method: "wallet" });
    expect(JSON.stringify(order)).toContain("wallet-news");
  });

  test("third-party cookies blocked and the store's minimal session not answered: the store's checkout follows", async ({
    page,
  }) => {
    const seen = warnings(page);
    await fillCart(page);
    await page.goto("/cart");
    await directCheckoutReady(page);
    // The store's own call 12 fails (the shopper's connection dropped, say).
    await page.route(/wc-ajax=vitrine_payments_get_wallet_minimum_session_data/, (route) =>
      route.abort("connectionfailed"),
    );
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect(page).toHaveURL(`${store}/checkout`);
    expect(seen).toContain("Could not retrieve redirect data from merchant.");
  });

  test("when the wallet does not answer, the shopper lands on the store's checkout after the time-out", async ({
    page,
  }) => {
    const seen = warnings(page);
    // The wallet is an outside service: here it is down.
    await page.route(`${wallet}/**`, (route) => route.abort("connectionrefused"));
    const frames = cartFrames(page);
    await fillCart(page);
    await overFrameWaits(page, frames);
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
    const frames = cartFrames(page);
    await fillCart(page);
    await overFrameWaits(page, frames);
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
      await hydrated(page);
      if (skipped) {
        // Start-up has run and stopped at the cookie: nothing was started, the button stays the store's link.
        await expect(page.locator("html")).toHaveAttribute("data-wallet-direct-checkout", "off");
        await expect(page.locator("html[data-wallet-direct-checkout=ready]")).toHaveCount(0);
        await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
        await expect(page).toHaveURL(`${store}/checkout`);
        expect(frames).toEqual([]);
      } else {
        await expect.poll(() => frames.length).toBeGreaterThan(0);
      }
    });
  }

  test("a quantity change and a removal fetch the session data again; the mini-cart checkout goes to the wallet", async ({
    pageAllowingThirdPartyCookies: page,
  }) => {
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
    await hydrated(page);
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
    await page.getByRole("region", { name: "Cart contents" }).getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(new RegExp(`^${wallet}/checkout/\\?platform_checkout_key=`));
  });
});
