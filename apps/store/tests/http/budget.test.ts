import { gzipSync } from "node:zlib";
import { deferredPreloads } from "../../app/lib/deferred-scripts.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The browser budget (speed issue): the JavaScript a product page loads before it is interactive,
 * that is its script tags, module preloads (those the loader adds after the first paint, decision
 * 0087, included) and the imports of its inline module, at most 150 KB
 * gzipped, counted file by file as `npm run bench` counts it. Anything else loads when first used.
 */
const BUDGET_BYTES = 150 * 1024;

test("a product page's initial JavaScript stays within 150 KB gzipped", async ({ request }) => {
  const shop = await (await request.get("/shop")).text();
  const product = shop.match(/href="(\/product\/[^"?#]+)"/)?.[1];
  expect(product, "a product link on the shop page").toBeDefined();
  const html = await (await request.get(product!)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  ))
    sources.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]!);
  // The module preloads the page's loader adds after the first paint (decision 0087).
  for (const source of deferredPreloads(html)) sources.add(source);
  // The entry, React Router's chunks, the root's and the route's modules: never the entry alone.
  expect(sources.size).toBeGreaterThan(5);
  let gzipped = 0;
  const files: string[] = [];
  for (const source of sources) {
    const response = await request.get(source);
    expect(response.status(), source).toBe(200);
    const size = gzipSync(await response.body(), { level: 9 }).length;
    gzipped += size;
    files.push(`${(size / 1024).toFixed(1)} KB ${source}`);
  }
  console.log(
    `product page initial JavaScript: ${(gzipped / 1024).toFixed(1)} KB (${gzipped} bytes) gzipped in ${sources.size} files\n${files.join("\n")}`,
  );
  expect(gzipped, files.join("\n")).toBeLessThanOrEqual(BUDGET_BYTES);
  // Consent and analytics (issue 18): the banner, the analytics gate and client and the recorder
  // load after the page, only where the store uses them and, for the last two, once the shopper allows.
  expect(
    [...sources].filter((source) =>
      /\/assets\/(consent-host|consent-banner|analytics-gate|client|recorder)-[\w-]+\.js$/.test(source),
    ),
  ).toEqual([]);
});
