import type { Page } from "@playwright/test";
import { ADMIN, bearer, DEMO_STORE, expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

const menusReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.menus === "ready");
const firstDropdownItem = (page: Page) => page.locator(".main-menu .has-dropdown").first();

/**
 * The home page on a paused fake clock, and a pointer move that waits until the page has seen it:
 * Chromium hands mouse moves to the page with its next frame, so the clock never runs ahead of them.
 */
async function homeOnPausedClock(page: Page) {
  await page.clock.install();
  await page.addInitScript(() => {
    document.addEventListener(
      "pointermove",
      (event) => {
        (window as unknown as { lastPointer: string }).lastPointer = `${event.clientX},${event.clientY}`;
      },
      true,
    );
  });
  await page.goto("/");
  await menusReady(page);
  // From here time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  return async (x: number, y: number) => {
    await page.mouse.move(x, y);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { lastPointer?: string }).lastPointer))
      .toBe(`${x},${y}`);
  };
}

test.describe("main menu dropdowns", () => {
  test("open with hover intent (3 px, 20 ms) and close 150 ms after the pointer leaves, unless it comes back", async ({
    page,
  }) => {
    const moveTo = await homeOnPausedClock(page);
    const item = firstDropdownItem(page);
    const dropdown = item.locator(".menu-dropdown");
    const box = (await item.getByRole("link").first().boundingBox())!;
    const y = Math.round(box.y + box.height / 2);
    const at = (dx: number) => moveTo(Math.round(box.x) + 4 + dx, y);

    // A mouse passing through (4 px or more per 20 ms) does not open it.
    await at(0);
    await page.clock.runFor(10);
    for (let step = 1; step <= 4; step++) {
      await at(step * 4);
      await page.clock.runFor(20);
    }
    await expect(dropdown).toBeHidden();
    // Resting: open at the next 20 ms comparison.
    await page.clock.runFor(20);
    await expect(dropdown).toBeVisible();
    await expect(item.getByRole("button")).toHaveAttribute("aria-expanded", "true");

    // Out and back within 150 ms: stays open.
    await moveTo(5, 600);
    await page.clock.runFor(100);
    await at(0);
    await page.clock.runFor(100);
    await expect(dropdown).toBeVisible();

    // Out for good: still there at 149 ms, gone at 150 ms.
    await moveTo(5, 600);
    await page.clock.runFor(149);
    await expect(dropdown).toBeVisible();
    await page.clock.runFor(1);
    await expect(dropdown).toBeHidden();
  });

  test("a click on the toggle that the resting pointer has just opened keeps it open; the next click closes it", async ({
    page,
  }) => {
    const moveTo = await homeOnPausedClock(page);
    const item = firstDropdownItem(page);
    const toggle = item.getByRole("button");
    const box = (await toggle.boundingBox())!;
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + box.height / 2);
    await moveTo(x, y);
    await page.clock.runFor(40);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The click the pointer was on its way to make: it meant "open".
    await page.mouse.down();
    await page.mouse.up();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(item.locator(".menu-dropdown")).toBeVisible();
    await page.mouse.down();
    await page.mouse.up();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(item.locator(".menu-dropdown")).toBeHidden();
  });

  for (const [locale, submenu] of [
    ["en", "Submenu of"],
    ["es", "Submenú de"],
  ] as const) {
    test(`(${locale}) the keyboard opens a dropdown with its toggle button and Escape closes it, back on the button`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${locale}`);
      await menusReady(page);
      const item = firstDropdownItem(page);
      const name = ((await item.getByRole("link").first().textContent()) ?? "").trim();
      const toggle = item.getByRole("button", { name: `${submenu} ${name}` });
      await toggle.focus();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(item.locator(".menu-dropdown")).toBeVisible();
      expect((await axe(page, ".main-menu").analyze()).violations).toEqual([]);
      await page.keyboard.press("Tab");
      await expect(item.locator(".menu-dropdown a").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(item.locator(".menu-dropdown")).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    });
  }

  test("touch opens and closes a dropdown with its toggle button", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ hasTouch: true, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await menusReady(page);
    const item = firstDropdownItem(page);
    const toggle = item.getByRole("button");
    await toggle.tap();
    await expect(item.locator(".menu-dropdown")).toBeVisible();
    await toggle.tap();
    await expect(item.locator(".menu-dropdown")).toBeHidden();
    await context.close();
  });

  test("without JavaScript, hover and keyboard focus open a dropdown", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    const item = firstDropdownItem(page);
    await expect(item.getByRole("button")).toBeHidden();
    await expect(item.locator(".menu-dropdown")).toBeHidden();
    await item.getByRole("link").first().hover();
    await expect(item.locator(".menu-dropdown")).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(item.locator(".menu-dropdown")).toBeHidden();
    await item.getByRole("link").first().focus();
    await expect(item.locator(".menu-dropdown")).toBeVisible();
    await context.close();
  });

  test("a dropdown that would leave the menu's row is moved inside it, only when the row is at least 750 px wide", async ({
    page,
  }) => {
    await page.goto("/");
    await menusReady(page);
    const item = page.locator(".main-menu .has-dropdown").last();
    const dropdown = item.locator(".menu-dropdown");
    const row = page.locator(".main-menu > ul");
    // Dropdowns as wide as the row's right part, so the last one cannot fit where it opens.
    await page.addStyleTag({ content: ".menu-dropdown { min-width: 700px; }" });
    await item.getByRole("button").click();
    await expect(dropdown).toBeVisible();
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.width).toBeGreaterThanOrEqual(750);
    const moved = (await dropdown.boundingBox())!;
    expect(moved.x + moved.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
    await item.getByRole("button").click();

    // The same row at 740 px: the dropdown opens where it is, past the row's edge.
    await page.addStyleTag({ content: ".main-menu > ul { max-width: 740px; margin: 0; }" });
    await item.getByRole("button").click();
    const narrowRow = (await row.boundingBox())!;
    const unmoved = (await dropdown.boundingBox())!;
    expect(narrowRow.width).toBeLessThan(750);
    expect(unmoved.x + unmoved.width).toBeGreaterThan(narrowRow.x + narrowRow.width);
  });
});

test.describe("the header on small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [locale, menu, close] of [
    ["en", "Menu", "Close menu"],
    ["es", "Menú", "Cerrar el menú"],
  ] as const) {
    test(`(${locale}) at 849 px and below: a compact bar, and the main menu in a drawer`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${locale}`);
      await menusReady(page);
      const header = page.locator("header.site-header");
      const bar = (await header.boundingBox())!;
      // A compact bar: well under a fifth of a phone's screen (it wrapped over a third).
      expect(bar.height).toBeLessThan(844 / 5);
      await expect(page.locator(".main-menu")).toBeHidden();
      const toggle = page.getByRole("button", { name: menu, exact: true });
      await toggle.click();
      const drawer = page.getByRole("dialog", { name: locale === "en" ? "Main menu" : "Menú principal" });
      await expect(drawer).toBeVisible();
      const firstCategory = (
        (await page.locator(".main-menu .has-dropdown > a").first().textContent()) ?? ""
      ).trim();
      await expect(drawer.getByRole("link", { name: firstCategory, exact: true })).toBeVisible();
      expect(
        (await axe(page).analyze()).violations.filter(
          (v) => v.impact === "serious" || v.impact === "critical",
        ),
      ).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      const link = drawer.getByRole("link", { name: firstCategory, exact: true });
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === href);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole("button", { name: close })).toHaveCount(0);
    });
  }

  test("at 850 px the full header stays: no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 850, height: 800 });
    await page.goto("/");
    await menusReady(page);
    await expect(page.locator(".main-menu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  });
});

test("the vertical category menu is held open on the home page while the header is not stuck, when the store says so", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  // A store apart from the main one (the worker's; settings put back after): the setting is store-wide.
  const admin = ADMIN;
  const store = await sharedStore(DEMO_STORE);
  const origin = `http://127.0.0.1:${store.port}`;
  const list = page.locator(".vertical-menu-list");
  const toggle = page.getByRole("button", { name: "Browse categories" });

  // Off by default: folded on the home page too.
  await page.goto(`${origin}/`);
  await menusReady(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();

  const { token } = (await (
    await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: admin })
  ).json()) as { token: string };
  const changed = await page.request.put(`${origin}/api/vitrine/v2/settings`, {
    headers: bearer(token),
    data: { header_nav_vertical_fly_out_frontpage: true },
  });
  expect(changed.status()).toBe(200);
  await expect.poll(async () => (await page.request.get(`${origin}/`)).text()).toContain("data-held-open");

  await page.goto(`${origin}/`);
  await menusReady(page);
  await expect(list).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("link").first()).toBeVisible();
  // Past the header's height plus 100 px the header sticks, and the list folds away.
  await page.mouse.wheel(0, 1500);
  await expect(page.locator("header.site-header")).toHaveClass(/\bstuck\b/);
  await expect(list).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Back at the top, it is held open again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator("header.site-header")).not.toHaveClass(/\bstuck\b/);
  await expect(list).toBeVisible();

  // Elsewhere it is folded until its button opens it; Escape folds it again.
  await page.goto(`${origin}/shop?lang=es`);
  await menusReady(page);
  const spanishToggle = page.getByRole("button", { name: "Ver categorías" });
  await expect(list).toBeHidden();
  await spanishToggle.click();
  await expect(list).toBeVisible();
  await expect(spanishToggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();

  // Without JavaScript the home page holds it open as well.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`${origin}/`);
  await expect(plain.locator(".vertical-menu-list")).toBeVisible();
  await context.close();
});
