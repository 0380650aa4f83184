import net from "node:net";
import type { Browser } from "@playwright/test";
import lighthouse from "lighthouse";
import { expect, test } from "./fixtures.ts";
import { launchChromium } from "./support.ts";

/**
 * Search engines: Lighthouse's SEO category scores 100 on home, a listing and a product page (its
 * audits: a meta description, a valid canonical, hreflang, crawlable links, descriptive link text,
 * robots.txt …), the canonical address of the default language is the clean one, and headings
 * never skip a level.
 */
const port = Number(process.env.E2E_PORT);
const store = `http://127.0.0.1:${port}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

let browser: Browser;
let debuggingPort = 0;
test.beforeAll(async () => {
  debuggingPort = await freePort();
  browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
});
test.afterAll(() => browser.close());

async function productPath(): Promise<string> {
  const html = await (await fetch(`${store}/shop`)).text();
  return html.match(/href="(\/product\/[^"?]+)"/)![1]!;
}

test("Lighthouse's SEO category scores 100 on home, a listing and a product", async () => {
  test.setTimeout(180_000);
  for (const path of ["/", "/shop", await productPath()]) {
    const result = await lighthouse(`${store}${path}`, {
      port: debuggingPort,
      onlyCategories: ["seo"],
      output: "json",
      logLevel: "error",
    });
    const lhr = result!.lhr;
    const failed = lhr.categories
      .seo!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
    expect(failed, path).toEqual([]);
    expect(lhr.categories.seo!.score, path).toBe(1);
  }
});

test("home and listings describe themselves, and headings never skip a level", async ({ page }) => {
  for (const path of ["/", "/shop", "/product-category/kitchen", "/?lang=es", await productPath()]) {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /\S{3,}/);
    const levels = await page
      .locator("main h1, main h2, main h3, main h4, main h5, main h6")
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
    expect(levels[0], path).toBe(1);
    for (let i = 1; i < levels.length; i++) {
      expect(
        levels[i]! - levels[i - 1]!,
        `${path}: h${levels[i - 1]} then h${levels[i]}`,
      ).toBeLessThanOrEqual(1);
    }
  }
});
