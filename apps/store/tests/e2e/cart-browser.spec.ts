import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.ts";
import { expect, test } from "./fixtures.ts";
import { axe, holdBack } from "./support.ts";

/**
 * The cart's asynchronous side (issue 4, "Browser"): the listing button, the queue, the fragment
 * cache and its refresh triggers, the header mini-cart and drawer, and the cart page with JavaScript.
 */

// Playwright starts Chromium with the back/forward cache switched off; this file switches it on
// (the config's other flags kept) to test the restore for real. A launch option forces its own worker,
// and Playwright allows it only at the top of a file.
test.use({
  launchOptions: { ...chromiumLaunchOptions(), ignoreDefaultArgs: ["--disable-back-forward-cache"] },
});

const CART_CALL =
  /[?&]wc-ajax=(add_to_cart|remove_from_cart|get_refreshed_fragments)|\/ajax(\?|$)|\/api\/store\//;
const REFRESH_CALL = /[?&]wc-ajax=get_refreshed_fragments/;
const ADD_CALL = /[?&]wc-ajax=add_to_cart/;
const REMOVE_CALL = /[?&]wc-ajax=remove_from_cart/;

function addButtons(page: Page): Locator {
  return page.locator("li.product-small").getByRole("button", { name: /^Add to cart: / });
}

function cartLink(page: Page): Locator {
  return page.getByRole("link", { name: /^Cart, \d+ items?$/ });
}

function miniCartToggle(page: Page): Locator {
  return page.getByRole("button", { name: "Show cart contents" });
}

function miniCart(page: Page): Locator {
  return page.getByRole("region", { name: "Cart contents" });
}

/**
 * Hydrated and the cart client started: its buttons go through the cart calls and it listens for the
 * cart's events. (The mini-cart widget is in the server's HTML too, so it cannot tell.)
 */
async function ready(page: Page): Promise<void> {
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
}

/** Cart requests this page makes from now on. */
function countCartRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (CART_CALL.test(request.url())) seen.push(request.url());
  });
  return seen;
}

async function nameOf(button: Locator): Promise<string> {
  const label = (await button.getAttribute("aria-label")) ?? "";
  return label.replace(/^Add to cart: “/, "").replace(/”$/, "");
}

/** Adds the listing's first simple product asynchronously and waits for the header to show it. */
async function addFirst(page: Page, expectedCount = 1): Promise<string> {
  const button = addButtons(page).first();
  const name = await nameOf(button);
  await button.click();
  await expect(cartLink(page)).toContainText(`(${expectedCount})`);
  return name;
}

/** Opens the dropdown from its button (closing what an add revealed, so no reveal timer runs). */
async function openMiniCart(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  await expect(miniCart(page)).toHaveCount(0);
  await miniCartToggle(page).click();
  await expect(miniCart(page)).toBeVisible();
}

async function storedCart(page: Page) {
  return page.evaluate(() => {
    const hashKey = Object.keys(sessionStorage).find((key) => key.startsWith("wc_cart_hash_"));
    const fragmentKey = Object.keys(sessionStorage).find((key) => key.startsWith("wc_fragments_"));
    const cookieHash = document.cookie.match(/(?:^|; )woocommerce_cart_hash=([^;]*)/)?.[1] ?? "";
    return {
      hashKey,
      hash: hashKey ? sessionStorage.getItem(hashKey) : null,
      fragments: fragmentKey ? sessionStorage.getItem(fragmentKey) : null,
      created: sessionStorage.getItem("wc_cart_created"),
      cookieHash,
    };
  });
}

/** A simple product with little stock left, found through the listing pages. */
async function lowStockProduct(
  request: APIRequestContext,
): Promise<{ name: string; left: number; page: string }> {
  for (let n = 1; n <= 8; n++) {
    const path = n === 1 ? "/shop" : `/shop/page/${n}`;
    const html = await (await request.get(path)).text();
    for (const card of html.split('<li class="product-small').slice(1)) {
      const left = card.match(/Only (\d+) left in stock/);
      const name = card.match(/aria-label="Add to cart: “([^”]+)”"/);
      if (left && name && Number(left[1]) <= 3) return { name: name[1]!, left: Number(left[1]), page: path };
    }
  }
  throw new Error("The demo catalogue has no simple product with three or fewer left");
}

test.describe("listing add-to-cart button", () => {
  test("goes idle → loading → added, adds a View cart link, and announces the success message after 1 s", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/shop");
    await ready(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const card = page
      .locator("li.product-small")
      .filter({ has: page.getByRole("button", { name: /^Add to cart: / }) })
      .first();
    const button = card.getByRole("button", { name: /^Add to cart: / });
    const name = await nameOf(button);
    const release = await holdBack(page, ADD_CALL);
    const sent = page.waitForRequest(ADD_CALL);

    await button.click();
    const request = await sent;
    const fields = new URLSearchParams(request.postData() ?? "");
    expect(fields.get("product_id")).toMatch(/^\d+$/);
    expect(fields.get("quantity")).toBe("1");
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button).toHaveClass(/\bloading\b/);
    await expect(card.getByRole("link", { name: "View cart" })).toHaveCount(0);

    release();
    await expect(button).toHaveClass(/\badded\b/);
    await expect(button).toHaveAttribute("aria-busy", "false");
    await expect(button).toContainText("✓");
    await expect(card.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(cartLink(page)).toContainText("(1)");
    await expect(page).toHaveURL(/\/shop$/);

    const status = page.getByRole("status").filter({ hasText: "has been added" });
    await page.clock.runFor(999);
    await expect(status).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(
      page.getByRole("status").filter({ hasText: `“${name}” has been added to your cart.` }),
    ).toHaveCount(1);

    // A second add keeps one View cart link.
    await button.click();
    await expect(cartLink(page)).toContainText("(2)");
    await expect(card.getByRole("link", { name: "View cart" })).toHaveCount(1);
  });

  test("announces the success message in Spanish", async ({ page }) => {
    await page.goto("/shop");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await ready(page);
    const button = page
      .locator("li.product-small")
      .getByRole("button", { name: /^Añadir al carrito: / })
      .first();
    const name = ((await button.getAttribute("aria-label")) ?? "")
      .replace(/^Añadir al carrito: «/, "")
      .replace(/»$/, "");
    await button.click();
    await expect(
      page.getByRole("status").filter({ hasText: `«${name}» se ha añadido a tu carrito.` }),
    ).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Carrito, 1 artículo$/ })).toContainText("(1)");
  });

  test("goes to the product page when the server answers with an error and a product_url", async ({
    page,
    request,
  }) => {
    const product = await lowStockProduct(request);
    await page.goto(product.page);
    await ready(page);
    const button = page.getByRole("button", { name: `Add to cart: “${product.name}”` });
    for (let n = 1; n <= product.left; n++) {
      await button.click();
      await expect(cartLink(page)).toContainText(`(${n})`);
    }
    // One more than the stock: `{error: true, product_url}` sends the shopper to the product.
    await button.click();
    await expect(page).toHaveURL(/\/product\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  });

  test("cart requests queue and reach the server one at a time, in order", async ({ page }) => {
    await page.goto("/shop");
    await ready(page);
    const log: string[] = [];
    await page.route(ADD_CALL, async (route) => {
      const id = new URLSearchParams(route.request().postData() ?? "").get("product_id");
      log.push(`start ${id}`);
      const response = await route.fetch();
      log.push(`end ${id}`);
      await route.fulfill({ response });
    });
    const buttons = addButtons(page);
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push((await buttons.nth(n).getAttribute("data-product_id")) ?? "");
    const tops = () =>
      Promise.all(
        [0, 1, 2].map((n) => buttons.nth(n).evaluate((el) => el.getBoundingClientRect().top + scrollY)),
      );
    const before = await tops();
    // Three clicks without waiting for any answer.
    await buttons.nth(0).click();
    await buttons.nth(1).click();
    await buttons.nth(2).click();
    await expect(cartLink(page)).toContainText("(3)");
    expect(log).toEqual(ids.flatMap((id) => [`start ${id}`, `end ${id}`]));
    // The View cart links that came meanwhile moved no button: a click on its way never lands beside it.
    await expect(page.getByRole("link", { name: "View cart" })).toHaveCount(3);
    expect(await tops()).toEqual(before);
  });
});

test.describe("fragment cache", () => {
  test("a page with no cart and nothing stored makes no cart request", async ({ page }) => {
    const requests = countCartRequests(page);
    await page.goto("/shop");
    await ready(page);
    await expect(page.locator(".widget_shopping_cart")).toBeHidden();
    await page.goto("/");
    await ready(page);
    expect(requests).toEqual([]);
  });

  test("a page load with a valid cache makes no cart request and shows the stored mini-cart", async ({
    page,
  }) => {
    await page.goto("/shop");
    await ready(page);
    const name = await addFirst(page);
    const stored = await storedCart(page);
    expect(stored.hashKey).toMatch(/^wc_cart_hash_[0-9a-f]{8}$/);
    expect(stored.hash).toBe(stored.cookieHash);
    expect(stored.fragments).toContain("widget_shopping_cart_content");
    expect(Number(stored.created)).toBeGreaterThan(0);

    const requests = countCartRequests(page);
    await page.goto("/shop/page/2");
    await ready(page);
    await miniCartToggle(page).click();
    await expect(miniCart(page).getByRole("link", { name, exact: true })).toBeVisible();
    await page.reload();
    await ready(page);
    await expect(cartLink(page)).toContainText("(1)");
    expect(requests).toEqual([]);
  });

  for (const broken of [
    { case: "the stored hash is not the cookie's", edit: "hash" },
    { case: "the fragments are 24 hours old", edit: "created" },
    { case: "the mini-cart fragment is missing", edit: "fragments" },
  ] as const) {
    test(`refreshes on load when ${broken.case}`, async ({ page }) => {
      await page.goto("/shop");
      await ready(page);
      await addFirst(page);
      await page.evaluate((edit) => {
        const hashKey = Object.keys(sessionStorage).find((key) => key.startsWith("wc_cart_hash_"))!;
        const fragmentKey = Object.keys(sessionStorage).find((key) => key.startsWith("wc_fragments_"))!;
        if (edit === "hash") sessionStorage.setItem(hashKey, "0123456789abcdef");
        if (edit === "created") sessionStorage.setItem("wc_cart_created", String(Date.now() - 86_400_000));
        if (edit === "fragments")
          sessionStorage.setItem(fragmentKey, JSON.stringify({ "span.cart-count": "<span></span>" }));
      }, broken.edit);
      const requests = countCartRequests(page);
      await page.reload();
      await ready(page);
      await expect.poll(() => requests.length).toBe(1);
      expect(requests[0]).toMatch(REFRESH_CALL);
      await expect
        .poll(async () => {
          const stored = await storedCart(page);
          return (
            stored.hash === stored.cookieHash &&
            (stored.fragments ?? "").includes("widget_shopping_cart_content")
          );
        })
        .toBe(true);
    });
  }

  test("a plain form post that changes the cart (the product page) brings fresh fragments", async ({
    page,
  }) => {
    await page.goto("/shop");
    await ready(page);
    const card = page
      .locator("li.product-small")
      .filter({ has: page.getByRole("button", { name: /^Add to cart: / }) })
      .first();
    const title = card.locator(".product-title a");
    const name = ((await title.textContent()) ?? "").trim();
    await title.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await ready(page);
    const refreshed = page.waitForRequest(REFRESH_CALL);
    await page.locator("form.cart").getByRole("button", { name: "Add to cart" }).click();
    await refreshed;
    await expect(cartLink(page)).toContainText("(1)");
    await miniCartToggle(page).click();
    await expect(miniCart(page).getByRole("link", { name, exact: true })).toBeVisible();
  });

  test("refreshes 24 hours after the fragments were stored", async ({ page }) => {
    await page.clock.install();
    await page.goto("/shop");
    await ready(page);
    await addFirst(page);
    const requests = countCartRequests(page);
    await page.reload();
    await ready(page);
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    expect(requests).toEqual([]);
    await page.evaluate(() => {
      document.addEventListener("wc_fragments_refreshed", () => {
        const html = document.documentElement;
        html.dataset.refreshes = String(Number(html.dataset.refreshes ?? "0") + 1);
      });
    });
    await page.clock.fastForward(86_400_000);
    await expect(page.locator("html")).toHaveAttribute("data-refreshes", "1");
    // After that refresh another is scheduled a day later.
    await page.clock.fastForward(86_399_000);
    await expect(page.locator("html")).toHaveAttribute("data-refreshes", "1");
    await page.clock.fastForward(1_000);
    await expect(page.locator("html")).toHaveAttribute("data-refreshes", "2");
    expect(requests.filter((url) => REFRESH_CALL.test(url))).toHaveLength(2);
  });

  test("refreshes when another tab changes the cart", async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto("/shop");
    await second.goto("/shop");
    await ready(first);
    await ready(second);
    const refreshed = second.waitForRequest(REFRESH_CALL);
    await addFirst(first);
    await refreshed;
    await expect(cartLink(second)).toContainText("(1)");
    await expect(second.locator(".widget_shopping_cart")).toBeVisible();
  });

  test("refreshes on a wc_fragment_refresh event, and a failed refresh raises wc_fragments_ajax_error", async ({
    page,
  }) => {
    await page.goto("/shop");
    await ready(page);
    const refreshed = page.waitForRequest(REFRESH_CALL);
    await page.evaluate(() =>
      document.body.dispatchEvent(new Event("wc_fragment_refresh", { bubbles: true })),
    );
    await refreshed;

    await page.route(REFRESH_CALL, (route) => route.abort("connectionfailed"));
    const raised = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener("wc_fragments_ajax_error", (event) => resolve(event.type)),
        ),
    );
    await page.evaluate(() => document.dispatchEvent(new Event("wc_fragment_refresh")));
    expect(await raised).toBe("wc_fragments_ajax_error");
  });
});

test.describe("back/forward cache", () => {
  test("refreshes when the page comes back from the back/forward cache", async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener("pageshow", (event) => {
        if (event.persisted) document.documentElement.dataset.restored = "yes";
      });
    });
    await page.goto("/shop");
    await ready(page);
    await addFirst(page);
    await page.goto("/cart");
    await ready(page);
    const refreshed = page.waitForRequest(REFRESH_CALL);
    // A restored page raises no load event, so only the commit is awaited.
    await page.goBack({ waitUntil: "commit" });
    await refreshed;
    await expect(page.locator("html")).toHaveAttribute("data-restored", "yes");
    await expect(page).toHaveURL(/\/shop$/);
    await expect(cartLink(page)).toContainText("(1)");
  });
});

test.describe("header mini-cart", () => {
  test("is hidden while the cart is empty and shows on add; opens for 5 seconds after an add", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/shop");
    await ready(page);
    await expect(miniCartToggle(page)).toBeHidden();
    await page.clock.pauseAt(Date.now() + 60_000);
    const name = await addFirst(page);
    await expect(miniCartToggle(page)).toBeVisible();
    await expect(miniCartToggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(miniCart(page).getByRole("link", { name, exact: true })).toBeVisible();
    await expect(miniCart(page).getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    await page.clock.runFor(4_999);
    await expect(miniCart(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(miniCart(page)).toHaveCount(0);
    await expect(miniCartToggle(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a click in the shop area closes it", async ({ page }) => {
    await page.goto("/shop");
    await ready(page);
    await addFirst(page);
    await expect(miniCart(page)).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(miniCart(page)).toHaveCount(0);
  });

  test("works from the keyboard: the button opens it, focus moves in, Escape closes it and returns focus", async ({
    page,
  }) => {
    await page.goto("/shop");
    await ready(page);
    const name = await addFirst(page);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(miniCart(page)).toHaveCount(0);
    await miniCartToggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(miniCartToggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(miniCart(page).getByRole("link", { name, exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(miniCart(page)).toHaveCount(0);
    await expect(miniCartToggle(page)).toBeFocused();
  });

  test("waits 300 ms before opening when another popup is open", async ({ page }) => {
    await page.clock.install();
    await page.goto("/shop");
    await ready(page);
    await addFirst(page);
    await page.getByRole("heading", { level: 1 }).click();
    await page
      .getByRole("button", { name: /^Quick view: / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    // The page's own add-to-cart event, as the listing button raises it.
    await page.evaluate(() =>
      document.body.dispatchEvent(new CustomEvent("added_to_cart", { bubbles: true })),
    );
    const toggle = page.locator(".widget_shopping_cart > button");
    await page.clock.runFor(299);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.clock.runFor(1);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  test("on a screen 849 px wide or less, an add opens the cart drawer with its checkout buttons", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/shop");
    await ready(page);
    const button = addButtons(page).first();
    const name = await nameOf(button);
    await button.click();
    const drawer = page.getByRole("dialog", { name: "Cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(drawer.locator("a.checkout.wc-forward")).toHaveAttribute("href", "/checkout");
    await expect(drawer.locator("a.wc-block-mini-cart__footer-checkout")).toHaveAttribute(
      "href",
      "/checkout",
    );
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(drawer).toBeHidden();
    await expect(miniCart(page)).toHaveCount(0);
    // The header's cart button opens the drawer too.
    await miniCartToggle(page).click();
    await expect(drawer).toBeVisible();
  });

  test("removal greys the line while it runs, then the page parts update", async ({ page }) => {
    await page.goto("/shop");
    await ready(page);
    const name = await addFirst(page);
    await addButtons(page).nth(1).click();
    await expect(cartLink(page)).toContainText("(2)");
    await openMiniCart(page);
    const release = await holdBack(page, REMOVE_CALL);
    const line = miniCart(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name, exact: true }) });
    await line.getByRole("link", { name: `Remove ${name} from cart` }).click();
    await expect(line).toHaveAttribute("aria-busy", "true");
    await expect(line).toHaveCSS("opacity", "0.5");
    release();
    await expect(miniCart(page).getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(cartLink(page)).toContainText("(1)");
    await expect(page).not.toHaveURL(/\/cart/);
  });

  test("a removal the server refuses follows the line's remove link", async ({ page }) => {
    await page.goto("/shop");
    await ready(page);
    const name = await addFirst(page);
    await openMiniCart(page);
    const link = miniCart(page).getByRole("link", { name: `Remove ${name} from cart` });
    const key = (await link.getAttribute("data-cart_item_key")) ?? "";
    // The line goes away behind the page's back (e.g. on another device), so the call answers 404.
    const gone = await page.request.post("/?wc-ajax=remove_from_cart", { form: { cart_item_key: key } });
    expect(gone.ok()).toBe(true);
    const refused = page.waitForResponse(REMOVE_CALL);
    await link.click();
    expect((await refused).status()).toBe(404);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("That item is no longer in your cart.")).toBeVisible();
  });

  test("a quantity change is checked by the browser first, then sent, then the cart is refreshed", async ({
    page,
  }) => {
    await page.goto("/shop");
    await ready(page);
    const name = await addFirst(page);
    await openMiniCart(page);
    const quantity = miniCart(page).getByRole("spinbutton", {
      name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    });
    const requests = countCartRequests(page);

    await quantity.fill("-2");
    await quantity.press("Tab");
    await expect(quantity).toHaveJSProperty("validity.valid", false);
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validationMessage)).not.toBe("");
    await miniCart(page).getByRole("link", { name, exact: true }).hover();
    expect(requests).toEqual([]);

    await quantity.fill("3");
    const sent = page.waitForRequest((request) =>
      (request.postData() ?? "").includes("vitrine_ajax_cart_item_alter_quantity"),
    );
    const refreshed = page.waitForRequest(REFRESH_CALL);
    await quantity.press("Tab");
    const fields = new URLSearchParams((await sent).postData() ?? "");
    expect(fields.get("quantity")).toBe("3");
    expect(fields.get("cart_item_key")).toMatch(/^[a-f0-9]{32}$/);
    await refreshed;
    await expect(cartLink(page)).toContainText("(3)");
    await expect(miniCart(page).getByRole("spinbutton")).toHaveValue("3");
  });

  test("has no serious or critical accessibility violations when open", async ({ page }) => {
    await page.goto("/shop");
    await ready(page);
    await addFirst(page);
    await expect(miniCart(page)).toBeVisible();
    const results = await axe(page, ".header-cart").analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    ).toEqual([]);
  });
});

test.describe("cart page with JavaScript", () => {
  async function cartWithTwoLines(page: Page): Promise<void> {
    await page.goto("/shop?orderby=price-desc");
    await ready(page);
    await addFirst(page);
    await addButtons(page).nth(1).click();
    await expect(cartLink(page)).toContainText("(2)");
    await page.goto("/cart");
    await ready(page);
  }

  test("has a classic and a block-style checkout button", async ({ page }) => {
    await cartWithTwoLines(page);
    await expect(page.locator("a.checkout-button.wc-forward")).toHaveAttribute("href", "/checkout");
    await expect(page.locator(".wc-block-cart__submit-button")).toHaveAttribute("href", "/checkout");
    await page.setViewportSize({ width: 600, height: 900 });
    await expect(page.locator(".wc-block-cart__submit-button")).toBeVisible();
  });

  test("a quantity change shows at once, raises updated_cart_totals and renders the classic button again", async ({
    page,
  }) => {
    await cartWithTwoLines(page);
    const row = page.locator("tr.cart_item").first();
    const unit = (await row.locator(".product-price").textContent()) ?? "";
    await page.locator("a.checkout-button").evaluate((button) => button.setAttribute("data-hooked", "yes"));
    const events = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener("updated_cart_totals", () => resolve(1), { once: true }),
        ),
    );
    const release = await holdBack(page, /\/ajax$/);
    await row.getByRole("spinbutton").fill("2");
    await row.getByRole("spinbutton").press("Enter");
    // Optimistic: the line total is twice the unit price before the server has answered.
    const cents = (text: string) => Number(text.replace(/[^0-9]/g, ""));
    await expect
      .poll(async () => cents((await row.locator(".product-subtotal").textContent()) ?? ""))
      .toBe(2 * cents(unit));
    await expect(row).toHaveAttribute("aria-busy", "true");
    release();
    expect(await events).toBe(1);
    await expect(row).not.toHaveAttribute("aria-busy", "true");
    await expect(cartLink(page)).toContainText("(3)");
    await expect(page.locator("a.checkout-button")).not.toHaveAttribute("data-hooked", "yes");
    await expect(page.getByRole("status").filter({ hasText: "Cart updated." })).toHaveCount(1);
  });

  test("a quantity the server refuses is rolled back with its message", async ({ page }) => {
    await cartWithTwoLines(page);
    const row = page.locator("tr.cart_item").first();
    const quantity = row.getByRole("spinbutton");
    const subtotal = (await page.locator(".order-total").textContent()) ?? "";
    await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
    await quantity.fill("9999");
    await quantity.press("Enter");
    await expect(page.getByRole("alert")).toContainText(/not enough stock|out of stock/);
    await expect(quantity).toHaveValue("1");
    await expect(page.locator(".order-total")).toHaveText(subtotal);
    await expect(cartLink(page)).toContainText("(2)");
  });

  test("removal takes the line away at once, and the last one leaves the empty cart with a way back", async ({
    page,
  }) => {
    await cartWithTwoLines(page);
    const requests = countCartRequests(page);
    const first = page.locator("tr.cart_item").first();
    const name = ((await first.locator(".product-name a").textContent()) ?? "").trim();
    await page.getByRole("button", { name: `Remove ${name} from cart` }).click();
    await expect(page.locator("tr.cart_item")).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: `“${name}” removed.` })).toHaveCount(1);
    await expect(cartLink(page)).toContainText("(1)");
    await page
      .locator("tr.cart_item")
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByText("Your cart is currently empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to shop" })).toHaveAttribute("href", "/shop");
    expect(requests.filter((url) => REMOVE_CALL.test(url))).toHaveLength(2);
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await cartWithTwoLines(page);
    const results = await axe(page).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    ).toEqual([]);
  });
});
