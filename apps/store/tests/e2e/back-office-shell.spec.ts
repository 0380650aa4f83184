import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, hydrated, test } from "./fixtures.ts";
import { seriousViolations, signInByForm } from "./support.ts";

/**
 * The back office's own frame (issue 40, decision 0064): the store's name, "View store", the
 * signed-in person and "Sign out", the owner's navigation, and none of the storefront's header,
 * search, mini-cart or footer; from a 360 px phone, where the navigation folds behind "Menu", to a
 * desktop.
 */

async function administrator(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 740 } });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await hydrated(page);
  return page;
}

/** None of the storefront's frame: its header, search, mini-cart, footer. */
async function expectNoStorefrontFrame(page: Page) {
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.locator(".header-cart")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

test("on a 360 px phone the navigation opens from Menu by keyboard, and a link followed closes it", async ({
  browser,
  baseURL,
}) => {
  const page = await administrator(browser, baseURL!, 360);
  await expectNoStorefrontFrame(page);
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("link", { name: "View store" })).toHaveAttribute("href", "/");
  await expect(bar).toContainText(`Signed in as ${ADMIN.email}`);
  const nav = page.getByRole("navigation", { name: "Back office" });
  const menu = bar.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The next Tab goes into the menu it opened.
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Media" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await page.context().close();
});

test("on a desktop the navigation stands beside the page; View store and Sign out leave the back office", async ({
  browser,
  baseURL,
}) => {
  const page = await administrator(browser, baseURL!, 1280);
  await expectNoStorefrontFrame(page);
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("button", { name: "Menu" })).toBeHidden();
  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: "People" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await bar.getByRole("link", { name: "View store" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator(".site-header")).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.locator("form.woocommerce-form-login")).toBeVisible();
  await page.context().close();
});
