import type { Page } from "@playwright/test";
import { ADMIN, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * axe (current axe-core, WCAG 2.2 A/AA) on the pages and dialogs no other test scans: nothing
 * serious or critical on any of them.
 */
async function expectNothingSerious(page: Page, where: string) {
  const { violations } = await axe(page).analyze();
  expect(
    violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical"),
    where,
  ).toEqual([]);
}

test("the error and lost-password pages, in both languages", async ({ page }) => {
  for (const path of ["/no-such-page", "/product/no-such-product", "/my-account/lost-password"]) {
    for (const lang of ["en", "es"]) {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.locator("#main")).toBeVisible();
      await expectNothingSerious(page, `${path} (${lang})`);
    }
  }
});

test("the sign-in popup, the product sidebar and the product gallery's lightbox", async ({ page }) => {
  await page.goto("/product/heritage-cotton-sweater");
  await hydrated(page);
  await page.getByRole("button", { name: "My account" }).click();
  await expect(page.getByRole("dialog", { name: "Log in to your account" })).toBeVisible();
  await expectNothingSerious(page, "sign-in popup");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Browse the shop" }).click();
  await expect(page.getByRole("dialog", { name: "Browse the shop" })).toBeVisible();
  await expectNothingSerious(page, "product sidebar");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "View full-size images" }).click();
  await expect(page.getByRole("dialog", { name: "Image gallery" })).toBeVisible();
  await expectNothingSerious(page, "gallery lightbox");
});

test("a signed-in shopper's account and orders pages", async ({ page, shopper }) => {
  expect(shopper.email).toContain("@");
  for (const path of ["/my-account", "/my-account/orders"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNothingSerious(page, path);
  }
});

test("every page of the back office's navigation, and a product's and a page's editor (issue 40)", async ({
  browser,
  baseURL,
}) => {
  // About thirty pages, each loaded, hydrated and scanned by axe: minutes on a busy machine.
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto("/admin");
  const links = page.getByRole("navigation", { name: "Back office" }).getByRole("link");
  const paths = await links.evaluateAll((all) => all.map((link) => link.getAttribute("href") ?? ""));
  expect(paths.length).toBeGreaterThan(10);
  await page.goto("/admin/products");
  const product = await page.locator('main a[href^="/admin/products/"]').first().getAttribute("href");
  for (const path of [...paths, product ?? "/admin/products", "/admin/pages/home"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(page);
    await expectNothingSerious(page, path);
  }
  await context.close();
});
