import type { APIRequestContext, Page } from "@playwright/test";
import { bearer, expect, test } from "./fixtures.ts";
import { addFirstSimpleProduct, fillBilling } from "./support.ts";

/** A page view counts once the page's script has run, as in a shopper's browser. */
async function visit(page: Page, url: string, referer?: string) {
  await page.goto(url, referer ? { referer } : undefined);
  // Counted once the session cookie names this very page as the current one.
  // (The cookie's value is encoded whole, as sourcebuster writes it.)
  await page.waitForFunction(() => {
    const session = decodeURIComponent(document.cookie.match(/(?:^|; )sbjs_session=([^;]*)/)?.[1] ?? "");
    return session.endsWith(`cpg=${window.location.href}`);
  });
  const pages = await page.evaluate(
    () =>
      decodeURIComponent(document.cookie.match(/(?:^|; )sbjs_session=([^;]*)/)?.[1] ?? "").match(
        /^pgs=(\d+)/,
      )?.[1],
  );
  return Number(pages);
}

async function orderFor(page: Page, javaScript: boolean) {
  const before = await visit(page, "/shop");
  await addFirstSimpleProduct(page);
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  expect(await visit(page, "/checkout")).toBe(before + 1);
  await fillBilling(page, { "First name": "Ann", "Email address": "ann@example.com" });
  await page.getByLabel(/I have read and agree/).check();
  if (javaScript) {
    const api = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/store/v1/checkout",
    );
    await page.getByRole("button", { name: "Place order" }).click();
    expect((await api).status()).toBe(200);
  } else {
    await page.getByRole("button", { name: "Place order" }).click();
  }
  await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function adminOrder(request: APIRequestContext, token: string, id: number) {
  return (await request.get(`/api/vitrine/v2/orders/${id}`, { headers: bearer(token) })).json();
}

test("a campaign link, a few pages, then the block checkout: the order carries the utm record", async ({
  page,
  request,
  adminToken,
}) => {
  const campaign = "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale";
  expect(await visit(page, campaign, "https://mail.example.net/inbox")).toBe(1);
  expect(await visit(page, "/shop")).toBe(2);
  expect(await visit(page, "/product-category/kitchen")).toBe(3);
  const id = await orderFor(page, true);
  const order = await adminOrder(request, adminToken, id);
  expect(order.origin).toBe("Source: Newsletter");
  expect(order.attribution).toMatchObject({
    sourceType: "utm",
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "spring-sale",
    referrer: "https://mail.example.net/inbox",
    deviceType: "Desktop",
  });
  expect(order.attribution.sessionPages).toBe("5");
  expect(order.attribution.sessionCount).toBe("1");
  expect(order.attribution.sessionEntry).toMatch(/utm_source=newsletter/);

  // The owner's report groups orders and revenue by where they came from.
  const today = new Date().toISOString().slice(0, 10);
  const report = await (
    await request.get(`/api/vitrine/v2/reports/attribution?from=${today}&to=${today}`, {
      headers: bearer(adminToken),
    })
  ).json();
  const group = report.groups.find(
    (g: { origin: string; campaign: string }) =>
      g.origin === "Source: Newsletter" && g.campaign === "spring-sale",
  );
  expect(group).toMatchObject({ source_type: "utm", device: "Desktop" });
  expect(group.orders).toBeGreaterThanOrEqual(1);
  expect(group.revenue).toBeGreaterThan(0);
  const bad = await request.get("/api/vitrine/v2/reports/attribution?from=yesterday", {
    headers: bearer(adminToken),
  });
  expect(bad.status()).toBe(400);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the classic form's hidden inputs are there and blank, and nothing is stored", async ({ page }) => {
    await page.goto("/", { referer: "https://www.google.com/search?q=mugs" });
    await page.goto("/shop");
    await addFirstSimpleProduct(page);
    await page.goto("/checkout");
    const inputs = page.locator('form.checkout input[name^="wc_order_attribution_"]');
    await expect(inputs).toHaveCount(16);
    // All inside the one element WooCommerce's order-attribution.js fills.
    await expect(
      page.locator('form.checkout wc-order-attribution-inputs input[name^="wc_order_attribution_"]'),
    ).toHaveCount(16);
    expect(
      await inputs.evaluateAll((list) => list.map((input) => (input as HTMLInputElement).value).join("")),
    ).toBe("");
  });
});

test("a search engine, then the classic form with JavaScript: organic, with the hidden inputs filled", async ({
  page,
  request,
  adminToken,
}) => {
  await visit(page, "/", "https://www.google.co.uk/");
  await visit(page, "/cart");
  const id = await (async () => {
    await visit(page, "/shop");
    await addFirstSimpleProduct(page);
    await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
    await visit(page, "/checkout");
    await expect(page.locator('input[name="wc_order_attribution_source_type"]')).toHaveValue("organic");
    await expect(page.locator('input[name="wc_order_attribution_utm_source"]')).toHaveValue("google");
    // Submit the classic way: the form's own post, as a shopper without the block checkout would.
    await page.locator("form.checkout").evaluate((form: HTMLFormElement) => {
      form.querySelector<HTMLInputElement>('input[name="billing_first_name"]')!.value = "Ola";
      for (const [name, value] of Object.entries({
        billing_last_name: "Search",
        billing_address_1: "2 Query Rd",
        billing_city: "Austin",
        billing_postcode: "73301",
        billing_email: "ola@example.com",
        billing_phone: "5125550100",
      }))
        form.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value = value;
      form.querySelector<HTMLSelectElement>('[name="billing_state"]')!.value = "TX";
      form.querySelector<HTMLInputElement>('[name="terms"]')!.checked = true;
      HTMLFormElement.prototype.submit.call(form);
    });
    await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
    return Number(new URL(page.url()).pathname.split("/").pop());
  })();
  const order = await adminOrder(request, adminToken, id);
  expect(order.origin).toBe("Organic: Google");
  expect(order.attribution).toMatchObject({
    sourceType: "organic",
    utmSource: "google",
    utmMedium: "organic",
  });
});

test("a referral from another site, and setOrderTracking(false) deleting the cookies", async ({
  page,
  context,
}) => {
  await visit(page, "/shop", "https://blog.example.org/posts/best-mugs");
  const cookie = (await context.cookies()).find((c) => c.name === "sbjs_current");
  expect(decodeURIComponent(cookie!.value)).toContain("typ=referral|||src=blog.example.org|||mdm=referral");
  const names = (await context.cookies()).map((c) => c.name).filter((name) => name.startsWith("sbjs_"));
  expect(names.sort()).toEqual(
    [
      "sbjs_current",
      "sbjs_current_add",
      "sbjs_first",
      "sbjs_first_add",
      "sbjs_migrations",
      "sbjs_promo",
      "sbjs_session",
      "sbjs_udata",
    ].sort(),
  );
  await page.evaluate(() => window.setOrderTracking?.(false));
  expect((await context.cookies()).filter((c) => c.name.startsWith("sbjs_"))).toEqual([]);
  await page.evaluate(() => window.setOrderTracking?.(true));
  expect((await context.cookies()).some((c) => c.name === "sbjs_current")).toBe(true);
});

test("a checkout that sends a non-string attribution field is refused, naming it", async ({
  cartWithProduct: { page },
}) => {
  await page.goto("/checkout");
  const result = await page.evaluate(async () => {
    const response = await fetch("/api/store/v1/checkout", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Vitrine-Nonce": document.querySelector<HTMLMetaElement>('meta[name="x-vitrine-nonce"]')!.content,
      },
      body: JSON.stringify({ extensions: { "woocommerce/order-attribution": { utm_source: 42 } } }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(result.status).toBe(400);
  expect(result.body.message).toContain("utm_source");
});

test("a form that lost its hidden attribution inputs gets a console warning", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await visit(page, "/my-account");
  expect(warnings.filter((w) => w.includes("wc_order_attribution"))).toEqual([]);
  await page.evaluate(() => {
    for (const input of document.querySelectorAll(
      'form.woocommerce-form-register input[name^="wc_order_attribution_"]',
    ))
      input.remove();
    window.setOrderTracking?.(true);
  });
  await expect.poll(() => warnings.some((w) => w.includes("wc_order_attribution"))).toBe(true);
});
