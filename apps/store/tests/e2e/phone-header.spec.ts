import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

/**
 * The header below 850 px (issue 37, decision 0052): one row of 60–70 px with the Menu control, the
 * store's name, Search, account and cart; the search opens below it on demand; the languages are in
 * the menu. From 850 px, the full header as before.
 */
const PHONE = { width: 360, height: 640 };
const STORE_NAME = "Vitrine";
const serious = (violations: Array<{ impact?: string | null }>) =>
  violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

/** Hydrated (the menus have said so): the header's search control is a button from here on. */
const headerReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.menus === "ready");

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** Each control inside the bar's height, in this order from left to right, none over another. */
async function expectOneRow(bar: Locator, controls: Locator[]) {
  const row = await boxOf(bar);
  let right = row.x;
  for (const control of controls) {
    const box = await boxOf(control);
    expect(box.y).toBeGreaterThanOrEqual(row.y);
    expect(box.y + box.height).toBeLessThanOrEqual(row.y + row.height);
    expect(box.x).toBeGreaterThanOrEqual(right);
    right = box.x + box.width;
  }
  expect(right).toBeLessThanOrEqual(row.x + row.width);
}

test.describe("the header on a phone, 360 × 640", () => {
  test.use({ viewport: PHONE });

  for (const [locale, names] of [
    [
      "en",
      {
        menu: "Menu",
        search: "Search the shop",
        account: "My account",
        cart: /^Cart, 0 items$/,
        other: "Español",
      },
    ],
    [
      "es",
      {
        menu: "Menú",
        search: "Buscar en la tienda",
        account: "Mi cuenta",
        cart: /^Carrito, 0 artículos$/,
        other: "English",
      },
    ],
  ] as const) {
    test(`(${locale}) is one row of 60 to 70 px: Menu, the store's name, Search, account and cart; the languages are in the menu`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${locale}`);
      await headerReady(page);
      const header = page.getByRole("banner");
      const menu = page.getByRole("button", { name: names.menu, exact: true });
      // The drawer's code has arrived: its button has taken the link's place.
      await expect(menu).toBeVisible();
      const height = (await boxOf(header)).height;
      expect(height).toBeGreaterThanOrEqual(60);
      expect(height).toBeLessThanOrEqual(70);
      await expectOneRow(header, [
        menu,
        header.getByRole("link", { name: STORE_NAME, exact: true }),
        header.getByRole("button", { name: names.search }),
        header.getByRole("button", { name: names.account }),
        header.getByRole("link", { name: names.cart }),
      ]);
      // The search field waits for its button; the language switch is not in the bar.
      await expect(page.getByRole("combobox")).toBeHidden();
      await expect(page.getByRole("button", { name: names.other })).toBeHidden();

      // Nothing a shopper could do is lost: the languages are in the menu's drawer.
      await menu.click();
      const drawer = page.getByRole("dialog");
      await drawer.getByRole("button", { name: names.other }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", locale === "en" ? "es" : "en");
    });
  }

  test("with a product in the cart it is still one row, and the store's name shows whole", async ({
    cartWithProduct: { page },
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await headerReady(page);
    const header = page.getByRole("banner");
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    const logo = header.getByRole("link", { name: STORE_NAME, exact: true });
    await expectOneRow(header, [
      page.getByRole("button", { name: "Menu", exact: true }),
      logo,
      header.getByRole("button", { name: "Search the shop" }),
      header.getByRole("button", { name: "My account" }),
      header.getByRole("link", { name: /^Cart, 1 item$/ }),
      header.getByRole("button", { name: "Show cart contents" }),
    ]);
    const height = (await boxOf(header)).height;
    expect(height).toBeGreaterThanOrEqual(60);
    expect(height).toBeLessThanOrEqual(70);
    expect(await logo.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  test("the search opens on demand below the bar, takes the focus, finds a product, and closes with Escape", async ({
    page,
  }) => {
    await page.goto("/");
    await headerReady(page);
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: "Search the shop" });
    const field = page.getByRole("combobox", { name: "Search products" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "header-search");
    await expect(field).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    // Below the bar's row, across the screen.
    const below = await boxOf(toggle);
    expect((await boxOf(field)).y).toBeGreaterThanOrEqual(below.y + below.height);
    expect((await boxOf(page.locator("#header-search"))).width).toBeGreaterThan(PHONE.width - 40);

    await field.pressSequentially("mug");
    const first = page.getByRole("listbox", { name: "Product suggestions" }).getByRole("option").first();
    await expect(first).toBeVisible();
    expect(serious((await axe(page, "header").analyze()).violations)).toEqual([]);

    // The first Escape closes the suggestions, the next one the search, and the focus goes back.
    await page.keyboard.press("Escape");
    await expect(first).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(field).toBeHidden();
    await expect(toggle).toBeFocused();

    // Open again from the keyboard; a suggestion chosen leads to its product, and the search closes.
    await page.keyboard.press("Enter");
    await expect(field).toBeFocused();
    await field.pressSequentially("mug");
    await expect(first).toBeVisible();
    const name = ((await first.textContent()) ?? "").trim();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name.slice(0, 12));
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(field).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("without JavaScript a shopper can still search, reach the menu and change the language", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/");
    const header = page.getByRole("banner");
    const height = (await boxOf(header)).height;
    expect(height).toBeGreaterThanOrEqual(60);
    expect(height).toBeLessThanOrEqual(70);
    await expectOneRow(header, [
      header.getByRole("link", { name: "Menu", exact: true }),
      header.getByRole("link", { name: STORE_NAME, exact: true }),
      header.getByRole("link", { name: "Search the shop" }),
      header.getByRole("link", { name: "My account" }),
      header.getByRole("link", { name: /^Cart, 0 items$/ }),
    ]);

    const field = page.getByRole("searchbox", { name: "Search products" });
    await expect(field).toBeHidden();
    await header.getByRole("link", { name: "Search the shop" }).click();
    await expect(page).toHaveURL(/#header-search$/);
    await expect(field).toBeVisible();
    await field.fill("mug");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?(.*&)?s=mug/);
    await expect(page.locator("main").getByRole("link", { name: /Mug/ }).first()).toBeVisible();

    await header.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("banner").getByRole("link", { name: "Buscar en la tienda" })).toBeVisible();
    await context.close();
  });
});

test.describe("the full header from 850 px", () => {
  for (const width of [850, 1280]) {
    test(`at ${width} px: the search field, the languages, account and cart in the bar, the main menu below it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 720 });
      await page.goto("/");
      await headerReady(page);
      const header = page.getByRole("banner");
      await expect(header.getByRole("button", { name: "Search the shop" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
      const field = header.getByRole("combobox", { name: "Search products" });
      await expect(header.getByText("My account", { exact: true })).toBeVisible();
      await expect(header.getByRole("link", { name: /^Cart, 0 items$/ })).toHaveText("Cart (0)");
      const menu = page.getByRole("navigation", { name: "Main menu" });
      const bar = (await boxOf(menu)).y;
      let right = 0;
      for (const control of [
        header.getByRole("link", { name: STORE_NAME, exact: true }),
        field,
        header.getByRole("button", { name: "English" }),
        header.getByRole("button", { name: "Español" }),
        header.getByRole("button", { name: "My account" }),
        header.getByRole("link", { name: /^Cart, 0 items$/ }),
      ]) {
        const box = await boxOf(control);
        expect(box.y + box.height).toBeLessThanOrEqual(bar);
        expect(box.x).toBeGreaterThanOrEqual(right);
        right = box.x + box.width;
      }
      // The search form takes the room left in the row, as before: 16 px from the name and the languages.
      const name = await boxOf(header.getByRole("link", { name: STORE_NAME, exact: true }));
      const search = await boxOf(header.getByRole("search"));
      const languages = await boxOf(header.getByRole("form", { name: "Language" }));
      expect(Math.round(search.x - (name.x + name.width))).toBe(16);
      expect(Math.round(languages.x - (search.x + search.width))).toBe(16);
    });
  }

  test("at 849 px the bar is the phone's", async ({ page }) => {
    await page.setViewportSize({ width: 849, height: 720 });
    await page.goto("/");
    await headerReady(page);
    await expect(page.getByRole("button", { name: "Search the shop" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search products" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });
});
