import { ADMIN, adminApi, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import { seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * The media picker dialog (issue 39) on the worker's demo store (60+ pictures), for a draft
 * product made through the REST API, so no listing changes: everything by keyboard.
 */

type Item = { id: number; filename: string; alt_text: Record<string, string> };

test("an administrator chooses a product's gallery in the picker dialog by keyboard: search, page 2, three pictures, reordered by keyboard and by dragging, saved in order", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const api = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const product = await api.call<{ id: number }>("POST", "/products", {
    type: "simple",
    status: "draft",
    translations: { en: { name: `Picker test ${suffix}` } },
  });
  const firstPage = await api.call<Item[]>("GET", "/media?per_page=40&page=1");
  const secondPage = await api.call<Item[]>("GET", "/media?per_page=40&page=2");
  expect(secondPage.length).toBeGreaterThanOrEqual(3);
  const searched = firstPage[0]!;
  const wanted = secondPage.slice(0, 3);

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto(`/admin/products/${product.id}`);
  await hydrated(page);

  // Opened by keyboard; the picker's code arrives then.
  const opener = page.getByRole("button", { name: "Choose gallery pictures" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose pictures" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Page 1 of")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A search by file name narrows the list; emptied, the whole library is back.
  const search = dialog.getByRole("searchbox", { name: "Search pictures" });
  await search.focus();
  await page.keyboard.type(searched.filename);
  await expect(dialog.getByRole("checkbox", { name: new RegExp(searched.filename) })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: new RegExp(secondPage[0]!.filename) })).toHaveCount(0);
  await search.fill("");

  // Page 2, and three pictures chosen there with the space bar.
  const next = dialog.getByRole("button", { name: "Next page" });
  await expect(next).toBeEnabled();
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Page 2 of")).toBeVisible();
  for (const item of wanted) {
    const box = dialog.getByRole("checkbox", { name: new RegExp(item.filename) });
    await box.focus();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  await expect(dialog.getByText("3 chosen")).toBeVisible();
  await dialog.getByRole("button", { name: "Use these pictures" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The third moved first with its "Move earlier" button, twice; its new place is announced.
  const chosen = page.getByRole("list", { name: "Chosen pictures, in order" }).getByRole("listitem");
  await expect(chosen).toHaveCount(3);
  const third = chosen.nth(2);
  const name = (await third.locator(".font-medium").textContent()) ?? "";
  await third.getByRole("button", { name: /^Move earlier/ }).focus();
  await page.keyboard.press("Enter");
  await expect(chosen.nth(1).getByRole("button", { name: /^Move earlier/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${name} is now picture 1 of 3.`)).toBeAttached();
  await expect(chosen.first()).toContainText(name);

  await page.getByRole("button", { name: "Save product" }).click();
  await expect(
    page.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." }),
  ).toBeVisible();
  const saved = await api.call<{ images: number[] }>("GET", `/products/${product.id}`);
  expect(saved.images).toEqual([wanted[2]!.id, wanted[0]!.id, wanted[1]!.id]);

  // Dragged with the mouse: the first picture dropped on the last one's place.
  await chosen.first().dragTo(chosen.nth(2));
  await expect(chosen.nth(2)).toContainText(name);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect
    .poll(async () => (await api.call<{ images: number[] }>("GET", `/products/${product.id}`)).images)
    .toEqual([wanted[0]!.id, wanted[1]!.id, wanted[2]!.id]);

  await api.revoke();
  await context.close();
});
