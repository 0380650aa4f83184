import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The shop's layered filters over HTTP (issue 39, decision 0059), on the project's demo store: a
 * filtered listing is a page of its own that the page cache keeps, its filters are links in one
 * order whichever way the address wrote them, and nonsense in the address narrows nothing and never
 * fails.
 */

/** The colour terms the unfiltered shop's sidebar offers, as its links write them. */
async function colours(request: APIRequestContext) {
  const html = await (await request.get("/shop")).text();
  return [...new Set([...html.matchAll(/filter_color=([a-z0-9-]+)/g)].map((match) => match[1]!))];
}

test("a filtered listing is kept by the page cache, and the sort form carries its filters in one order", async ({
  request,
}) => {
  const [first, second] = (await colours(request)).sort();
  expect(second, "the demo shop offers two colours or more").toBeDefined();
  const address = `/shop?filter_color=${first}&filter_stock_status=instock`;
  const miss = await request.get(address);
  expect(miss.status()).toBe(200);
  const again = await request.get(address);
  expect(again.headers()["x-page-cache"]).toBe("HIT");
  expect(await again.text()).toContain('aria-current="true"');

  // Written as a plain form's checkboxes send it, in another order: read as the same filter.
  const repeated = await (
    await request.get(`/shop?filter_color=${second}&filter_color=${first}&query_type_color=or`)
  ).text();
  expect(repeated).toContain(`<input type="hidden" name="filter_color" value="${first},${second}"/>`);
  expect(repeated).toContain('<input type="hidden" name="query_type_color" value="or"/>');
});

test("nonsense in a filter address narrows nothing and never fails", async ({ request }) => {
  const unfiltered = await (await request.get("/shop")).text();
  const count = (html: string) => /woocommerce-result-count[^>]*>([^<]*)</.exec(html)?.[1];
  for (const query of [
    "filter_color=no-such-colour",
    "filter_Colour!=red",
    "filter_shape=round",
    `filter_color=${Array.from({ length: 200 }, (_, n) => `c${n}`).join(",")}`,
    "filter_stock_status=sold-out",
    "query_type_color=xor",
    "min_price=abc&max_price=-5",
  ]) {
    const answer = await request.get(`/shop?${query}`);
    expect(answer.status(), query).toBe(200);
    expect(count(await answer.text()), query).toBe(count(unfiltered));
  }
  // A NUL is refused before any page is made, as in any other address.
  expect((await request.get("/shop?filter_color=%00")).status()).toBe(400);
});

test("the search results offer the same filters, whose links keep the search", async ({ request }) => {
  const [colour] = await colours(request);
  const html = await (await request.get("/search?s=cotton")).text();
  expect(html).toMatch(/href="\/search\?s=cotton&amp;filter_color=[a-z0-9-]+"/);
  const narrowed = await request.get(`/search?s=cotton&filter_color=${colour}`);
  expect(narrowed.status()).toBe(200);
  expect(await narrowed.text()).toContain('aria-current="true"');
});
