import { expect, hydrated, test } from "./fixtures.ts";

type Switches = { stepper?: number; tabList?: number; cartReady?: number; deliveries: number };

/**
 * After hydration, fields that take input switch at once (`useHydrated`), and the controls that only
 * show (the product's tab list, the header's drawers, the gallery's slider) in a transition of their
 * own (`useHydratedControls`, decision 0095), so that neither redraw holds the browser in one long
 * task. The cart's readiness marker, which scripts and tests wait for, comes with or after the
 * controls.
 *
 * A mutation observer is told of the page's changes once per task, after it: the test numbers its
 * deliveries and notes the first in which each switch is seen.
 */
test("a product page's stepper switches in hydration's task, its tab list in a later one, before the cart says ready", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: Switches = { deliveries: 0 };
    (window as unknown as { switches: Switches }).switches = seen;
    const note = (name: "stepper" | "tabList" | "cartReady", shown: boolean) => {
      if (shown && seen[name] === undefined) seen[name] = seen.deliveries;
    };
    new MutationObserver(() => {
      seen.deliveries++;
      const stepper = document.querySelector(".quantity button.plus");
      note("stepper", stepper !== null && !stepper.classList.contains("invisible"));
      note("tabList", document.querySelector('.product-tabs [role="tablist"]') !== null);
      note("cartReady", document.documentElement.dataset.cartClient === "ready");
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto("/product/classic-cotton-t-shirt");
  await hydrated(page);
  await expect(page.getByRole("tablist")).toBeVisible();

  const switches = await page.evaluate(() => (window as unknown as { switches: Switches }).switches);
  expect(switches.stepper).toBeDefined();
  expect(switches.tabList).toBeDefined();
  expect(switches.cartReady).toBeDefined();
  expect(switches.tabList!).toBeGreaterThan(switches.stepper!);
  expect(switches.cartReady!).toBeGreaterThanOrEqual(switches.tabList!);
});
