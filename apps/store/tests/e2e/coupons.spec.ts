import type { APIRequestContext } from "@playwright/test";
import { ADMIN, bearer, expect, hydrated, test } from "./fixtures.ts";
import { addToCartFromShop, backOfficeHydrated, seriousViolations, signInByForm } from "./support.ts";

/**
 * Coupons (issue 41, decision 0068): a shopper applies and removes one on the cart page, with and
 * without JavaScript, and is told WooCommerce's words; the owner creates one in the back office.
 * Codes are new for each test, so parallel tests never share one.
 */
const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createCoupon(request: APIRequestContext, token: string, code: string, extra: object = {}) {
  const made = await request.post("/api/vitrine/v2/coupons", {
    headers: bearer(token),
    data: { code, discount_type: "fixed_cart", amount: "1.00", ...extra },
  });
  expect(made.status()).toBe(201);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`coupons on the cart page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a shopper applies a coupon, is refused an unknown and an expired one, and removes it", async ({
      page,
      request,
      adminToken,
    }) => {
      const code = uniqueCode("save");
      const old = uniqueCode("old");
      await createCoupon(request, adminToken, code);
      await createCoupon(request, adminToken, old, { date_expires: "2020-01-01T00:00:00.000Z" });
      await addToCartFromShop(page);
      await page.goto("/cart");
      if (javaScriptEnabled) await hydrated(page);
      const said = javaScriptEnabled ? page.locator(".coupon-notice") : page.locator("main");

      const apply = async (text: string) => {
        await page.getByRole("textbox", { name: "Coupon code" }).fill(text);
        await page.getByRole("button", { name: "Apply coupon" }).click();
      };
      await apply(code.toUpperCase());
      await expect(said.getByText("Coupon code applied successfully.")).toBeVisible();
      const remove = page.getByRole("button", { name: `Remove coupon ${code}` });
      await expect(remove).toBeVisible();
      await expect(page.locator(".applied-coupons").getByText(`Coupon: ${code}`)).toBeVisible();
      // axe runs in the page: only where it has scripts.
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

      await apply("no-such-code");
      await expect(said.getByRole("alert")).toContainText('Coupon "no-such-code" does not exist!');
      await apply(old);
      await expect(said.getByRole("alert")).toContainText("This coupon has expired.");
      await apply(code);
      await expect(said.getByRole("alert")).toContainText("Coupon code already applied!");

      await remove.click();
      await expect(said.getByText("Coupon code removed successfully.")).toBeVisible();
      await expect(page.getByRole("button", { name: `Remove coupon ${code}` })).toHaveCount(0);
      // axe runs in the page: only where it has scripts.
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test("a ?coupon= link applies the code once the shopper has a cart", async ({
  page,
  request,
  adminToken,
}) => {
  const code = uniqueCode("link");
  await createCoupon(request, adminToken, code);
  await page.goto(`/shop?coupon=${code}`);
  await expect(page).toHaveURL(/\/shop$/);
  await expect(
    page.getByText(`The coupon “${code}” will be applied when you add a product to your cart.`),
  ).toBeVisible();
  await addToCartFromShop(page);
  await page.goto("/cart");
  await expect(page.getByRole("button", { name: `Remove coupon ${code}` })).toBeVisible();
});

test("the owner creates a coupon in the back office and finds it in the list", async ({ page }) => {
  const code = uniqueCode("owner");
  await signInByForm(page, ADMIN);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Coupons" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Add coupon" }).click();
  await backOfficeHydrated(page);
  await expect(page.getByRole("group", { name: "General" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Usage restriction" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Usage limits" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("combobox", { name: "Discount type" }).selectOption("percent");
  await page.getByRole("textbox", { name: "Coupon amount" }).fill("15");
  await page.getByRole("spinbutton", { name: "Usage limit per coupon" }).fill("3");
  await page.getByRole("button", { name: "Save coupon" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Coupon saved." })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: code }) });
  await expect(row).toContainText("Percentage discount");
  await expect(row).toContainText("15.00");
  await expect(row).toContainText("0 / 3");
});
