import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, adminApi, bearer, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import { seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * The media picker dialog in the other places that take a picture (issue 39): a category's picture,
 * a page's hero and gallery blocks (several uploaded at once), where focus goes after Remove, and
 * the media library's own page, 40 pictures a page and searched as the dialog searches. On the
 * worker's demo store, with the pictures, categories and pages each test makes and removes.
 */

type Item = { id: number; filename: string };

/** A picture file as a camera would hand it over. */
async function photo(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** Uploads pictures through the REST API; `remove` deletes them (in use or not) after the test. */
async function libraryPictures(request: APIRequestContext, origin: string, names: string[]) {
  const issued = await request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN });
  const { token } = (await issued.json()) as { token: string };
  const items: Item[] = [];
  for (const [n, name] of names.entries()) {
    const answer = await request.post(`${origin}/api/vitrine/v2/media`, {
      headers: bearer(token),
      multipart: { file: await photo(name, { r: 40 * n, g: 120, b: 200 - 40 * n }) },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    items.push((await answer.json()) as Item);
  }
  const remove = async (ids: number[]) => {
    for (const id of ids) {
      const answer = await request.delete(`${origin}/api/vitrine/v2/media/${id}?force=true`, {
        headers: bearer(token),
      });
      expect([200, 404]).toContain(answer.status());
    }
    await request.delete(`${origin}/api/vitrine/v2/auth/token`, { headers: bearer(token) });
  };
  return { items, remove };
}

test("an administrator gives a category a picture in the picker dialog by keyboard, and removes it", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const api = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const name = `Lamps ${suffix}`;
  const { items, remove } = await libraryPictures(request, origin, [`lamp-${suffix}.jpg`]);
  const picture = items[0]!;
  const category = await api.call<{ id: number }>("POST", "/products/categories", {
    translations: { en: { name } },
  });
  const imageOf = async () =>
    (await api.call<Array<{ id: number; image: number | null }>>("GET", "/products/categories")).find(
      (each) => each.id === category.id,
    )?.image;

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto("/admin/categories");
  await hydrated(page);
  const field = page.getByRole("group", { name: `Picture of “${name}”` });
  await expect(field).toContainText("No picture");
  const choose = field.getByRole("button", { name: "Choose picture" });
  await choose.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose a picture" });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole("searchbox", { name: "Search pictures" });
  await expect(search).toBeVisible();
  await search.focus();
  await page.keyboard.type(picture.filename);
  const option = dialog.getByRole("radio", { name: new RegExp(picture.filename) });
  await expect(option).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await option.focus();
  await page.keyboard.press("Space");
  await expect(option).toBeChecked();
  await dialog.getByRole("button", { name: "Use this picture" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  const message = (text: string) => page.getByRole("status").filter({ hasText: text });
  await expect(message(`Picture of “${name}” saved.`)).toBeVisible();
  await expect(field).toContainText(picture.filename);
  await expect(field.locator("img")).toHaveAttribute("src", /\/media\//);
  expect(await imageOf()).toBe(picture.id);
  expect(await seriousViolations(page)).toEqual([]);

  // Read again from the server, the page shows the picture by its name and thumbnail.
  await page.reload();
  await hydrated(page);
  await expect(field).toContainText(picture.filename);

  // Removed by keyboard: focus stays in the field, on the button that chooses one again.
  await field.getByRole("button", { name: "Remove picture" }).focus();
  await page.keyboard.press("Enter");
  await expect(field.getByRole("button", { name: "Choose picture" })).toBeFocused();
  await expect(message(`Picture of “${name}” removed.`)).toBeVisible();
  expect(await imageOf()).toBeNull();

  await api.call("DELETE", `/products/categories/${category.id}`);
  await remove([picture.id]);
  await api.revoke();
  await context.close();
});

test("a page's hero and gallery blocks take their pictures from the picker dialog: two uploaded at once, chosen, removed with focus kept, saved", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const api = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const { items, remove } = await libraryPictures(request, origin, [`hero-${suffix}.jpg`]);
  const hero = items[0]!;
  const created = await api.call<{ id: number; slug: string }>("POST", "/pages", {
    title: { en: `Picture blocks ${suffix}`, es: `Bloques ${suffix}` },
  });

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto(`/admin/pages/${created.slug}`);
  await hydrated(page);
  const blocks = page.locator(".page-builder fieldset[data-block-type]");
  const addBlock = async (kind: string) => {
    const added = blocks.nth(await blocks.count());
    await page.getByLabel("Kind of block").selectOption({ label: kind });
    await page.getByRole("button", { name: "Add block" }).click();
    await expect(added).toBeVisible();
    return added;
  };

  // The hero's one picture, found by its name.
  const heroBlock = await addBlock("Hero");
  await heroBlock.getByLabel("Heading (English)").fill("Picture hero");
  const heroPicture = heroBlock.getByRole("group", { name: "Picture", exact: true });
  await heroPicture.getByRole("button", { name: "Choose picture" }).click();
  const one = page.getByRole("dialog", { name: "Choose a picture" });
  // A file that is not a picture fails on its own, saying why; the dialog goes on.
  const refusedChooser = page.waitForEvent("filechooser");
  await one.getByRole("button", { name: "Upload a picture" }).click();
  const single = await refusedChooser;
  expect(single.isMultiple()).toBe(false);
  await single.setFiles([
    { name: `notes-${suffix}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from("notes") },
  ]);
  await expect(one.locator(".media-upload")).toHaveText(
    `notes-${suffix}.jpg: failed The file is not a JPEG, PNG, WebP, AVIF or GIF picture.`,
  );
  await expect(one.getByRole("alert")).toHaveText("The file is not a JPEG, PNG, WebP, AVIF or GIF picture.");
  await expect(one.getByRole("status")).toHaveText("1 picture could not be uploaded.");
  await one.getByRole("searchbox", { name: "Search pictures" }).fill(hero.filename);
  await one.getByRole("radio", { name: new RegExp(hero.filename) }).check();
  await one.getByRole("button", { name: "Use this picture" }).click();
  await expect(one).toBeHidden();
  await expect(heroPicture).toContainText(hero.filename);

  // The gallery's pictures: two files uploaded at once in the dialog, each with its progress, both chosen.
  const galleryBlock = await addBlock("Gallery");
  await galleryBlock.getByLabel("Heading (English)").fill("Picture gallery");
  const opener = galleryBlock.getByRole("button", { name: "Choose gallery pictures" });
  await opener.click();
  const several = page.getByRole("dialog", { name: "Choose pictures" });
  const chooser = page.waitForEvent("filechooser");
  await several.getByRole("button", { name: "Upload pictures" }).click();
  const files = [`bench-a-${suffix}.jpg`, `bench-b-${suffix}.jpg`];
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple()).toBe(true);
  await fileChooser.setFiles([
    await photo(files[0]!, { r: 200, g: 80, b: 40 }),
    await photo(files[1]!, { r: 40, g: 80, b: 200 }),
  ]);
  await expect(several.getByRole("heading", { name: "Uploads: 2 of 2 done" })).toBeVisible();
  await expect(several.locator(".media-upload")).toHaveText([
    `${files[0]}: uploaded`,
    `${files[1]}: uploaded`,
  ]);
  await expect(several.getByRole("status")).toHaveText("2 pictures uploaded and chosen.");
  for (const file of files)
    await expect(several.getByRole("checkbox", { name: new RegExp(file) })).toBeChecked();
  await expect(several.getByText("2 chosen")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await several.getByRole("button", { name: "Use these pictures" }).click();
  await expect(several).toBeHidden();
  const chosen = galleryBlock.getByRole("list", { name: "Chosen pictures, in order" }).getByRole("listitem");
  await expect(chosen).toHaveText([new RegExp(files[0]!), new RegExp(files[1]!)]);

  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("The page has been saved.");
  type Saved = { blocks: Array<{ type: string; data: { imageId?: number; imageIds?: number[] } }> };
  const saved = await api.call<Saved>("GET", `/pages/${created.id}`);
  const uploaded = saved.blocks.find((block) => block.type === "gallery")?.data.imageIds ?? [];
  expect(saved.blocks.find((block) => block.type === "hero")?.data.imageId).toBe(hero.id);
  expect(uploaded).toHaveLength(2);

  // Remove, by keyboard: focus goes to the next picture's Remove, then (none left) to the opener.
  await chosen
    .first()
    .getByRole("button", { name: /^Remove/ })
    .focus();
  await page.keyboard.press("Enter");
  await expect(chosen).toHaveCount(1);
  await expect(chosen.first().getByRole("button", { name: /^Remove/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(chosen).toHaveCount(0);
  await expect(opener).toBeFocused();
  // The hero's Remove leaves focus on its choose button.
  await heroPicture.getByRole("button", { name: "Remove picture" }).focus();
  await page.keyboard.press("Enter");
  await expect(heroPicture.getByRole("button", { name: "Choose picture" })).toBeFocused();
  await expect(heroPicture).toContainText("No picture");

  await api.call("DELETE", `/pages/${created.id}`);
  await remove([hero.id, ...uploaded]);
  await api.revoke();
  await context.close();
});

test("the media library lists 40 pictures a page, with and without JavaScript, and its search narrows them by file name", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const api = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const { items, remove } = await libraryPictures(request, origin, [`library-${suffix}.jpg`]);
  const secondPage = await api.call<Item[]>("GET", "/media?per_page=40&page=2");
  expect(secondPage.length).toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByForm(page, ADMIN);
  const pages = page.getByRole("navigation", { name: "Pages of pictures" });
  await page.goto("/admin/media");
  await expect(page.locator(".media-item")).toHaveCount(40);
  await expect(pages.locator('[aria-current="page"]')).toContainText("1");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/admin\/media\?page=2$/);
  await expect(page.locator(".media-item")).toHaveCount(Math.min(40, secondPage.length));
  await expect(page.locator(".media-item").first()).toContainText(secondPage[0]!.filename);
  expect(await seriousViolations(page)).toEqual([]);

  // The search is a plain GET form: the address holds it, and the pages keep it.
  const search = page.getByRole("searchbox", { name: "Search pictures" });
  await search.fill(`library-${suffix}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/media\\?search=library-${suffix}$`));
  await expect(page.locator(".media-item")).toHaveCount(1);
  await expect(page.locator(".media-item")).toContainText(items[0]!.filename);
  await expect(
    page.getByRole("status").filter({ hasText: `1 picture matches “library-${suffix}”.` }),
  ).toBeVisible();
  await expect(pages).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await search.fill(`nothing-${suffix}`);
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: `No pictures match “nothing-${suffix}”.` }),
  ).toBeVisible();
  await expect(page.locator(".media-item")).toHaveCount(0);

  // Without JavaScript: the server's HTML holds page 2 and its links.
  const html = await (await page.request.get("/admin/media?page=2")).text();
  expect(html.match(/class="media-item /g)?.length).toBe(Math.min(40, secondPage.length));
  expect(html).toContain(secondPage[0]!.filename);
  expect(html).toMatch(/<a[^>]*href="\/admin\/media"[^>]*rel="prev"|rel="prev"[^>]*href="\/admin\/media"/);
  const searched = await (await page.request.get(`/admin/media?search=library-${suffix}`)).text();
  expect(searched.match(/class="media-item /g)?.length).toBe(1);
  expect((await page.request.get(`/admin/media?search=${"x".repeat(201)}`)).status()).toBe(400);

  await remove(items.map((item) => item.id));
  await api.revoke();
  await context.close();
});
