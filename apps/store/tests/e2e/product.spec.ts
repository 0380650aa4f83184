import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { axe, holdBack, scrolledTo } from "./support.ts";

/**
 * The single product page (spec §2, §4, §5; issue 3 "Product page" and "Quantity"). The demo seed
 * is deterministic: the sweater is a simple product with a three-image gallery and stock, the
 * tee a variable product (colour × size) whose terracotta XL is sold out.
 */
const GALLERY_PRODUCT = "/product/heritage-cotton-sweater";
const VARIABLE_PRODUCT = "/product/classic-cotton-t-shirt";
/** Every script a page loads: held back, they leave the server's HTML to a shopper on a slow connection. */
const PAGE_SCRIPTS = /\/assets\/[^?]*\.js(\?|$)/;

/** The tab list only appears once React has hydrated the page. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("tablist", { name: "Product details" })).toBeVisible();
}

/**
 * Lets the page's own submit handling run, then stops the browser from leaving: the page stays as a
 * submitting form leaves it, which is also how it comes back from the back/forward cache.
 */
async function stopSubmissions(page: Page) {
  await page.evaluate(() => window.addEventListener("submit", (event) => event.preventDefault()));
}

/** Runs `action` and answers the text of the alert it raised (dismissed at once, so it cannot block). */
async function alertFrom(
  page: Page,
  action: () => Promise<void>,
): Promise<{ type: string; message: string }> {
  const raised = new Promise<{ type: string; message: string }>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.dismiss();
    });
  });
  await action();
  return raised;
}

/** The first product of the shop sorted by rating: one with approved reviews. */
async function ratedProductPath(page: Page): Promise<string> {
  await page.goto("/shop?orderby=rating");
  const href = await page.locator("li.product-small .product-title a").first().getAttribute("href");
  expect(href).toMatch(/^\/product\//);
  return href!;
}

const slide = (page: Page, n: number, count: number) =>
  page.getByRole("group", { name: `Image ${n} of ${count}` });

test.describe("gallery", () => {
  test("server-renders the first image with its size and gallery attributes; thumbnails move the slider", async ({
    page,
  }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const first = slide(page, 1, 3).locator("img");
    await expect(first).toHaveAttribute("width", /^\d+$/);
    await expect(first).toHaveAttribute("height", /^\d+$/);
    await expect(first).toHaveAttribute("loading", "eager");
    const large = await first.getAttribute("data-large_image");
    expect(large).toMatch(/^\/media\/.+\.jpg$/);
    await expect(first).toHaveAttribute("data-src", large!);
    await expect(first).toHaveAttribute("src", /^\/media\//);

    const thumbnails = page.getByRole("list", { name: "Image thumbnails" });
    await expect(thumbnails.getByRole("link")).toHaveCount(3);
    await expect(thumbnails.getByRole("link", { name: "Image 1 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await thumbnails.getByRole("link", { name: "Image 3 of 3" }).click();
    await expect(thumbnails.getByRole("link", { name: "Image 3 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(thumbnails.getByRole("link", { name: "Image 1 of 3" })).not.toHaveAttribute(
      "aria-current",
      "true",
    );
    // The third slide now sits where the first was, in the slider's window.
    const viewport = page.getByRole("region", { name: "Product images" });
    await expect
      .poll(async () => {
        const [frame, third] = await Promise.all([viewport.boundingBox(), slide(page, 3, 3).boundingBox()]);
        return Math.round(Math.abs(third!.x - frame!.x));
      })
      .toBeLessThan(2);
    await expect(slide(page, 1, 3)).not.toBeInViewport();
  });

  test("without JavaScript every slide is in the page and the thumbnails are anchors to them", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(GALLERY_PRODUCT);
    await expect(page.locator(".product-gallery img[data-large_image]")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Image 2 of 3" })).toHaveAttribute(
      "href",
      "#gallery-slide-2",
    );
    await expect(page.getByRole("button", { name: "View full-size images" })).toHaveCount(0);
    await context.close();
  });

  test("hover zoom shows 'Loading image' while the large image loads", async ({ page }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const large = await slide(page, 1, 3).locator("img").getAttribute("data-large_image");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${large}`, async (route) => {
      await held;
      await route.continue();
    });
    await slide(page, 1, 3).hover();
    const flyout = page.locator(".zoom-flyout");
    await expect(flyout).toHaveText("Loading image");
    release();
    await expect(flyout).toHaveAttribute("data-state", "ready");
    await expect(flyout).not.toContainText("Loading image");
    await expect(flyout).toHaveCSS("background-image", new RegExp(large!.replaceAll("/", "\\/")));
    await page.mouse.move(0, 0);
    await expect(flyout).toBeHidden();
  });

  test("a failed zoom image says so for 2500 ms", async ({ page }) => {
    await page.clock.install();
    await openHydrated(page, GALLERY_PRODUCT);
    // From here on time moves only when the test says so.
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const large = await slide(page, 1, 3).locator("img").getAttribute("data-large_image");
    await page.route(`**${large}`, (route) => route.abort());
    await slide(page, 1, 3).hover();
    const error = page.getByText("The image could not be loaded", { exact: true });
    await expect(error).toBeVisible();
    await page.clock.runFor(2400);
    await expect(error).toBeVisible();
    await page.clock.runFor(200);
    await expect(error).toBeHidden();
  });

  test("hover zoom is off for a mobile user agent", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    });
    const page = await context.newPage();
    await openHydrated(page, GALLERY_PRODUCT);
    await slide(page, 1, 3).hover();
    await expect(page.getByRole("button", { name: "View full-size images" })).toBeVisible();
    await expect(page.locator(".zoom-flyout")).toHaveCount(0);
    await context.close();
  });

  test("the zoom button lazy-loads a lightbox that preloads the neighbouring images", async ({ page }) => {
    const lightboxChunks: string[] = [];
    page.on("request", (request) => {
      if (/gallery-lightbox-[\w-]+\.js$/.test(request.url())) lightboxChunks.push(request.url());
    });
    await openHydrated(page, GALLERY_PRODUCT);
    const larges = await page
      .locator(".product-gallery img[data-large_image]")
      .evaluateAll((images) => images.map((image) => image.getAttribute("data-large_image")!));
    expect(larges).toHaveLength(3);
    expect(lightboxChunks).toHaveLength(0);

    const next = page.waitForRequest((request) => request.url().endsWith(larges[1]!));
    const previous = page.waitForRequest((request) => request.url().endsWith(larges[2]!));
    await page.getByRole("button", { name: "View full-size images" }).click();
    const lightbox = page.getByRole("dialog", { name: "Image gallery" });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator('img[data-lightbox-image="1"]')).toBeVisible();
    await Promise.all([next, previous]);
    expect(lightboxChunks).toHaveLength(1);

    await lightbox.getByRole("button", { name: "Next image" }).click();
    await expect(lightbox.locator('img[data-lightbox-image="2"]')).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
  });

  test("a lightbox image that fails to load says which one, with a link to it", async ({ page }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const second = await slide(page, 2, 3).locator("img").getAttribute("data-large_image");
    await page.route(`**${second}`, (route) => route.abort());
    await page.getByRole("button", { name: "View full-size images" }).click();
    const lightbox = page.getByRole("dialog", { name: "Image gallery" });
    await lightbox.getByRole("button", { name: "Next image" }).click();
    const failure = lightbox.getByRole("link", { name: "The image #2 could not be loaded." });
    await expect(failure).toBeInViewport();
    await expect(failure).toHaveAttribute("href", second!);
  });

  test("a thumbnail followed before the slider's code arrives keeps its picture once the slider starts", async ({
    page,
  }) => {
    // Embla's code is held back, as on a slow connection, until the shopper has chosen a picture.
    const release = await holdBack(page, /embla-carousel[^/]*\.js$/);
    await openHydrated(page, GALLERY_PRODUCT);
    const thumbnails = page.getByRole("list", { name: "Image thumbnails" });
    await thumbnails.getByRole("link", { name: "Image 3 of 3" }).click();
    await expect(slide(page, 3, 3)).toBeInViewport();

    release();
    await expect(thumbnails.getByRole("link", { name: "Image 3 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(slide(page, 3, 3)).toBeInViewport();
    await expect(slide(page, 1, 3)).not.toBeInViewport();
    // The slider now drives the row: the first thumbnail brings the first picture back.
    await thumbnails.getByRole("link", { name: "Image 1 of 3" }).click();
    await expect(slide(page, 1, 3)).toBeInViewport();
    await expect(thumbnails.getByRole("link", { name: "Image 1 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });
});

test.describe("variations", () => {
  test("choosing a colour swaps the main, thumbnail and sticky-bar images and keeps the choice in the URL; reset restores", async ({
    page,
  }) => {
    await openHydrated(page, VARIABLE_PRODUCT);
    // The t-shirt's gallery holds one picture per colour.
    const main = slide(page, 1, 3).locator("img");
    const thumbnails = page.getByRole("list", { name: "Image thumbnails" });
    const thumbnail = thumbnails.locator("img").first();
    const sticky = page.locator(".sticky-add-to-cart img");
    const original = await main.getAttribute("src");
    await expect(thumbnail).toHaveAttribute("src", original!);
    await expect(sticky).toHaveAttribute("src", original!);
    // The shopper has moved on to the third picture before choosing.
    await thumbnails.getByRole("link", { name: "Image 3 of 3" }).click();
    await expect(slide(page, 1, 3)).not.toBeInViewport();

    await page.getByLabel("Colour", { exact: true }).selectOption("forest-green");
    await expect(page).toHaveURL(/attribute_color=forest-green/);
    // Only a whole variation has a picture of its own: the colour alone changes nothing yet.
    await expect(main).toHaveAttribute("src", original!);
    await page.getByLabel("Size", { exact: true }).selectOption("m");
    await expect(page).toHaveURL(/attribute_color=forest-green&attribute_size=m/);
    await expect(main).not.toHaveAttribute("src", original!);
    await expect(main).toHaveAttribute("alt", /forest green/i);
    const swapped = await main.getAttribute("src");
    await expect(thumbnail).toHaveAttribute("src", swapped!);
    await expect(sticky).toHaveAttribute("src", swapped!);
    // The variation's picture takes the first slide, and the slider goes back to it.
    await expect(thumbnails.getByRole("link", { name: "Image 1 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(slide(page, 1, 3)).toBeInViewport();

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).not.toHaveURL(/attribute_color/);
    await expect(main).toHaveAttribute("src", original!);
    await expect(thumbnail).toHaveAttribute("src", original!);
    await expect(sticky).toHaveAttribute("src", original!);
    await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("");
  });

  test("a colour and a size chosen before the page's scripts run are kept once they have, in the selects and the URL", async ({
    page,
  }) => {
    const release = await holdBack(page, PAGE_SCRIPTS);
    await page.goto(VARIABLE_PRODUCT, { waitUntil: "commit" });
    await page.getByLabel("Colour", { exact: true }).selectOption("black");
    await page.getByLabel("Size", { exact: true }).selectOption("m");
    expect(await page.evaluate(() => document.documentElement.dataset.cartClient)).toBeUndefined();

    release();
    await hydrated(page);
    // Both choices at once: the page takes them as the shopper's selection, as a change would.
    await expect(page).toHaveURL(/attribute_color=black&attribute_size=m/);
    await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("black");
    await expect(page.getByLabel("Size", { exact: true })).toHaveValue("m");
    await expect(page.locator("form.cart").getByRole("button", { name: "Add to cart" })).toBeEnabled();
  });

  test("a size chosen while the page hydrates joins a colour chosen before its scripts ran", async ({
    page,
  }) => {
    // The moment React starts listening on the document (hydration has begun, nothing is hydrated
    // yet), the shopper changes the size: React hydrates at once to deliver the change.
    await page.addInitScript(() => {
      const listen = EventTarget.prototype.addEventListener;
      let chosen = false;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
        if (!chosen && this === document && args[0] === "change") {
          chosen = true;
          queueMicrotask(() => {
            const size = document.getElementById("attribute_size") as HTMLSelectElement;
            // Not hydrated yet: React has not tied the element to its tree.
            (window as unknown as { beforeHydration: boolean }).beforeHydration = !Object.keys(size).some(
              (key) => key.startsWith("__react"),
            );
            size.value = "m";
            size.dispatchEvent(new Event("change", { bubbles: true }));
          });
        }
        return listen.apply(this, args);
      } as typeof listen;
    });
    const release = await holdBack(page, PAGE_SCRIPTS);
    await page.goto(VARIABLE_PRODUCT, { waitUntil: "commit" });
    await page.getByLabel("Colour", { exact: true }).selectOption("black");

    release();
    await hydrated(page);
    expect(
      await page.evaluate(() => (window as unknown as { beforeHydration?: boolean }).beforeHydration),
    ).toBe(true);
    await expect(page).toHaveURL(/attribute_color=black&attribute_size=m/);
    await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("black");
    await expect(page.getByLabel("Size", { exact: true })).toHaveValue("m");
    await expect(page.locator("form.cart").getByRole("button", { name: "Add to cart" })).toBeEnabled();
  });

  test("without JavaScript the selects are a GET form that keeps the choice in the URL", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(VARIABLE_PRODUCT);
    await page.getByLabel("Colour", { exact: true }).selectOption("black");
    await page.getByLabel("Size", { exact: true }).selectOption("m");
    await page.getByRole("button", { name: "Update selection" }).click();
    await expect(page).toHaveURL(/attribute_color=black&attribute_size=m/);
    await expect(page.locator("form.cart").getByRole("button", { name: "Add to cart" })).toBeEnabled();
    await context.close();
  });

  test("add to cart and buy now are blocked without a selection or with an unavailable one, and buy now says why", async ({
    page,
  }) => {
    await openHydrated(page, VARIABLE_PRODUCT);
    const form = page.locator("form.cart");
    const add = form.getByRole("button", { name: "Add to cart" });
    const buyNow = form.getByRole("button", { name: "Buy now" });
    await expect(add).toBeDisabled();
    await expect(buyNow).toHaveAttribute("aria-disabled", "true");

    // It only looks disabled: it must take the click to explain (force skips the look).
    expect(await alertFrom(page, () => buyNow.click({ force: true }))).toEqual({
      type: "alert",
      message: "Please select some product options before adding this product to your cart.",
    });

    await page.getByLabel("Colour", { exact: true }).selectOption("terracotta");
    await page.getByLabel("Size", { exact: true }).selectOption("xl");
    await expect(page).toHaveURL(/attribute_color=terracotta&attribute_size=xl/);
    await expect(page.getByRole("alert").filter({ hasText: "unavailable" })).toBeVisible();
    await expect(add).toBeDisabled();
    expect(await alertFrom(page, () => buyNow.click({ force: true }))).toEqual({
      type: "alert",
      message: "Sorry, this product is unavailable. Please choose a different combination.",
    });
    await expect(page).toHaveURL(/\/product\/classic-cotton-t-shirt/);

    await page.getByLabel("Size", { exact: true }).selectOption("s");
    await expect(add).toBeEnabled();
    await expect(buyNow).toHaveAttribute("aria-disabled", "false");
  });

  test("the buy-now alert is translated", async ({ page }) => {
    await page.goto(`${VARIABLE_PRODUCT}?lang=es`);
    await expect(page.getByRole("tablist")).toBeVisible();
    const buyNow = page.getByRole("button", { name: "Comprar ahora" });
    expect((await alertFrom(page, () => buyNow.click({ force: true }))).message).toBe(
      "Elige las opciones del producto antes de añadir este producto a tu carrito.",
    );
  });
});

test.describe("buying", () => {
  test("buy now adds the product and goes straight to the checkout", async ({ page }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goto("/cart");
    const line = page.locator("tr.cart_item").filter({ hasText: name });
    await expect(line).toHaveCount(1);
    await expect(line.getByRole("spinbutton")).toHaveValue("2");
  });

  test("the pressed button shows loading while the form submits, cleared when the page returns from the back/forward cache", async ({
    page,
  }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    await stopSubmissions(page);
    const add = page.locator("form.cart").getByRole("button", { name: "Add to cart" });
    await expect(add).toHaveAttribute("aria-busy", "false");
    await add.click();
    await expect(add).toHaveAttribute("aria-busy", "true");
    await expect(add.locator(".loading-spinner")).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
    await expect(add).toHaveAttribute("aria-busy", "false");
    await expect(add.locator(".loading-spinner")).toHaveCount(0);
  });

  test("a pageshow that is not from the back/forward cache keeps the loading state", async ({ page }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    await stopSubmissions(page);
    const buyNow = page.getByRole("button", { name: "Buy now" });
    await buyNow.click();
    await expect(buyNow).toHaveAttribute("aria-busy", "true");
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: false })),
    );
    await expect(buyNow).toHaveAttribute("aria-busy", "true");
  });
});

test.describe("quantity", () => {
  test("the stepper follows the quantity rules; a typed value below min resets to min", async ({ page }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const form = page.locator("form.cart");
    const quantity = form.getByRole("spinbutton", { name: "Quantity" });
    const minus = form.getByRole("button", { name: "Decrease Quantity" });
    const plus = form.getByRole("button", { name: "Increase Quantity" });
    await expect(quantity).toHaveValue("1");
    await minus.click();
    await expect(quantity).toHaveValue("1");
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await minus.click();
    await expect(quantity).toHaveValue("2");

    const max = await quantity.getAttribute("max");
    expect(Number(max)).toBeGreaterThan(1);
    await quantity.fill(max!);
    await plus.click();
    await expect(quantity).toHaveValue(max!);
    await quantity.fill(String(Number(max) + 5));
    await plus.click();
    await expect(quantity).toHaveValue(max!);

    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");
    await quantity.fill("-4");
    await quantity.press("Tab");
    await expect(quantity).toHaveValue("1");

    // Keyboard: the buttons are real buttons in the tab order.
    await plus.focus();
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("2");
  });

  test("a quantity and a search typed before the page's scripts run are kept once they have, and the quantity is what the cart gets", async ({
    page,
  }) => {
    // Every script of the page held back, as on a slow connection, while the shopper types.
    const release = await holdBack(page, PAGE_SCRIPTS);
    await page.goto(GALLERY_PRODUCT, { waitUntil: "commit" });
    const form = page.locator("form.cart");
    const quantity = form.getByRole("spinbutton", { name: "Quantity" });
    const search = page.getByRole("searchbox", { name: /Search products/ });
    await quantity.fill("3");
    await search.fill("sweater");
    expect(await page.evaluate(() => document.documentElement.dataset.cartClient)).toBeUndefined();

    release();
    await hydrated(page);
    // Hydration's own renders (the stepper's buttons, the search's combobox) have been and gone.
    await expect(form.getByRole("button", { name: "Increase Quantity" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: /Search products/ })).toHaveValue("sweater");
    await expect(quantity).toHaveValue("3");
    await form.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
    const cart = (await (await page.request.get("/api/store/v1/cart")).json()) as {
      items: Array<{ quantity: number }>;
    };
    expect(cart.items.map((item) => item.quantity)).toEqual([3]);
  });

  test("without JavaScript it is a plain number input", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(GALLERY_PRODUCT);
    const form = page.locator("form.cart");
    await expect(form.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
    await expect(form.getByRole("button", { name: "Increase Quantity" })).toHaveCount(0);
    await form.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await form.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText(/has been added to your cart/)).toBeVisible();
    await context.close();
  });
});

test.describe("tabs and reviews", () => {
  const reviewTriggers = [
    "#reviews",
    "#comments",
    "#tab-reviews",
    "#comment-1",
    "?cpage=2",
    "?comment-page-2",
  ];
  for (const trigger of reviewTriggers) {
    test(`'${trigger}' opens the reviews tab and scrolls to the reviews`, async ({ page }) => {
      await openHydrated(page, VARIABLE_PRODUCT + trigger);
      await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: /^Reviews/ })).toBeVisible();
      await expect(page.getByRole("tabpanel", { name: "Description" })).toBeHidden();
      await expect(page.locator("#reviews")).toBeInViewport();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    });
  }

  test("the reviews open after 500 ms, 15 px below the scroll padding", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto(`${VARIABLE_PRODUCT}?cpage=2`);
    await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
    await page.evaluate(() => {
      document.documentElement.style.scrollPaddingTop = "40px";
    });
    const reviewsTop = () =>
      page.evaluate(() => Math.round(document.getElementById("reviews")!.getBoundingClientRect().top));
    await page.clock.runFor(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The scroll starts at 500 ms and animates for the spec's 1000 ms.
    await page.clock.runFor(600);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await reviewsTop()).toBeGreaterThan(55);
    await page.clock.runFor(1000);
    await expect.poll(reviewsTop).toBe(55);
  });

  test("without a review trigger the description tab is open", async ({ page }) => {
    await openHydrated(page, VARIABLE_PRODUCT);
    await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: /^Reviews/ })).toBeHidden();
  });

  test("the review link pushes #reviews to history and opens the reviews", async ({ page }) => {
    const path = await ratedProductPath(page);
    await openHydrated(page, path);
    await page.getByRole("link", { name: /customer reviews?$/ }).click();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#reviews")).toBeInViewport();
    await expect(page.locator("#reviews li[id^='comment-']").first()).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/#reviews/);
  });

  test("a hash naming a tab opens it; tabs work with the keyboard; #anchors inside a panel open it", async ({
    page,
  }) => {
    await openHydrated(page, `${VARIABLE_PRODUCT}#tab-additional_information`);
    const info = page.getByRole("tab", { name: "Additional information" });
    await expect(info).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Additional information" })).toBeInViewport();
    await info.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Description" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("tab", { name: "Description" }).click();
    await page.evaluate(() => {
      window.location.hash = "review_form_wrapper";
    });
    await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#review_form_wrapper")).toBeInViewport();
  });

  test("without JavaScript every section is readable", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(VARIABLE_PRODUCT);
    await expect(page.getByRole("heading", { name: "Description", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Additional information", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Reviews/, level: 2 })).toBeVisible();
    await expect(page.getByRole("tablist")).toHaveCount(0);
    await context.close();
  });
});

/**
 * Waits for `#tab-reviews` to have done its work: the tab open and the window's scroll to the reviews
 * (it starts 500 ms after the page and animates for a second; the browser's own jump to the anchor
 * comes first and lands elsewhere) at rest on its target. A click computed before
 * the scroll and sent during it lands on whatever has moved under the pointer (seen under load: the
 * "5 stars" radio stayed unchecked).
 */
async function reviewsScrolledTo(page: Page) {
  await expect(page.getByRole("tablist")).toBeVisible();
  // Where the tabs' scroll ends: the reviews 15 px below the scroll padding (features/product/scroll.ts).
  await scrolledTo(page, "#reviews", { offset: 15, scrollPadding: true });
}

test.describe("review form", () => {
  const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  for (const javaScriptEnabled of [true, false]) {
    test(`a guest's review is checked, then stored as awaiting approval (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${GALLERY_PRODUCT}#tab-reviews`);
      if (javaScriptEnabled) await reviewsScrolledTo(page);
      const form = page.locator("form.comment-form");
      // One star picker, never two.
      await expect(form.locator(".comment-form-rating")).toHaveCount(1);
      await expect(form.getByRole("radio")).toHaveCount(5);

      await form.getByRole("button", { name: "Submit" }).click();
      await expect(form.getByText("Please select a rating.")).toBeVisible();
      await expect(form.getByText("Please write your review.")).toBeVisible();
      await expect(form.getByText("Please enter your name.")).toBeVisible();
      await expect(form.getByText("Please enter a valid email address.")).toBeVisible();

      const email = `guest-${unique()}@example.com`;
      await form.getByRole("radio", { name: "4 stars" }).check();
      await form.getByLabel("Your review").fill("Warm and soft, true to size.");
      await form.getByLabel("Name").fill("Guest Tester");
      await form.getByLabel("Email").fill(email);
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(page).toHaveURL(/review=pending#reviews$/);
      await expect(
        page.getByRole("status").filter({ hasText: "Your review is awaiting approval." }),
      ).toBeVisible();
      // Pending: not shown yet.
      await expect(page.getByText("Warm and soft, true to size.")).toHaveCount(0);

      // One review per e-mail per product.
      await page.goto(`${GALLERY_PRODUCT}#tab-reviews`);
      if (javaScriptEnabled) await reviewsScrolledTo(page);
      await form.getByRole("radio", { name: "5 stars" }).check();
      await form.getByLabel("Your review").fill("Again.");
      await form.getByLabel("Name").fill("Guest Tester");
      await form.getByLabel("Email").fill(email);
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(form.getByRole("alert")).toHaveText("You have already reviewed this product.");
      await expect(form.getByLabel("Your review")).toHaveValue("Again.");
      await context.close();
    });
  }

  test("the star picker is keyboard-operable", async ({ page }) => {
    await openHydrated(page, `${GALLERY_PRODUCT}#tab-reviews`);
    const form = page.locator("form.comment-form");
    await form.getByRole("radio", { name: "1 star", exact: true }).focus();
    await page.keyboard.press("Space");
    await expect(form.getByRole("radio", { name: "1 star", exact: true })).toBeChecked();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "3 stars" })).toBeChecked();
    await expect(form.locator(".star span.text-amber-500")).toHaveCount(3);
  });
});

test.describe("sticky add-to-cart bar", () => {
  test("appears once the main button is above the viewport; quantities mirror both ways", async ({
    page,
  }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const bar = page.getByRole("region", { name: "Add to cart bar" });
    await expect(bar).toBeHidden();
    const productId = await page.locator("article.product").getAttribute("data-product-id");
    await expect(page.locator(".sticky-add-to-cart")).toHaveAttribute("data-product-id", productId!);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeVisible();
    const stickyQuantity = bar.getByRole("spinbutton", { name: "Quantity" });
    const mainQuantity = page.locator("form.cart").getByRole("spinbutton", { name: "Quantity" });
    await bar.getByRole("button", { name: "Increase Quantity" }).click();
    await bar.getByRole("button", { name: "Increase Quantity" }).click();
    await expect(stickyQuantity).toHaveValue("3");
    await expect(mainQuantity).toHaveValue("3");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
    await mainQuantity.fill("5");
    await expect(page.locator("#sticky-quantity")).toHaveValue("5");

    // Its button submits the main form, with the one quantity.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await bar.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText(/has been added to your cart/)).toBeVisible();
  });

  test("does not flash up while arriving from a scrolled listing", async ({ page }) => {
    await page.goto("/shop");
    await expect(page.getByRole("button", { name: /^Quick view: / }).first()).toBeVisible();
    const title = page
      .locator("li.product-small")
      .filter({ has: page.getByRole("button", { name: "Add to cart" }) })
      .last()
      .locator(".product-title a");
    await title.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // Records every moment the bar is shown, from the navigation on.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { stickyShown: string[] }).stickyShown = shown;
      new MutationObserver(() => {
        const bar = document.querySelector(".sticky-add-to-cart");
        if (bar && !bar.hasAttribute("hidden")) shown.push(String(window.scrollY));
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["hidden"],
      });
    });
    await title.click();
    await expect(page.getByRole("tablist", { name: "Product details" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("region", { name: "Add to cart bar" })).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { stickyShown: string[] }).stickyShown)).toEqual(
      [],
    );
  });

  test("for a variable product its button scrolls to the variation form", async ({ page }) => {
    await openHydrated(page, VARIABLE_PRODUCT);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = page.getByRole("region", { name: "Add to cart bar" });
    await expect(bar).toBeVisible();
    await bar.getByRole("button", { name: "Select options" }).click();
    await expect(page.getByLabel("Colour", { exact: true })).toBeInViewport();
    await expect(page.getByLabel("Colour", { exact: true })).toBeFocused();
  });
});

test.describe("product sidebar", () => {
  test("opens from its button and from a link to #product-sidebar; traps focus; Escape closes and returns focus", async ({
    page,
  }) => {
    await openHydrated(page, GALLERY_PRODUCT);
    const button = page.getByRole("button", { name: "Browse the shop" });
    await button.click();
    const sidebar = page.getByRole("dialog", { name: "Browse the shop" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toHaveAttribute("id", "product-sidebar");
    await expect(sidebar.getByRole("link").first()).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      await expect
        .poll(() =>
          page.evaluate(() => document.getElementById("product-sidebar")?.contains(document.activeElement)),
        )
        .toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(button).toBeFocused();

    const link = page.getByRole("link", { name: "More in this shop" });
    await link.click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(link).toBeFocused();
  });

  test("opens when the page is opened at #product-sidebar", async ({ page }) => {
    await page.goto(`${GALLERY_PRODUCT}#product-sidebar`);
    await expect(page.getByRole("dialog", { name: "Browse the shop" })).toBeVisible();
  });

  test("without JavaScript it is a section of the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(GALLERY_PRODUCT);
    await expect(page.getByRole("complementary", { name: "Browse the shop" })).toBeVisible();
    await expect(page.locator("#product-sidebar")).toHaveCount(1);
    await context.close();
  });
});

test.describe("search engines and accessibility", () => {
  test("the page carries schema.org Product JSON-LD with offers, rating and images", async ({ page }) => {
    const path = await ratedProductPath(page);
    await page.goto(path);
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const product = JSON.parse(json!);
    expect(product).toMatchObject({ "@context": "https://schema.org", "@type": "Product" });
    expect(product.name).toBe((await page.getByRole("heading", { level: 1 }).textContent())!.trim());
    expect(product.offers["@type"]).toMatch(/^(Aggregate)?Offer$/);
    expect(product.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
    expect(product.aggregateRating["@type"]).toBe("AggregateRating");
    expect(product.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(product.image[0]).toMatch(/^https?:\/\/.+\/media\//);
  });

  test("axe finds no serious or critical issue on a product page", async ({ page }) => {
    await openHydrated(page, VARIABLE_PRODUCT);
    const results = await axe(page).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test("in-page anchor links animate to their target over 1000 ms and move focus there", async ({ page }) => {
  await page.clock.install();
  await openHydrated(page, GALLERY_PRODUCT);
  // The tab list shows once the page has hydrated; the link handler is attached by an effect after it.
  await page.locator("html[data-anchor-scroll=ready]").waitFor({ state: "attached" });
  // An installed clock still follows real time: paused, only runFor moves the animation. (Running,
  // a busy machine's second between the key and the reading let the scroll end early, seen as the
  // target reached "halfway".)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  // Where #main lands: its top, less the page's scroll-padding-top (the sticky header and 1rem).
  const target = await page.evaluate(() => {
    const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    const top = document.getElementById("main")!.getBoundingClientRect().top + window.scrollY;
    return Math.max(0, Math.round(top - padding));
  });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const start = await page.evaluate(() => window.scrollY);
  expect(start).toBeGreaterThan(300);
  // Focused without the browser's own scroll-into-view, so the link's scroll starts from the bottom.
  await page
    .getByRole("link", { name: "Skip to content" })
    .evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("#main")).toBeFocused();
  await page.clock.runFor(500);
  const halfway = await page.evaluate(() => window.scrollY);
  expect(halfway).toBeLessThan(start);
  expect(halfway).toBeGreaterThan(target + 10);
  await page.clock.runFor(600);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(target);
});

test("the header sticks once the page has scrolled past its height plus 100 px, and is released near the top", async ({
  page,
}) => {
  await openHydrated(page, GALLERY_PRODUCT);
  const header = page.locator("header.site-header");
  const height = await header.evaluate((element) => element.getBoundingClientRect().height);
  await page.evaluate((y) => window.scrollTo(0, y), Math.round(height + 90));
  await expect(header).not.toHaveClass(/\bstuck\b/);
  await page.evaluate((y) => window.scrollTo(0, y), Math.round(height + 150));
  await expect(header).toHaveClass(/\bstuck\b/);
  await expect
    .poll(() => header.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
    .toBe(0);
  await expect(header.getByRole("search")).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/\bstuck\b/);
});
