import { ADMIN, bearer, expect, test } from "./fixtures.ts";

/**
 * Catalogue prices with or without tax (issue 41, decision 0071), on a store of its own: a product
 * entered at 10.00 without tax, shown with tax at the shopper's place (the `vitrine_tax_location`
 * cookie, the shop's base without it), while the page cache keeps one page per set of matched
 * rates, shared by every shopper whose place matches them.
 */
test("a product page shows its price with the tax of the shopper's place, and cached pages stay shared by display variant", async ({
  spareStore,
}) => {
  const spare = await spareStore({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const api = async (method: string, path: string, data?: unknown, token?: string) => {
    const response = await fetch(`${spare.origin}/api/vitrine/v2${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const { token } = (await api("POST", "/auth/token", ADMIN)).body as { token: string };
  const taxes = (displayShop: "incl" | "excl") => ({
    enabled: true,
    pricesIncludeTax: false,
    basedOn: "shipping",
    displayShop,
    displayCart: "excl",
  });
  const address = { line1: "Gran Vía 1", city: "Madrid", state: "M", postcode: "28013", country: "ES" };
  expect((await api("PUT", "/settings", { address, taxes: taxes("excl") }, token)).status).toBe(200);
  // The base (Spain) charges 10 %, Mexico 16 %, the United States nothing.
  for (const [country, rate] of [
    ["ES", "10.0000"],
    ["MX", "16.0000"],
  ])
    expect((await api("POST", "/taxes", { country, rate, name: "IVA" }, token)).status).toBe(201);
  const made = await api(
    "POST",
    "/products",
    { type: "simple", translations: { en: { name: "Mug" } }, regular_price: 1000 },
    token,
  );
  expect(made.status).toBe(201);

  /** The product page for a shopper at `place` (country|state|postcode|city), and whether the cache served it. */
  const page = async (place?: string) => {
    const answer = await fetch(`${spare.origin}/product/mug`, {
      headers: place ? { Cookie: `vitrine_tax_location=${encodeURIComponent(place)}` } : {},
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const price = /<p class="price[^"]*">(\$[\d.,]+)<\/p>/.exec(html)?.[1];
    return `${price} ${answer.headers.get("x-page-cache")}`;
  };

  // Shown without tax, entered without it: as entered wherever the shopper is, one page for all.
  expect(await page()).toBe("$10.00 MISS");
  expect(await page("MX|JAL|44100|GUADALAJARA")).toBe("$10.00 HIT");

  expect((await api("PUT", "/settings", { taxes: taxes("incl") }, token)).status).toBe(200);
  await expect.poll(() => page(), { timeout: 10_000 }).toMatch(/^\$11\.00 /);
  // No cookie is the base; another Spanish place matches the base's rates and shares its page.
  expect(await page()).toBe("$11.00 HIT");
  expect(await page("ES|B|08001|BARCELONA")).toBe("$11.00 HIT");
  // Two Mexican places match the same rate: one page between them, with Mexico's tax.
  expect(await page("MX|JAL|44100|GUADALAJARA")).toMatch(/^\$11\.60 (MISS|null)$/);
  await expect.poll(() => page("MX|JAL|44100|GUADALAJARA")).toBe("$11.60 HIT");
  expect(await page("MX|CMX|06000|CIUDAD DE MEXICO")).toBe("$11.60 HIT");
  // A place without rates sees the price without tax, on a page of its own.
  expect(await page("US|TX|73301|AUSTIN")).toBe("$10.00 MISS");
  expect(await page("US|NY|10001|NEW YORK")).toBe("$10.00 HIT");
  // A cookie that is not a place is the base.
  expect(await page("<b>|x")).toBe("$11.00 HIT");

  // The shop's listing follows the same rule.
  const listing = async (place?: string) => {
    const html = await (
      await fetch(`${spare.origin}/shop`, {
        headers: place ? { Cookie: `vitrine_tax_location=${encodeURIComponent(place)}` } : {},
      })
    ).text();
    return /<p class="price[^"]*">(\$[\d.,]+)<\/p>/.exec(html)?.[1];
  };
  expect(await listing()).toBe("$11.00");
  expect(await listing("MX|JAL|44100|")).toBe("$11.60");
  expect(await listing("US|TX|73301|")).toBe("$10.00");

  // So do the quick view and the search suggestions, which are no cached pages.
  const calls = async (place: string) => {
    const headers = { Cookie: `vitrine_tax_location=${encodeURIComponent(place)}`, Origin: spare.origin };
    const quick = await fetch(`${spare.origin}/ajax`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ action: "vitrine_quickview", product: String(made.body.id) }),
    });
    const found = await fetch(`${spare.origin}/ajax?action=vitrine_ajax_search_products&query=mug`, {
      headers,
    });
    const { suggestions } = (await found.json()) as { suggestions: Array<{ price: string }> };
    return [/"priceText":"([^"]+)"/.exec(await quick.text())?.[1], suggestions[0]?.price];
  };
  expect(await calls("MX|JAL|44100|")).toEqual(["$11.60", "$11.60"]);
  expect(await calls("US|TX|73301|")).toEqual(["$10.00", "$10.00"]);

  // A guest who orders through the checkout form with a Mexican address sees Mexico's prices after.
  const added = await fetch(`${spare.origin}/?wc-ajax=add_to_cart`, {
    method: "POST",
    body: new URLSearchParams({ product_id: String(made.body.id), quantity: "1" }),
  });
  const guest = cookiesOf(added.headers.getSetCookie());
  const form = await (await fetch(`${spare.origin}/checkout`, { headers: { Cookie: guest } })).text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(form)?.[1] ?? "";
  const placed = await fetch(`${spare.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: guest, Origin: spare.origin },
    body: new URLSearchParams({
      _wpnonce: hidden("_wpnonce"),
      checkout_attempt: hidden("checkout_attempt"),
      billing_first_name: "Frida",
      billing_last_name: "Kahlo",
      billing_address_1: "Avenida Chapultepec 1",
      billing_city: "Guadalajara",
      billing_state: "JAL",
      billing_postcode: "44100",
      billing_country: "MX",
      billing_email: "frida@example.com",
      billing_phone: "+52 33 5555 0100",
      shipping_method: /name="shipping_method"[^>]*value="([^"]+)"/.exec(form)?.[1] ?? "",
      payment_method: "bacs",
    }),
  });
  expect(placed.status).toBe(302);
  const located = placed.headers.getSetCookie().find((cookie) => cookie.startsWith("vitrine_tax_location="));
  expect(located).toMatch(/^vitrine_tax_location=MX%7CJAL%7C44100%7CGUADALAJARA;.*HttpOnly/);
  const after = await fetch(`${spare.origin}/product/mug`, { headers: { Cookie: cookiesOf([located!]) } });
  expect(/<p class="price[^"]*">(\$[\d.,]+)<\/p>/.exec(await after.text())?.[1]).toBe("$11.60");
});

const cookiesOf = (setCookies: string[]): string =>
  setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
