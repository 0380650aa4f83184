import { ADMIN, bearer, EMPTY_STORE, expect, hydrated, type SharedStore, test } from "./fixtures.ts";
import { fillBilling, seriousViolations } from "./support.ts";

/**
 * Grouped, external and virtual products, and tags (issue 43, decision 0076), on the worker's empty
 * store: the owner makes them through the REST API, shoppers use them in the browser. The partner
 * site an external product sends shoppers to is answered by Playwright at the network edge.
 */

type Made = {
  suffix: string;
  grouped: string;
  external: string;
  externalId: number;
  partnerUrl: string;
  virtual: string;
  virtualName: string;
  tag: string;
};

/** The catalogue the tests use, made once per store through the owner's REST API. */
const made = new Map<string, Promise<Made>>();

function catalogue(store: SharedStore): Promise<Made> {
  let ready = made.get(store.origin);
  if (!ready) {
    ready = makeCatalogue(store);
    made.set(store.origin, ready);
  }
  return ready;
}

async function makeCatalogue(store: SharedStore): Promise<Made> {
  const api = `${store.origin}/api/vitrine/v2`;
  const issued = await fetch(`${api}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const owner = {
    ...bearer(((await issued.json()) as { token: string }).token),
    "Content-Type": "application/json",
  };
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${api}${path}`, {
      method: "POST",
      headers: owner,
      body: JSON.stringify(body),
    });
    expect(answer.status, `POST ${path}`).toBe(201);
    return (await answer.json()) as { id: number; slug: string };
  };
  const suffix = `${test.info().workerIndex}-${Date.now()}`;
  const simple = (slug: string, en: string, es: string, price: number) =>
    post("/products", {
      type: "simple",
      slug: `${slug}-${suffix}`,
      regular_price: price,
      stock_quantity: 20,
      translations: { en: { name: en }, es: { name: es } },
    });
  const cup = await simple("cup", "Stoneware cup", "Taza de gres", 1200);
  const saucer = await simple("saucer", "Stoneware saucer", "Platillo de gres", 800);
  await post("/products", {
    type: "grouped",
    slug: `tea-set-${suffix}`,
    grouped_products: [cup.id, saucer.id],
    translations: { en: { name: "Tea set" }, es: { name: "Juego de té" } },
  });
  const partnerUrl = `https://partner.example/lamp-${suffix}`;
  const external = await post("/products", {
    type: "external",
    slug: `partner-lamp-${suffix}`,
    regular_price: 4500,
    external_url: partnerUrl,
    button_text: "Buy at Partner",
    translations: {
      en: { name: "Partner lamp" },
      es: { name: "Lámpara del taller", button_text: "Comprar en el taller" },
    },
  });
  const tag = await post("/products/tags", {
    name: `Gifts ${suffix}`,
    translations: { es: { name: `Regalos ${suffix}` } },
  });
  const virtualName = `Styling session ${suffix}`;
  await post("/products", {
    type: "simple",
    slug: `styling-${suffix}`,
    virtual: true,
    regular_price: 2500,
    tags: [{ id: tag.id }],
    translations: { en: { name: virtualName }, es: { name: `Sesión de estilismo ${suffix}` } },
  });
  await fetch(`${api}/auth/token`, { method: "DELETE", headers: owner });
  return {
    suffix,
    grouped: `/product/tea-set-${suffix}`,
    external: `/product/partner-lamp-${suffix}`,
    externalId: external.id,
    partnerUrl,
    virtual: `/product/styling-${suffix}`,
    virtualName,
    tag: tag.slug,
  };
}

test("a grouped product's children go into the cart together, with JavaScript and without", async ({
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const store = await sharedStore(EMPTY_STORE);
  const shop = await catalogue(store);
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: store.origin, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(shop.grouped);
    if (javaScriptEnabled) await hydrated(page);
    const group = page.getByRole("table", { name: "Products in this group" });
    await expect(group.getByRole("row")).toHaveCount(3);
    // Its price is its children's range; no quantity of its own, no add-to-cart of its own.
    await expect(page.locator(".summary .price").first()).toContainText("$8.00 – $12.00");
    await group.getByLabel("Stoneware cup quantity").fill("2");
    await group.getByLabel("Stoneware saucer quantity").fill("1");
    if (javaScriptEnabled) expect(await seriousViolations(page, "main")).toEqual([]);
    await page.getByRole("button", { name: "Add the chosen products to the cart" }).click();
    await expect(page.getByText("2 products have been added to your cart.")).toBeVisible();
    await page.goto("/cart");
    const lines = page.locator("tr.cart_item");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: "Stoneware cup" }).getByRole("spinbutton")).toHaveValue("2");
    await expect(lines.filter({ hasText: "Stoneware saucer" }).getByRole("spinbutton")).toHaveValue("1");
    await context.close();
  }
});

test("an external product's button leaves for the partner's address, its click counted as an affiliate link's", async ({
  page,
  sharedStore,
}) => {
  const store = await sharedStore(EMPTY_STORE);
  const shop = await catalogue(store);
  // The partner's site, answered here: nothing leaves the machine.
  await page.route("https://partner.example/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<title>Partner</title><h1>Partner lamp</h1>",
    }),
  );
  await page.goto(`${store.origin}${shop.external}`);
  await hydrated(page);
  await expect(page.getByRole("button", { name: /Add to cart/ })).toHaveCount(0);
  await expect(page.getByRole("spinbutton")).toHaveCount(0);
  const button = page.getByRole("link", { name: "Buy at Partner" });
  await expect(button).toHaveAttribute("rel", /nofollow/);
  await button.click();
  await expect(page).toHaveURL(shop.partnerUrl);
  await expect(page.getByRole("heading", { name: "Partner lamp" })).toBeVisible();

  const issued = await page.request.post(`${store.origin}/api/vitrine/v2/auth/token`, { data: ADMIN });
  const owner = bearer(((await issued.json()) as { token: string }).token);
  const links = (await (
    await page.request.get(`${store.origin}/api/vitrine/v2/affiliate-links`, { headers: owner })
  ).json()) as Array<{ slug: string; clicks: number; target_url: string }>;
  expect(links.find((link) => link.slug === `product-${shop.externalId}`)).toMatchObject({
    clicks: 1,
    target_url: shop.partnerUrl,
  });
  await page.request.delete(`${store.origin}/api/vitrine/v2/auth/token`, { headers: owner });
});

test("a cart of a virtual product only checks out with no shipping address nor method", async ({
  browser,
  sharedStore,
}) => {
  const store = await sharedStore(EMPTY_STORE);
  const shop = await catalogue(store);
  const context = await browser.newContext({ baseURL: store.origin });
  const page = await context.newPage();
  await page.goto(shop.virtual);
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: /View cart/ }).first()).toBeVisible();
  await page.goto("/checkout");
  await hydrated(page);
  await expect(
    page.getByText("Nothing in this order is shipped: no shipping address is needed."),
  ).toBeVisible();
  await expect(page.getByLabel("Ship to a different address?")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Shipping method" })).toHaveCount(0);
  await fillBilling(page);
  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  await expect(page.getByText(shop.virtualName).first()).toBeVisible();
  await context.close();
});

test("a tag's page lists its products, and the product's page links to it", async ({ page, sharedStore }) => {
  const store = await sharedStore(EMPTY_STORE);
  const shop = await catalogue(store);
  await page.goto(`${store.origin}${shop.virtual}`);
  const tagLink = page.getByRole("link", { name: `Gifts ${shop.suffix}` });
  await expect(tagLink).toHaveAttribute("href", `/product-tag/${shop.tag}`);
  await page.goto(`${store.origin}/product-tag/${shop.tag}/`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Products tagged “Gifts ${shop.suffix}”` }),
  ).toBeVisible();
  const cards = page.locator("li.product-small");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("link", { name: shop.virtualName })).toBeVisible();
  expect((await page.request.get(`${store.origin}/product-tag/no-such-tag-${shop.suffix}`)).status()).toBe(
    404,
  );
});
