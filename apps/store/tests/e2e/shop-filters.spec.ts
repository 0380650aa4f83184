import type { Locator, Page } from "@playwright/test";
import { ADMIN, adminApi, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import { seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * The owner's attributes and the shop's layered filters (issue 39), on the worker's demo store: an
 * attribute "Material" with three terms, a variable product with a variation for every combination
 * of its material and colour, and the shop filtered by a term of each, with and without JavaScript.
 * The product is a draft again at the end, so no other listing of the store shows it.
 */

type Term = { id: number; slug: string; name: string };

/** The sidebar's filter section for `name` (the panel at the end of the page, or the open drawer). */
const filterSection = (within: Page | Locator, name: string) =>
  within.getByRole("region", { name, exact: true });

test("an attribute with three terms, a variation for every combination made in the editor, and the shop filtered by a term of each with and without JavaScript", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const api = await adminApi(request, origin);
  const call = api.call;
  const suffix = uniqueSuffix();

  const material = await call<{ id: number }>("POST", "/products/attributes", {
    translations: { en: { name: "Material" }, es: { name: "Material" } },
  });
  const terms: Term[] = [];
  for (const [en, es] of [
    ["Cotton", "Algodón"],
    ["Linen", "Lino"],
    ["Wool", "Lana"],
  ])
    terms.push(
      await call<Term>("POST", `/products/attributes/${material.id}/terms`, {
        translations: { en: { name: en, description: "" }, es: { name: es, description: "" } },
      }),
    );
  const attributes = await call<Array<{ id: number; slug: string }>>("GET", "/products/attributes");
  const colour = attributes.find((attribute) => attribute.slug === "color")!;
  const [red, blue] = await call<Term[]>("GET", `/products/attributes/${colour.id}/terms`);
  const [cotton, linen] = terms as [Term, Term, Term];

  const name = `Layered shirt ${suffix}`;
  const product = await call<{ id: number; slug: string }>("POST", "/products", {
    type: "variable",
    status: "draft",
    regular_price: 3000,
    translations: { en: { name } },
    attributes: [
      { id: material.id, terms: [cotton.id, linen.id] },
      { id: colour.id, terms: [red!.id, blue!.id] },
    ],
  });

  try {
    // The editor makes the four variations at once; the owner gives each a price.
    const owner = await (await browser.newContext({ baseURL: origin })).newPage();
    await signInByForm(owner, ADMIN);
    await owner.goto(`/admin/products/${product.id}`);
    await hydrated(owner);
    const variations = owner.getByRole("group", { name: "Variations" });
    await variations.getByRole("button", { name: "Create a variation for every combination" }).click();
    for (const n of [1, 2, 3, 4])
      await variations
        .getByRole("group", { name: `Variation ${n}` })
        .getByLabel(/^Price \(/)
        .fill(`${29 + n}.00`);
    // Pressed again, it adds nothing: every combination has its variation.
    await variations.getByRole("button", { name: "Create a variation for every combination" }).click();
    await expect(variations.getByRole("group", { name: /^Variation \d+$/ })).toHaveCount(4);
    await owner.getByRole("button", { name: "Save product" }).click();
    await expect(
      owner.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." }),
    ).toBeVisible();
    await owner.context().close();
    const saved = await call<{ variations: Array<{ attributes: Array<{ id: number; term: number }> }> }>(
      "GET",
      `/products/${product.id}`,
    );
    const termOf = (v: (typeof saved.variations)[number], id: number) =>
      v.attributes.find((attribute) => attribute.id === id)?.term;
    expect(saved.variations.map((v) => `${termOf(v, material.id)}-${termOf(v, colour.id)}`).sort()).toEqual(
      [cotton.id, linen.id].flatMap((m) => [red!.id, blue!.id].map((c) => `${m}-${c}`)).sort(),
    );
    await call("PUT", `/products/${product.id}`, { status: "publish" });

    // Without JavaScript: the filters are links at the end of the page, with their counts.
    const plain = await (await browser.newContext({ baseURL: origin, javaScriptEnabled: false })).newPage();
    await plain.goto("/shop");
    const materials = filterSection(plain, "Material");
    // Only the new product is made of anything: wool, which nothing is, is not offered.
    await expect(materials.getByRole("link")).toHaveText(["Cotton(1)", "Linen(1)"]);
    await materials.getByRole("link", { name: /^Cotton/ }).click();
    await expect(plain).toHaveURL(/\/shop\?filter_material=cotton$/);
    await expect(plain.locator(".woocommerce-result-count")).toHaveText("Showing the single result");
    await expect(plain.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(filterSection(plain, "Material").getByRole("link", { name: /^Cotton/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // Within the filtered listing each of the product's colours counts one.
    const colours = filterSection(plain, "Colour");
    await expect(colours.getByRole("link", { name: new RegExp(`^${red!.name}`) })).toContainText("(1)");
    await colours.getByRole("link", { name: new RegExp(`^${blue!.name}`) }).click();
    await expect(plain).toHaveURL(new RegExp(`/shop\\?filter_color=${blue!.slug}&filter_material=cotton$`));
    await expect(plain.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(plain.locator(".woocommerce-result-count")).toHaveText("Showing the single result");
    await plain.context().close();

    // With JavaScript: the same links in the filters' drawer; the listing follows.
    const shopper = await (await browser.newContext({ baseURL: origin })).newPage();
    await shopper.goto("/shop");
    await hydrated(shopper);
    await shopper.getByRole("button", { name: "Filter", exact: true }).click();
    const drawer = shopper.getByRole("dialog", { name: "Filter" });
    await expect(filterSection(drawer, "Material").getByRole("link")).toHaveText(["Cotton(1)", "Linen(1)"]);
    expect(await seriousViolations(shopper)).toEqual([]);
    await drawer.getByRole("link", { name: /^Linen/ }).click();
    await expect(shopper).toHaveURL(/\/shop\?filter_material=linen$/);
    await expect(shopper.locator(".woocommerce-result-count")).toHaveText("Showing the single result");
    await expect(shopper.getByRole("heading", { level: 3, name })).toBeVisible();
    await shopper.getByRole("button", { name: "Filter", exact: true }).click();
    await drawer.getByRole("link", { name: new RegExp(`^${red!.name}`) }).click();
    await expect(shopper).toHaveURL(new RegExp(`/shop\\?filter_color=${red!.slug}&filter_material=linen$`));
    await expect(shopper.getByRole("heading", { level: 3, name })).toBeVisible();
    await shopper.context().close();
  } finally {
    await call("PUT", `/products/${product.id}`, { status: "draft" });
    await api.revoke();
  }
});
