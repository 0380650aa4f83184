import { ADMIN, adminApi, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import { seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * A product's own attribute (WooCommerce's custom product attribute, issue 39, decision 0060), made
 * in the product editor on the worker's demo store (a new product there would change counts the
 * main store's tests read). The test makes a global attribute and a product of its own, with the
 * test's suffix in their names, and takes the product off the shop and the attribute away after.
 */

test("the owner adds a custom attribute, makes a variation for every combination with a global one, and a shopper buys one chosen by it", async ({
  browser,
  request,
  sharedStore,
}) => {
  // The worker's demo store may start inside the test (its catalogue and pictures).
  test.setTimeout(180_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const { call } = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const finish = await call<{ id: number }>("POST", "/products/attributes", {
    translations: { en: { name: `Finish ${suffix}` }, es: { name: `Acabado ${suffix}` } },
  });
  const terms = [];
  for (const name of ["Matte", "Gloss"])
    terms.push(
      (
        await call<{ id: number }>("POST", `/products/attributes/${finish.id}/terms`, {
          translations: { en: { name } },
        })
      ).id,
    );
  const product = await call<{ id: number; slug: string }>("POST", "/products", {
    type: "variable",
    translations: { en: { name: `Engraved mug ${suffix}` } },
    attributes: [{ id: finish.id, terms }],
    variations: [],
  });

  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  const shopper = await browser.newContext({ baseURL: origin });
  try {
    await signInByForm(page, ADMIN);
    await page.goto(`/admin/products/${product.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add a custom attribute" }).click();
    const own = page.getByRole("group", { name: "Custom attribute 1" });
    await own.getByLabel("Name (English)").fill("Engraving");
    const engraving = page.getByRole("group", { name: "Engraving", exact: true });
    await engraving.getByLabel("Name (Spanish)").fill("Grabado");
    await engraving.getByLabel("Values (English)").fill("Initials | Full name");
    await engraving.getByLabel("Values (Spanish)").fill("Iniciales | Nombre completo");
    await expect(engraving.getByRole("checkbox", { name: "Visible on the product page" })).toBeChecked();
    await expect(engraving.getByRole("checkbox", { name: "Used for variations" })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Create a variation for every combination" }).click();
    const variations = page.locator("fieldset.variation");
    await expect(variations).toHaveCount(4);
    for (const [n, price] of ["10", "11", "12", "13"].entries()) {
      const variation = page.getByRole("group", { name: `Variation ${n + 1}`, exact: true });
      await variation.getByLabel(/^Price \(/).fill(price);
    }
    await expect(
      page.getByRole("group", { name: "Variation 4", exact: true }).getByLabel("Engraving"),
    ).toHaveValue("Full name");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText("Product saved.")).toBeVisible();
    // Read again from the server: the attribute, its values and the four variations were kept.
    await expect(engraving.getByLabel("Values (Spanish)")).toHaveValue("Iniciales | Nombre completo");
    await expect(variations).toHaveCount(4);

    // A shopper: the product page shows it under "Additional information" and chooses a variation by it.
    const shop = await shopper.newPage();
    await shop.goto(`/product/${product.slug}`);
    await hydrated(shop);
    await shop.getByRole("tab", { name: "Additional information" }).click();
    await expect(shop.getByRole("row", { name: "Engraving Initials, Full name" })).toBeVisible();
    await shop.getByLabel(`Finish ${suffix}`, { exact: true }).selectOption({ label: "Gloss" });
    await shop.getByLabel("Engraving", { exact: true }).selectOption({ label: "Full name" });
    await expect(
      shop
        .locator("main")
        .getByText(/13\.00/)
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(shop)).toEqual([]);
    await shop.getByRole("button", { name: "Add to cart" }).click();
    await expect(shop.getByRole("link", { name: /View cart/ }).first()).toBeVisible();
    await shop.goto("/cart");
    const line = shop.locator("tr", { hasText: `Engraved mug ${suffix}` });
    await expect(line.getByText("Engraving:")).toBeVisible();
    await expect(line.getByText("Full name")).toBeVisible();
    await expect(line.getByText("Gloss")).toBeVisible();
  } finally {
    await page.context().close();
    await shopper.close();
    await call("PUT", `/products/${product.id}`, { status: "draft", attributes: [], variations: [] });
    await call("DELETE", `/products/attributes/${finish.id}?force=true`);
  }
});
