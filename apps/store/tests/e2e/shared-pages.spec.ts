import type { Browser, Page } from "@playwright/test";
import { ADMIN, DEMO_STORE, expect, test } from "./fixtures.ts";
import { checkoutByApi, formNonce, guestWithCart } from "./http-shopper.ts";

/**
 * Catalogue pages are one HTML for every shopper who is not staff (issue 14): the cart, the cart count
 * and the account entry are filled in by the browser. Two shoppers with different carts and
 * languages share the cached pages and each sees only their own cart.
 */

/** A shopper in a browser context of their own, reading the store in `language`. */
async function newShopper(browser: Browser, baseURL: string, language: "en" | "es"): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "googtrans", value: `/en/${language}`, url: baseURL }]);
  return context.newPage();
}

/** Adds the shop's `index`-th simple product from the listing; its name. */
async function addNthSimpleProduct(page: Page, index: number): Promise<string> {
  await page.goto("/shop");
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
  const card = page
    .locator("li.product-small")
    .filter({ has: page.locator("button.ajax_add_to_cart") })
    .nth(index);
  const name = ((await card.locator(".product-title a").textContent()) ?? "").trim();
  const added = page.waitForResponse(/wc-ajax=add_to_cart/);
  await card.locator("button.ajax_add_to_cart").click();
  expect((await added).status()).toBe(200);
  return name;
}

/**
 * Opens a catalogue page: the answer must be the shared page (public, cacheable). Whether it came
 * from the cache depends on other tests' orders on this store; the test on the worker's store asserts
 * the hits.
 */
async function visitShared(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()["cache-control"], `${path} is the shared page`).toContain("public");
  await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
}

const miniCart = (page: Page) => page.locator("div.widget_shopping_cart_content").first();

test("two shoppers with different carts and languages share the cached pages and see only their own cart", async ({
  browser,
  baseURL,
}) => {
  const english = await newShopper(browser, baseURL!, "en");
  const spanish = await newShopper(browser, baseURL!, "es");
  const englishItem = await addNthSimpleProduct(english, 0);
  const spanishItem = await addNthSimpleProduct(spanish, 1);
  expect(spanishItem).not.toBe(englishItem);

  const productPath = await english.locator("li.product-small .product-title a").nth(2).getAttribute("href");
  for (const path of ["/", "/shop", productPath!]) {
    await visitShared(english, path);
    await visitShared(spanish, path);
    await expect(english.locator("html")).toHaveAttribute("lang", "en");
    await expect(spanish.locator("html")).toHaveAttribute("lang", "es");
    await expect(miniCart(english)).toContainText(englishItem);
    await expect(miniCart(english)).not.toContainText(spanishItem);
    await expect(miniCart(spanish)).toContainText(spanishItem);
    await expect(miniCart(spanish)).not.toContainText(englishItem);
    await expect(english.locator("[data-cart-count]").first()).toHaveAttribute("data-cart-count", "1");
    await expect(spanish.locator("[data-cart-count]").first()).toHaveAttribute("data-cart-count", "1");
  }

  // A new tab has no stored fragments: one small call fills the shared page's empty mini-cart.
  const fresh = await english.context().newPage();
  const refreshed = fresh.waitForResponse(/wc-ajax=get_refreshed_fragments/);
  await fresh.goto("/shop");
  expect((await refreshed).status()).toBe(200);
  await expect(miniCart(fresh)).toContainText(englishItem);

  await english.context().close();
  await spanish.context().close();
});

test("a signed-in customer gets the shared page with their account entry, not the sign-in popup", async ({
  page,
  shopper,
}) => {
  expect(shopper.email).toContain("@");
  await visitShared(page, "/shop");
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "My account" })).toBeVisible();
  await expect(header.getByRole("button", { name: "My account" })).toHaveCount(0);
});

/** The listing's simple products (those with an add-to-cart form): id and page address. */
function simpleProducts(html: string): Array<{ id: number; path: string }> {
  return html
    .split("product-small")
    .slice(1)
    .flatMap((card) => {
      const id = card.match(/name="product_id" value="(\d+)"/)?.[1];
      const path = card.match(/href="(\/product\/[^"?#]+)"/)?.[1];
      return id && path ? [{ id: Number(id), path }] : [];
    });
}

test("one cached page for guests and shoppers, staff apart; an order drops exactly the pages that show its products", async ({
  sharedStore,
  playwright,
}) => {
  // The worker's demo store, which runs one test at a time: no other test's orders or edits purge
  // its cache meanwhile.
  const { origin: baseURL } = await sharedStore(DEMO_STORE);
  const guest = await playwright.request.newContext({ baseURL });
  const first = await guest.get("/shop");
  const second = await guest.get("/shop");
  expect(first.headers()["cache-control"]).toContain("public");
  expect(second.headers()["x-page-cache"]).toBe("HIT");
  const shared = await second.text();
  expect(shared).toBe(await first.text());
  // A cached page is replayed with the policy whose nonce it carries.
  expect(second.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);

  // A shopper with a session and a cart: the page after the add is theirs (it shows the notice), the
  // next ones are the shared page, byte for byte, with no cookie set and no nonce of theirs.
  const [ordered, other] = simpleProducts(shared);
  expect(other, "two simple products on the shop page").toBeDefined();
  const shopper = await playwright.request.newContext({ baseURL });
  const added = await shopper.post("/cart", {
    form: { intent: "add", product_id: String(ordered!.id), quantity: "1" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const cookies = added.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
  expect(cookies.map((cookie) => cookie.value).join("\n")).toMatch(
    /vitrine_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
  );
  const withNotice = await shopper.get("/shop");
  expect(withNotice.headers()["cache-control"]).toBe("private, no-cache");
  expect(await withNotice.text()).toContain("has been added to your cart");
  const afterwards = await shopper.get("/shop");
  expect(afterwards.headers()["x-page-cache"]).toBe("HIT");
  expect(afterwards.headers()["set-cookie"]).toBeUndefined();
  expect(await afterwards.text()).toBe(shared);
  const product = await shopper.get(ordered!.path);
  expect(product.headers()["cache-control"]).toContain("public");
  expect(await product.text()).toMatch(/name="x-vitrine-nonce" content=""/);

  // Staff get their own render.
  const admin = await playwright.request.newContext({ baseURL });
  const account = await (await admin.get("/my-account")).text();
  const signedIn = await admin.post("/my-account", {
    form: { intent: "login", username: ADMIN.email, password: ADMIN.password, _wpnonce: formNonce(account) },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  const staffPage = await admin.get("/shop");
  expect(staffPage.headers()["cache-control"]).toBe("private, no-cache");
  expect(staffPage.headers()["x-page-cache"]).toBeUndefined();

  // An order drops the pages that show its products, and only those.
  const cacheOf = async (path: string) => (await guest.get(path)).headers()["x-page-cache"];
  const pages = ["/shop", ordered!.path, other!.path];
  for (const path of pages) await cacheOf(path);
  for (const path of pages) expect(await cacheOf(path), path).toBe("HIT");
  const buyer = await guestWithCart(baseURL, ordered!.id);
  expect((await checkoutByApi(baseURL, buyer)).status).toBe(200);
  expect(await cacheOf(ordered!.path), "the ordered product's page").toBe("MISS");
  expect(await cacheOf("/shop"), "the listing that shows it").toBe("MISS");
  expect(await cacheOf(other!.path), "another product's page").toBe("HIT");
  for (const context of [guest, shopper, admin]) await context.dispose();
});
