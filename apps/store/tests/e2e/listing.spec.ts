import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { axe } from "./support.ts";

const cards = (page: Page) => page.locator("ul.products > li.product-small");

test.describe("product grid", () => {
  for (const [width, columns] of [
    [1280, 3],
    [700, 3],
    [550, 3],
    [549, 2],
    [375, 2],
  ] as const) {
    test(`${columns} columns at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/shop");
      const template = await page
        .locator("ul.products")
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns);
      expect(template.split(" ")).toHaveLength(columns);
    });
  }

  test("titles, prices, excerpts and buttons line up across each row", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/shop");
    const tops = async (selector: string) =>
      page
        .locator(`ul.products > li.product-small > ${selector}`)
        .evaluateAll((elements) =>
          elements.slice(0, 3).map((element) => Math.round(element.getBoundingClientRect().top)),
        );
    for (const part of [".product-title", ".price-wrapper", ".product-excerpt", ".add-to-cart-button"]) {
      const row = await tops(part);
      expect(new Set(row).size, part).toBe(1);
    }
  });
});

test("a listing's first picture, its largest, is asked for from the head at high priority; the others load lazily", async ({
  page,
}) => {
  await page.goto("/shop");
  const first = cards(page).first().locator("img");
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  const sources = await cards(page).first().locator("source").first().getAttribute("srcset");
  const preloaded = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
  await expect(preloaded).toHaveCount(1);
  await expect(preloaded).toHaveAttribute("imagesrcset", sources ?? "");
  for (const later of await cards(page)
    .locator("img")
    .all()
    .then((images) => images.slice(1)))
    await expect(later).toHaveAttribute("loading", "lazy");
});

test("the sort select submits as soon as the choice changes", async ({ page }) => {
  await page.goto("/shop");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
  await page.getByLabel("Sort products").selectOption("price");
  await expect(page).toHaveURL(/\/shop\?orderby=price$/);
  // The price a shopper pays: the sale price when on sale, the lowest of a range.
  const paid = () =>
    cards(page)
      .locator(".price")
      .evaluateAll((elements) =>
        elements.map((element) => {
          const amounts = [...(element.textContent ?? "").matchAll(/\$(\d+(?:\.\d+)?)/g)].map((m) =>
            Number(m[1]),
          );
          return element.querySelector("ins") ? amounts[amounts.length - 1]! : amounts[0]!;
        }),
      );
  await expect
    .poll(async () => {
      const prices = await paid();
      return prices.length === 12 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sorting uses its button, pages are links, and the filters are on the page", async ({ page }) => {
    await page.goto("/shop");
    await page.getByLabel("Sort products").selectOption("price-desc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/orderby=price-desc/);
    const pagination = page.getByRole("navigation", { name: "Product pages" });
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/shop\/page\/2\?orderby=price-desc$/);
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Filter" }).click();
    await expect(page).toHaveURL(/#shop-sidebar$/);
    await expect(page.locator("#shop-sidebar")).toBeInViewport();
  });
});

test("infinite scroll loads the next page in place, moves the address, and back returns to the same spot", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/shop");
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Product pages" })).toHaveCount(0);
  await expect(cards(page)).toHaveCount(12);
  await page.mouse.wheel(0, 20_000);
  await expect(cards(page)).toHaveCount(24);
  await expect(page).toHaveURL(/\/shop\/page\/2$/);

  // Behaviours work on the appended items: their add-to-cart forms post like the others.
  const appended = cards(page).nth(20);
  await appended.scrollIntoViewIfNeeded();
  const name = ((await appended.locator(".product-title a").textContent()) ?? "").trim();
  const scrolled = await page.evaluate(() => window.scrollY);
  await appended.locator(".product-title a").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/page\/2$/);
  await expect(cards(page)).toHaveCount(24);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 50);
});

test.describe("shop sidebar", () => {
  test("opens from its button, traps focus, closes on Escape and returns focus", async ({ page }) => {
    await page.goto("/shop");
    await hydrated(page);
    const opener = page.getByRole("button", { name: "Filter" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Filter" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("id", "shop-sidebar");
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("opens by id: from the address and from a link to #shop-sidebar", async ({ page }) => {
    await page.goto("/shop#shop-sidebar");
    await expect(page.getByRole("dialog", { name: "Filter" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "#shop-sidebar";
      link.textContent = "Open the filters";
      document.querySelector("h1")?.after(link);
    });
    await page.getByRole("link", { name: "Open the filters" }).click();
    await expect(page.getByRole("dialog", { name: "Filter" })).toBeVisible();
  });

  test("filters by price and by category", async ({ page }) => {
    await page.goto("/shop");
    await hydrated(page);
    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog", { name: "Filter" });
    await dialog.getByLabel("Min price").fill("20");
    await dialog.getByLabel("Max price").fill("40");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/min_price=20&max_price=40/);
    await expect(dialog).toBeHidden();
    // The address moves as the navigation starts; the grid follows when the filtered page arrives.
    const lows = () =>
      cards(page)
        .locator(".price")
        .evaluateAll((elements) =>
          elements.map((element) => {
            const amounts = [...(element.textContent ?? "").matchAll(/\$(\d+(?:\.\d+)?)/g)].map((m) =>
              Number(m[1]),
            );
            return element.querySelector("ins") ? amounts[amounts.length - 1]! : amounts[0]!;
          }),
        );
    await expect.poll(async () => (await lows()).filter((low) => low < 20 || low > 40)).toEqual([]);
    expect((await lows()).length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Filter" }).click();
    await dialog.getByRole("link", { name: "Kitchen" }).click();
    await expect(page).toHaveURL(/\/product-category\/kitchen\?min_price=20&max_price=40$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen");
  });
});

test("axe finds no serious issue on a listing and its open sidebar", async ({ page }) => {
  await page.goto("/product-category/clothing");
  await hydrated(page);
  const serious = async () =>
    (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(await serious()).toEqual([]);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("dialog", { name: "Filter" })).toBeVisible();
  expect(await serious()).toEqual([]);
});

for (const [locale, firstPage, twoPages] of [
  ["en", /^Showing 1–12 of \d+ results$/, /^Showing 1–24 of \d+ results$/],
  ["es", /^Mostrando 1–12 de \d+ resultados$/, /^Mostrando 1–24 de \d+ resultados$/],
] as const) {
  test(`(${locale}) the result count catches up 2000 ms after infinite scroll appends a page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.install();
    await page.goto(`/shop?lang=${locale}`);
    await hydrated(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const count = page.locator(".woocommerce-result-count");
    await expect(count).toHaveText(firstPage);
    await page.mouse.wheel(0, 20_000);
    await expect(cards(page)).toHaveCount(24);
    await page.clock.runFor(1999);
    await expect(count).toHaveText(firstPage);
    await page.clock.runFor(1);
    await expect(count).toHaveText(twoPages);
  });
}
