import type { Page } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures.ts";
import { signInByForm } from "./support.ts";

/**
 * Nothing moves when scripts run (decision 0045): the page the server sends is parsed and painted
 * first, with every script held back; then the scripts run, and the layout shifts the browser saw
 * after that are summed as Cumulative Layout Shift counts them (shifts right after input left out).
 * Before 0045 the phone's header lost its wrapped menu and gained the Menu button (0.12 on a product
 * page), and on a wide screen the menu's toggles and the quantity buttons pushed their neighbours
 * aside.
 */
const SCREENS = [
  ["a phone", { width: 390, height: 844 }],
  ["a wide screen", { width: 1280, height: 720 }],
] as const;

async function productPath(page: Page) {
  const shop = await (await page.request.get("/shop")).text();
  return shop.match(/href="(\/product\/[^"?#]+)"/)![1]!;
}

async function shiftWhenScriptsRun(page: Page, path: string, changes: ByDesign | null) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const seen: Array<{ value: number; moved: string[] }> = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[])
        if (!entry.hadRecentInput)
          seen.push({
            value: entry.value,
            moved: entry.sources.map((source) => {
              const node = source.node as HTMLElement | null | undefined;
              const [from, to] = [source.previousRect, source.currentRect];
              return `${node?.nodeName}.${node?.className} ${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height}`;
            }),
          });
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    (window as unknown as { layoutShifts: () => typeof seen }).layoutShifts = () => {
      keep(observer.takeRecords());
      return seen;
    };
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  // The server's page, wholly parsed and painted before any script has arrived (a page painted while
  // its stream still arrives may move as the rest comes: that is not what this measures).
  await page.waitForFunction(() => document.readyState !== "loading");
  const before = await page.evaluate(afterTwoFrames);
  await page.evaluate(keepBoxes, changes);
  release();
  await page.waitForFunction(() => document.documentElement.dataset.menus === "ready");
  // On a phone, the drawer's code arrives after hydration and its button takes the link's place.
  if ((page.viewportSize()?.width ?? 0) < 850)
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
  const shifts = (await page.evaluate(afterTwoFrames)).slice(before.length);
  return { shifts, moved: await page.evaluate(movedBoxes) };
}

/**
 * Where every element of the server's page starts on the whole page, not only in the viewport that
 * layout shifts are counted in: a box that grows below the fold moves everything after it (a
 * staff member's click on a content block's edit link once landed beside it, as the product cards
 * above grew by their Quick view buttons). What starts below `changes` is left out.
 */
function keepBoxes(changes: ByDesign | null) {
  const where = (element: Element) => {
    const box = element.getBoundingClientRect();
    return `${Math.round(box.left + scrollX)},${Math.round(box.top + scrollY)}`;
  };
  const changing = changes && document.querySelector(changes.selector);
  const changesFrom = changing
    ? changing.getBoundingClientRect()[changes.edge] + scrollY
    : Number.POSITIVE_INFINITY;
  const boxes = new Map<Element, string>();
  for (const element of document.body.querySelectorAll("*"))
    if (element.getBoundingClientRect().top + scrollY < changesFrom) boxes.set(element, where(element));
  (window as unknown as { movedBoxes: () => string[] }).movedBoxes = () =>
    [...boxes]
      .filter(([element, box]) => element.isConnected && where(element) !== box)
      .map(([element, box]) => `${element.nodeName}.${element.className} ${box} -> ${where(element)}`);
}

function movedBoxes() {
  return (window as unknown as { movedBoxes: () => string[] }).movedBoxes();
}

/** The shifts seen so far, read two frames on, when the browser has laid out and reported any change. */
function afterTwoFrames() {
  return new Promise<Array<{ value: number; moved: string[] }>>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => resolve((window as unknown as { layoutShifts: () => [] }).layoutShifts())),
    ),
  );
}

/**
 * Where a page changes by design once scripts run, and what after it the whole-page comparison
 * leaves out: from an element's top or bottom edge down.
 */
type ByDesign = { selector: string; edge: "top" | "bottom" };
/** A listing's pagination and no-script filters give way to infinite scroll. */
const AFTER_THE_GRID: ByDesign = { selector: "main ul.products", edge: "bottom" };
/** A product page's titled sections become tabs. */
const FROM_THE_TABS: ByDesign = { selector: ".product-tabs", edge: "top" };

/** `path`, opened in a new tab of `page`'s browser context, does not move when its scripts run. */
async function expectStill(page: Page, path: string, changes: ByDesign | null = null) {
  const fresh = await page.context().newPage();
  const { shifts, moved } = await shiftWhenScriptsRun(fresh, path, changes);
  expect(
    shifts.reduce((sum, shift) => sum + shift.value, 0),
    `${path}: ${JSON.stringify(shifts, null, 1)}`,
  ).toBe(0);
  expect(moved, `${path}: boxes that moved anywhere on the page`).toEqual([]);
  await fresh.close();
}

for (const [screen, viewport] of SCREENS) {
  test.describe(`on ${screen}`, () => {
    test.use({ viewport });

    test("the home page, the shop and a product page do not move when scripts run", async ({ page }) => {
      const product = await productPath(page);
      await expectStill(page, "/");
      await expectStill(page, "/shop", AFTER_THE_GRID);
      await expectStill(page, product, FROM_THE_TABS);
    });

    test("nor does the home page of a staff member, with its admin bar and edit links", async ({ page }) => {
      await signInByForm(page, ADMIN);
      await expectStill(page, "/");
    });
  });
}

test("without JavaScript, a phone's Menu link shows the main menu below the bar", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toBeHidden();
  await page.getByRole("link", { name: "Menu", exact: true }).click();
  await expect(page).toHaveURL(/#main-menu$/);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  await context.close();
});
