import type { Locator, Page } from "@playwright/test";
import { ADMIN, bearer, DEMO_STORE, expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

/**
 * Back to top (issue 37, decision 0052): shown once the window has scrolled more than its height; a
 * click scrolls to the top (1 s, or at once with reduced motion) and moves the focus to the start of
 * the page; it keeps 16 px above any bar fixed along the window's foot.
 */
const PHONE = { width: 360, height: 640 };
/** Between the button and the window's corner, or the bar along the window's foot. */
const GAP = 16;
const serious = (violations: Array<{ impact?: string | null }>) =>
  violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.menus === "ready");

/**
 * Scrolls the window to `y` and waits for its scroll event: the button's own listener, added at
 * hydration, has run by then, and with the page's clock paused its frame waits for `runFor`.
 */
async function scrollWindowTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo(0, top);
      }),
    y,
  );
  await page.clock.runFor(20);
}

/** The page's clock, paused once the page is interactive: the scroll's frames move only with runFor. */
async function openPaused(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** The px between the button's foot and `edge` (a bar's top, or the window's foot). */
async function gapAbove(button: Locator, edge: number) {
  const box = await button.boundingBox();
  return box ? Math.round(edge - (box.y + box.height)) : null;
}

test.describe("back to top on a phone", () => {
  test.use({ viewport: PHONE });

  test.describe("with motion", () => {
    test.use({ reducedMotion: "no-preference" });

    test("absent at the top, shown past a screen's worth of scroll; a click scrolls up over 1 s and the next Tab starts at the top", async ({
      page,
    }) => {
      await openPaused(page, "/shop");
      const button = page.getByRole("button", { name: "Back to top" });
      await expect(button).toBeHidden();
      await scrollWindowTo(page, PHONE.height + 1);
      await expect(button).toBeVisible();
      await scrollWindowTo(page, PHONE.height);
      await expect(button).toBeHidden();
      const start = 2 * PHONE.height;
      await scrollWindowTo(page, start);
      await expect(button).toBeVisible();
      // In the window's corner.
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBe(PHONE.width - GAP);
      expect(box.y + box.height).toBe(PHONE.height - GAP);

      await button.click();
      // The focus is at the start of the page at once; the window follows over the spec's 1000 ms.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.clock.runFor(500);
      const halfway = await page.evaluate(() => window.scrollY);
      expect(halfway).toBeGreaterThan(0);
      expect(halfway).toBeLessThan(start);
      // The rest of the second, and the frame that ends it.
      await page.clock.runFor(520);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The last scroll's event comes with the browser's next frame; the button's own frame then
      // waits for the paused clock.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return button.isHidden();
        })
        .toBe(true);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    });
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("(es) the jump to the top is instant", async ({ page }) => {
      await openPaused(page, "/shop?lang=es");
      const button = page.getByRole("button", { name: "Volver arriba" });
      await scrollWindowTo(page, 2 * PHONE.height);
      await expect(button).toBeVisible();
      await button.click();
      // Not one frame of the paused clock has passed.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeFocused();
    });
  });

  test("keeps above the product's add-to-cart bar, and goes back to the corner when the bar does", async ({
    page,
  }) => {
    await page.goto("/product/heritage-cotton-sweater");
    await expect(page.getByRole("tablist", { name: "Product details" })).toBeVisible();
    const button = page.getByRole("button", { name: "Back to top" });
    const bar = page.getByRole("region", { name: "Add to cart bar" });
    // More than a screen down, with the main add-to-cart button in view: no bar yet.
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 40));
    await expect(button).toBeVisible();
    await expect(bar).toBeHidden();
    await expect.poll(() => gapAbove(button, PHONE.height)).toBe(GAP);

    // Past that button the bar comes, and the button keeps above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeVisible();
    const barTop = (await bar.boundingBox())!.y;
    await expect.poll(() => gapAbove(button, barTop)).toBe(GAP);
    expect(serious((await axe(page).analyze()).violations)).toEqual([]);

    // And back: the bar goes, the button returns to the corner.
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 40));
    await expect(bar).toBeHidden();
    await expect.poll(() => gapAbove(button, PHONE.height)).toBe(GAP);
  });

  test("keeps above the consent banner, and goes back to the corner once the shopper has chosen", async ({
    page,
    browser,
    sharedStore,
  }) => {
    // A store apart from the main one (the worker's, perhaps started now): the banner is a store-wide setting.
    test.setTimeout(120_000);
    const admin = ADMIN;
    const store = await sharedStore(DEMO_STORE);
    const origin = `http://127.0.0.1:${store.port}`;
    const { token } = (await (
      await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: admin })
    ).json()) as { token: string };
    const changed = await page.request.put(`${origin}/api/vitrine/v2/settings`, {
      headers: bearer(token),
      data: { consent: { banner: true } },
    });
    expect(changed.status()).toBe(200);

    const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
    const shopper = await context.newPage();
    await shopper.goto("/shop");
    await hydrated(shopper);
    const banner = shopper.getByRole("region", { name: "Your privacy choices" });
    await expect(banner).toBeVisible();
    const button = shopper.getByRole("button", { name: "Back to top" });
    await shopper.evaluate(() => window.scrollTo(0, 2 * window.innerHeight));
    await expect(button).toBeVisible();
    const bannerTop = (await banner.boundingBox())!.y;
    await expect.poll(() => gapAbove(button, bannerTop)).toBe(GAP);

    // The banner goes without a scroll: the button follows.
    await banner.getByRole("button", { name: "Accept all" }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => gapAbove(button, PHONE.height)).toBe(GAP);
    await context.close();
  });
});
