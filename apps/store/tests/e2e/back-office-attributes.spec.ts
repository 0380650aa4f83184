import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { adminApi, DEMO_STORE, expect, hydrated, type SharedStore, test } from "./fixtures.ts";
import { seriousViolations, uniqueSuffix } from "./support.ts";

/**
 * The attributes page (issue 39) at /admin/attributes, used by an editor on the worker's demo store:
 * attribute and term names show in the shop's filters and on product pages, so they are not made
 * on the store other tests read. Every name carries the test's suffix, and what a test makes it
 * takes away again.
 */

type Term = { id: number; name: string; menu_order: number; translations: { es?: { name: string } } };

/**
 * The worker's demo store, a suffix for the names the test makes there, and the store's REST API as
 * its administrator, with a fresh token.
 */
async function demoStore(
  request: APIRequestContext,
  sharedStore: (env: typeof DEMO_STORE) => Promise<SharedStore>,
) {
  const { origin } = await sharedStore(DEMO_STORE);
  const suffix = uniqueSuffix();
  return { origin, suffix, call: (await adminApi(request, origin)).call };
}

type Api = Awaited<ReturnType<typeof adminApi>>["call"];

/**
 * A new account, registered through the account page and made an editor by the administrator,
 * signed in on its own page; `close` makes it a customer again and closes the page.
 */
async function editorPage(browser: Browser, origin: string, call: Api, suffix: string) {
  const email = `attributes-editor-${suffix}@example.com`;
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  await page.goto("/my-account");
  const register = page.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("editor password 1");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(`Hello ${email}`)).toBeVisible();
  const [user] = await call<Array<{ id: number }>>("GET", `/users?search=${encodeURIComponent(email)}`);
  await call("PUT", `/users/${user!.id}`, { role: "editor" });
  return {
    page,
    close: async () => {
      await call("PUT", `/users/${user!.id}`, { role: "customer" });
      await page.context().close();
    },
  };
}

const announced = (page: Page, text: string) =>
  expect(page.locator(".back-office").getByRole("status").filter({ hasText: text })).toBeVisible();
/** The terms as the page lists them: each row's header, in order. */
const termNames = (page: Page) => page.locator("tr.term-row th");

test("an editor makes an attribute with three terms, moves one to the top by keyboard, renames one and deletes the attribute", async ({
  browser,
  request,
  sharedStore,
}) => {
  // The worker's demo store may start inside the test (its catalogue and pictures).
  test.setTimeout(180_000);
  const { origin, suffix, call } = await demoStore(request, sharedStore);
  const editor = await editorPage(browser, origin, call, suffix);
  const { page } = editor;
  const material = `Material ${suffix}`;
  try {
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Attributes" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Attributes" })).toBeVisible();
    await hydrated(page);
    const addAttribute = page.getByRole("region", { name: "Add an attribute" });
    await addAttribute.getByLabel("Name (English)").fill(material);
    await addAttribute.getByLabel("Name (Spanish)").fill(material);
    await expect(addAttribute.getByLabel("Sort order")).toHaveValue("menu_order");
    await addAttribute.getByRole("button", { name: "Add attribute" }).click();
    await announced(page, `Attribute “${material}” added.`);
    await expect(addAttribute.getByLabel("Name (English)")).toHaveValue("");
    const row = page.locator("tr.attribute-row").filter({ hasText: material });
    await expect(row).toContainText(`material-${suffix}`);
    await expect(row).toContainText("Custom order");
    await expect(row).toContainText("0 terms");
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole("link", { name: `Edit terms of “${material}”` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Terms of “${material}”` })).toBeVisible();
    await expect(page.getByText("This attribute has no terms yet.")).toBeVisible();
    const addTerm = page.getByRole("region", { name: "Add a term" });
    for (const [en, es] of [
      ["Cotton", "Algodón"],
      ["Linen", "Lino"],
      ["Wool", "Lana"],
    ] as const) {
      await addTerm.getByLabel("Name (English)").fill(en);
      await addTerm.getByLabel("Name (Spanish)").fill(es);
      await addTerm.getByLabel("Description (English)").fill(`${en}, as woven.`);
      await addTerm.getByRole("button", { name: "Add term" }).click();
      await announced(page, `Term “${en}” added.`);
      await expect(addTerm.getByLabel("Name (English)")).toHaveValue("");
    }
    await expect(termNames(page)).toHaveText(["Cotton", "Linen", "Wool"]);
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: the focus stays with Wool as it moves, and passes to "down" at the top.
    const up = page.getByRole("button", { name: "Move “Wool” up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await announced(page, "“Wool” is now 2 of 3.");
    await expect(termNames(page)).toHaveText(["Cotton", "Wool", "Linen"]);
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await announced(page, "“Wool” is now 1 of 3.");
    await expect(termNames(page)).toHaveText(["Wool", "Cotton", "Linen"]);
    await expect(up).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move “Wool” down" })).toBeFocused();

    // Linen becomes Flax in English; its Spanish name stays.
    const linen = page.locator("tr.term-row").filter({ hasText: "Linen" });
    const edit = linen.getByText("Edit", { exact: true });
    await edit.click();
    await linen.getByLabel("Name (English)").fill("Flax");
    await linen.getByRole("button", { name: "Save “Linen”" }).click();
    await announced(page, "“Flax” saved.");
    await expect(termNames(page)).toHaveText(["Wool", "Cotton", "Flax"]);
    // Saved, the form closes and the focus is back on its summary (the row still has Linen's slug).
    await expect(linen.getByLabel("Name (English)")).toBeHidden();
    await expect(edit).toBeFocused();

    const [attribute] = (
      await call<Array<{ id: number; name: string }>>("GET", "/products/attributes")
    ).filter((each) => each.name === material);
    const terms = await call<Term[]>("GET", `/products/attributes/${attribute!.id}/terms`);
    expect(terms.map((term) => [term.name, term.translations.es?.name, term.menu_order])).toEqual([
      ["Wool", "Lana", 0],
      ["Cotton", "Algodón", 1],
      ["Flax", "Lino", 2],
    ]);

    // In Spanish, the page names each term in Spanish.
    await page.goto(`/admin/attributes?attribute=${attribute!.id}&lang=es`);
    await expect(page.getByRole("heading", { level: 1, name: `Términos de «${material}»` })).toBeVisible();
    await expect(termNames(page)).toHaveText(["Lana", "Algodón", "Lino"]);
    await expect(page.getByRole("button", { name: "Subir «Lana»" })).toBeDisabled();

    await page.goto(`/admin/attributes?attribute=${attribute!.id}`);
    await page.getByRole("link", { name: "All attributes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Attributes" })).toBeVisible();
    await hydrated(page);
    await expect(row).toContainText("3 terms");
    await row.getByRole("button", { name: `Delete “${material}”` }).click();
    await announced(page, `“${material}” deleted.`);
    await expect(row).toHaveCount(0);
  } finally {
    await editor.close();
  }
});

test("deleting a term a product uses is refused, naming the product, until the editor removes it from the product too", async ({
  browser,
  request,
  sharedStore,
}) => {
  // The worker's demo store may start inside the test (its catalogue and pictures).
  test.setTimeout(180_000);
  const { origin, suffix, call } = await demoStore(request, sharedStore);
  const fabric = await call<{ id: number }>("POST", "/products/attributes", {
    translations: { en: { name: `Fabric ${suffix}` }, es: { name: `Tela ${suffix}` } },
  });
  const [silk, hemp] = [
    await call<Term>("POST", `/products/attributes/${fabric.id}/terms`, {
      translations: { en: { name: "Silk", description: "" }, es: { name: "Seda", description: "" } },
    }),
    await call<Term>("POST", `/products/attributes/${fabric.id}/terms`, {
      translations: { en: { name: "Hemp", description: "" }, es: { name: "Cáñamo", description: "" } },
    }),
  ];
  // A draft, which no listing shows.
  const scarf = `Scarf ${suffix}`;
  const product = await call<{ id: number }>("POST", "/products", {
    type: "simple",
    status: "draft",
    translations: { en: { name: scarf } },
  });
  await call("PUT", `/products/${product.id}`, { attributes: [{ id: fabric.id, terms: [silk!.id] }] });
  const editor = await editorPage(browser, origin, call, suffix);
  const { page } = editor;
  try {
    await page.goto(`/admin/attributes?attribute=${fabric.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Terms of “Fabric ${suffix}”` })).toBeVisible();
    await hydrated(page);
    await expect(page.locator("tr.term-row").filter({ hasText: "Silk" })).toContainText("1 product");

    await page.getByRole("button", { name: "Delete “Silk”" }).click();
    const refusal = page.getByRole("alert");
    await expect(refusal).toContainText("“Silk” was not deleted: these products use it.");
    await expect(refusal.getByRole("link", { name: scarf })).toHaveAttribute(
      "href",
      `/admin/products/${product.id}`,
    );
    await expect(termNames(page)).toHaveText(["Silk", "Hemp"]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Remove from these products and delete" }).click();
    await announced(page, "“Silk” deleted.");
    await expect(termNames(page)).toHaveText(["Hemp"]);
    await expect(refusal).toHaveCount(0);
    const saved = await call<{ attributes: unknown[] }>("GET", `/products/${product.id}`);
    expect(saved.attributes).toEqual([]);
    expect(
      (await call<Term[]>("GET", `/products/attributes/${fabric.id}/terms`)).map((term) => term.id),
    ).toEqual([hemp!.id]);
  } finally {
    await editor.close();
    await call("DELETE", `/products/attributes/${fabric.id}?force=true`);
  }
});
