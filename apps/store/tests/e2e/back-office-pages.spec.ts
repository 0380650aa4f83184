import type { Browser, Locator, Page } from "@playwright/test";
import { ADMIN, bearer, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * The page builder (issue 17, decision 0034): an administrator builds a page from blocks of four
 * kinds, previews the draft, publishes it and shoppers read it in both languages; the storefront's
 * edit links open the builder on their block; editors build pages too.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

const texts = {
  en: {
    pages: "Pages",
    titleEn: "Title (English)",
    titleEs: "Title (Spanish)",
    create: "Create page",
    kind: "Kind of block",
    add: "Add block",
    headingEn: "Heading (English)",
    headingEs: "Heading (Spanish)",
    textEn: "Text (English)",
    textEs: "Text (Spanish)",
    products: "Hand-picked products",
    status: "Status",
    address: "Address",
    published: "Published",
    save: "Save page",
    saved: "The page has been saved.",
    preview: "Preview the draft",
    draft: /this page is a draft/,
    kinds: { hero: "Hero", text: "Text", grid: "Featured products", gallery: "Gallery" },
    choosePictures: "Choose gallery pictures",
    picker: "Choose pictures",
    usePictures: "Use these pictures",
    moveUp: /^Move Block 3: Featured products .* up$/,
  },
  es: {
    pages: "Páginas",
    titleEn: "Título (inglés)",
    titleEs: "Título (español)",
    create: "Crear página",
    kind: "Tipo de bloque",
    add: "Añadir bloque",
    headingEn: "Encabezado (inglés)",
    headingEs: "Encabezado (español)",
    textEn: "Texto (inglés)",
    textEs: "Texto (español)",
    products: "Productos elegidos a mano",
    status: "Estado",
    address: "Dirección",
    published: "Publicado",
    save: "Guardar página",
    saved: "La página se ha guardado.",
    preview: "Previsualizar el borrador",
    draft: /esta página es un borrador/,
    kinds: { hero: "Portada", text: "Texto", grid: "Productos destacados", gallery: "Galería de imágenes" },
    choosePictures: "Elegir imágenes de la galería",
    picker: "Elegir imágenes",
    usePictures: "Usar estas imágenes",
    moveUp: /^Subir Bloque 3: Productos destacados/,
  },
} as const;

/** A page of a new browser context reading the store in `locale`, signed in when `account` is given. */
async function reader(browser: Browser, baseURL: string, locale: "en" | "es", account?: typeof ADMIN) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: baseURL }]);
  const page = await context.newPage();
  if (account) await signInByForm(page, account);
  return page;
}

/** Adds a block of `kind` at the end and answers its fieldset. */
async function addBlock(page: Page, t: (typeof texts)["en" | "es"], kind: string): Promise<Locator> {
  await page.getByLabel(t.kind).selectOption({ label: kind });
  await page.getByRole("button", { name: t.add }).click();
  const block = page.locator(".page-builder fieldset[data-block-type]").last();
  // The new block's name has the focus, so a keyboard user goes on in it.
  await expect(block.locator("legend span")).toBeFocused();
  return block;
}

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`(${locale}) an administrator builds a page from four kinds of blocks, previews the draft and publishes it for shoppers in both languages`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const slug = `workshop-days-${locale}`;
    const page = await reader(browser, baseURL!, locale, ADMIN);
    await page.goto("/admin");
    await page.getByRole("navigation").getByRole("link", { name: t.pages, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.pages })).toBeVisible();
    await expect(page.getByRole("row").filter({ has: page.locator('code:text-is("/")') })).toHaveCount(1);
    expect(await serious(page)).toEqual([]);

    await page.getByLabel(t.titleEn).fill(`Workshop days ${locale}`);
    await page.getByLabel(t.titleEs).fill(`Días de taller ${locale}`);
    await page.getByRole("button", { name: t.create }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/pages/${slug}$`));
    await hydrated(page);

    const hero = await addBlock(page, t, t.kinds.hero);
    await hero.getByLabel(t.headingEn).fill("Come and see us work");
    await hero.getByLabel(t.headingEs).fill("Ven a vernos trabajar");
    await hero.getByLabel(t.textEn).fill("Every first Saturday.");
    await hero.getByLabel(t.textEs).fill("Cada primer sábado.");

    const story = await addBlock(page, t, t.kinds.text);
    await story.getByLabel(t.headingEn).fill("What we make");
    await story.getByLabel(t.headingEs).fill("Lo que hacemos");
    await story.getByLabel(t.textEn).fill("Mugs, shirts and more. [See the shop](/shop).");
    await story.getByLabel(t.textEs).fill("Tazas, camisas y más. [Mira la tienda](/shop).");

    const grid = await addBlock(page, t, t.kinds.grid);
    await grid.getByLabel(t.headingEn).fill("Made that day");
    await grid.getByLabel(t.headingEs).fill("Hecho ese día");
    const options = grid.getByLabel(t.products).locator("option");
    const picked = [(await options.nth(0).textContent())!, (await options.nth(1).textContent())!];
    await grid.getByLabel(t.products).selectOption([{ label: picked[0] }, { label: picked[1] }]);

    const gallery = await addBlock(page, t, t.kinds.gallery);
    await gallery.getByLabel(t.headingEn).fill("The bench");
    await gallery.getByLabel(t.headingEs).fill("El banco");
    // Two pictures of the library, chosen in the picker dialog.
    await gallery.getByRole("button", { name: t.choosePictures }).click();
    const picker = page.getByRole("dialog", { name: t.picker });
    await picker.getByRole("checkbox").nth(0).check();
    await picker.getByRole("checkbox").nth(1).check();
    await picker.getByRole("button", { name: t.usePictures }).click();
    await expect(picker).toBeHidden();
    await expect(gallery.getByRole("listitem")).toHaveCount(2);

    // The product grid goes up one, by keyboard.
    await page.getByRole("button", { name: t.moveUp }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".page-builder fieldset[data-block-type]").nth(1)).toHaveAttribute(
      "data-block-type",
      "featured-products",
    );

    await page.getByRole("button", { name: t.save }).click();
    await expect(page.locator(".back-office").getByRole("status")).toHaveText(t.saved);
    expect(await serious(page)).toEqual([]);

    // A draft: staff preview it, shoppers get the not-found page.
    await page.getByRole("link", { name: t.preview }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    await expect(page.getByText(t.draft)).toBeVisible();
    const guest = await reader(browser, baseURL!, locale);
    expect((await guest.goto(`/${slug}`))?.status()).toBe(404);

    await page.goto(`/admin/pages/${slug}`);
    await hydrated(page);
    await page.getByLabel(t.status).selectOption({ label: t.published });
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.locator(".back-office").getByRole("status")).toHaveText(t.saved);

    // Shoppers read it in both languages, blocks in the order the builder left them.
    const shown = {
      en: ["Come and see us work", "Made that day", "What we make", "The bench"],
      es: ["Ven a vernos trabajar", "Hecho ese día", "Lo que hacemos", "El banco"],
    };
    for (const language of ["en", "es"] as const) {
      const shopper = language === locale ? guest : await reader(browser, baseURL!, language);
      expect((await shopper.goto(`/${slug}`))?.status()).toBe(200);
      await expect(shopper.getByText(t.draft)).toHaveCount(0);
      await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(shown[language][0]!);
      await expect(shopper.locator("main").getByRole("heading", { level: 2 })).toHaveText(
        shown[language].slice(1),
      );
      await expect(
        shopper.getByRole("link", { name: language === "en" ? "See the shop" : "Mira la tienda" }),
      ).toHaveAttribute("href", "/shop");
      const products = shopper.getByRole("region", { name: shown[language][1] }).locator("li.product-small");
      await expect(products).toHaveCount(2);
      const galleryRegion = shopper.getByRole("region", { name: shown[language][3] });
      await expect(galleryRegion.locator("img")).toHaveCount(2);
    }
    // A new address: the old one answers 301 to it.
    await page.goto(`/admin/pages/${slug}`);
    await hydrated(page);
    await page.getByLabel(t.address, { exact: true }).fill(`${slug}-moved`);
    await page.getByRole("button", { name: t.save }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/pages/${slug}-moved\\?saved=1$`));
    const followed = await guest.goto(`/${slug}`);
    expect(followed?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/${slug}$`));
    expect((await followed?.request().redirectedFrom()?.response())?.status()).toBe(301);
    await expect(guest).toHaveURL(new RegExp(`/${slug}-moved$`));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(shown[locale][0]!);

    // The English names of the hand-picked products, in the list's order (the builder keeps it).
    const english = await reader(browser, baseURL!, "en");
    await english.goto(`/${slug}`);
    await expect(
      english.getByRole("region", { name: "Made that day" }).locator("li.product-small .product-title"),
    ).toHaveText(picked);
  });
}

test("a content block's page-builder link opens the builder on that block, with the focus on it", async ({
  browser,
  baseURL,
}) => {
  const page = await reader(browser, baseURL!, "en", ADMIN);
  await page.goto("/");
  const story = page.locator(".content-block").filter({ hasText: "From the workshop" });
  const builder = story.getByRole("link", { name: /^Page builder/ });
  const href = (await builder.getAttribute("href"))!;
  expect(href).toMatch(/^\/admin\/pages\/home\?block=\d+$/);
  await builder.click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit page: Home" })).toBeVisible();
  const blockId = href.split("=")[1];
  const marked = page.locator(`#builder-block-${blockId}`);
  await expect(marked).toHaveAttribute("data-selected", "true");
  await expect(marked.locator("legend span")).toBeFocused();
  await expect(marked.locator("legend")).toHaveText(/Text “From the workshop”/);
  expect(await serious(page)).toEqual([]);
});

test("editors build pages too; customers and visitors do not get in", async ({
  page,
  shopper,
  request,
  adminToken,
}) => {
  expect((await page.goto("/admin/pages"))?.status()).toBe(403);
  const promoted = await request.put(`/api/vitrine/v2/users/${shopper.id}`, {
    headers: bearer(adminToken),
    data: { role: "editor" },
  });
  expect(promoted.status()).toBe(200);
  await page.goto("/admin/pages");
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await page.locator(".back-office").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit page: Home" })).toBeVisible();
});

test("the builder asks before a page with unsaved changes is left: a block added by its button counts; staying keeps it, leaving drops it", async ({
  browser,
  baseURL,
}) => {
  const page = await reader(browser, baseURL!, "en", ADMIN);
  await page.goto("/admin/pages/home");
  await hydrated(page);
  const unsaved = page.getByText("You have unsaved changes.");
  await expect(unsaved).toHaveCount(0);
  const blocks = page.locator(".page-builder fieldset[data-block-type]");
  const before = await blocks.count();
  await addBlock(page, texts.en, texts.en.kinds.text);
  await expect(unsaved).toBeVisible();

  const back = page.getByRole("link", { name: "All pages" });
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await back.click();
  await ask.getByRole("button", { name: "Stay on this page" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/pages\/home$/);
  await expect(blocks).toHaveCount(before + 1);

  await back.click();
  await ask.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await page.goto("/admin/pages/home");
  await expect(blocks).toHaveCount(before);
});
