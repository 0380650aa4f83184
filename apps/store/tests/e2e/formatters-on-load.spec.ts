import { expect, hydrated, test } from "./fixtures.ts";

/**
 * The first number or date formatter a page builds loads the browser's number data, 100–150 ms at
 * 4× CPU slowdown in one task (decision 0093). A storefront page writes its prices with the format
 * the server read for it, and its reviews' dates come written: loading and hydrating it builds none,
 * in either language, and hydration finds the server's text.
 */
for (const [name, path] of [
  ["the home page", "/"],
  ["the shop in Spanish", "/shop?lang=es"],
  ["a product page with reviews", "/product/nordic-organic-cotton-t-shirt"],
] as const) {
  test(`${name} builds no number or date formatter while it loads and hydrates`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { formattersBuilt: string[] }).formattersBuilt = built;
      for (const kind of ["NumberFormat", "DateTimeFormat"] as const) {
        const Original = Intl[kind];
        const Counting = function (this: unknown, ...args: unknown[]) {
          built.push(kind);
          return Reflect.construct(Original, args, new.target ?? Original);
        };
        Counting.prototype = Original.prototype;
        Object.assign(Counting, { supportedLocalesOf: Original.supportedLocalesOf });
        Object.defineProperty(Intl, kind, { value: Counting, configurable: true, writable: true });
      }
    });
    await page.goto(path);
    await hydrated(page);

    const prices = page.locator(".price-wrapper, .price").first();
    await expect(prices).toContainText(path.includes("lang=es") ? "US$" : "$");
    if (path.startsWith("/product/"))
      await expect(page.locator("#comments li").first()).toContainText(/ on \w+ \d{1,2}, \d{4}/);
    expect(
      await page.evaluate(() => (window as unknown as { formattersBuilt: string[] }).formattersBuilt),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
}
