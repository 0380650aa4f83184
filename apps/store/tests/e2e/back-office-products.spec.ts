import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, E2E_MEDIA_DIR, EMPTY_STORE, expect, hydrated, test } from "./fixtures.ts";
import { axe, fillBilling, signInByForm } from "./support.ts";

/**
 * The back office's products and categories (issue 16), on a store of their own: a demo store for
 * the product (its new product would otherwise change the counts other tests read), an empty one
 * (the worker's, settings put back after each test) for the product pages and the category tree.
 */
const OWNER = ADMIN;

const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** A picture file of `width`×600 as a camera would hand it over. */
async function photo(name: string, width: number, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

async function ownerPage(browser: Browser, store: { port: number }, locale: "en" | "es" = "en") {
  const baseURL = `http://127.0.0.1:${store.port}`;
  const context = await browser.newContext({ baseURL });
  if (locale === "es") await context.addCookies([{ name: "googtrans", value: "/en/es", url: baseURL }]);
  const page = await context.newPage();
  await signInByForm(page, OWNER);
  return page;
}

test("an administrator uploads two photos (one retried), creates a variable product with two variations and their own pictures, and a shopper buys it in either language", async ({
  browser,
  spareStore,
}) => {
  test.setTimeout(180_000);
  const store = await spareStore({
    SEED_DEMO: "on",
    MEDIA_DIR: E2E_MEDIA_DIR,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    // This store's 777-pixel-wide pictures fail half-way on their first upload, as the main store's do.
    MEDIA_FAULT_WIDTH: "777",
  });
  const page = await ownerPage(browser, store);

  // Two photos; the 777-pixel one fails half-way, and the page's REST client finishes it.
  await page.goto("/admin/media");
  await hydrated(page);
  const postProcess: string[] = [];
  page.on("request", (request) => {
    if (/\/media\/\d+\/post-process/.test(request.url())) postProcess.push(request.url());
  });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose pictures" }).click();
  await (await chooser).setFiles([
    await photo("scarf-red.jpg", 777, { r: 190, g: 40, b: 40 }),
    await photo("scarf-blue.jpg", 800, { r: 40, g: 60, b: 190 }),
  ]);
  await expect(page.getByRole("heading", { name: "Uploads: 2 of 2 done" })).toBeVisible();
  expect(postProcess).toHaveLength(1);
  await expect(page.locator(".media-upload[data-status=failed]")).toHaveCount(0);
  const red = page.locator(".media-item", { hasText: "scarf-red.jpg" });
  await expect(red.locator("img")).toHaveJSProperty("complete", true);
  expect(await red.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
    0,
  );

  // The list, then a new variable product.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.locator(".product-table tbody tr").first()).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.getByRole("link", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await hydrated(page);

  await page.getByLabel("Variable product").check();
  const english = page.getByRole("group", { name: "English" });
  await english.getByLabel("Name").fill("Chunky wool scarf");
  await english.getByLabel("Short description").fill("Hand-knitted and warm.");
  await english.getByLabel("Meta description (search engines)").fill("A chunky hand-knitted wool scarf.");
  const spanish = page.getByRole("group", { name: "Spanish" });
  await spanish.getByLabel("Name").fill("Bufanda gruesa de lana");
  await spanish.getByLabel("Short description").fill("Tejida a mano y cálida.");
  await page.getByLabel("SKU", { exact: true }).fill("SCARF-CHUNKY");
  await page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first().check();
  // The gallery from the picker dialog: two library pictures, and one uploaded there, which comes chosen.
  const gallery = page.getByRole("group", { name: "Gallery" });
  await gallery.getByRole("button", { name: "Choose gallery pictures" }).click();
  const picker = page.getByRole("dialog", { name: "Choose pictures" });
  await picker.getByRole("checkbox", { name: /scarf-red\.jpg/ }).check();
  await picker.getByRole("checkbox", { name: /scarf-blue\.jpg/ }).check();
  const pickerChooser = page.waitForEvent("filechooser");
  await picker.getByRole("button", { name: "Upload pictures" }).click();
  await (await pickerChooser).setFiles([await photo("scarf-green.jpg", 640, { r: 40, g: 160, b: 60 })]);
  await expect(picker.getByRole("status")).toHaveText("scarf-green.jpg uploaded and chosen.");
  await expect(picker.getByRole("checkbox", { name: /scarf-green\.jpg/ })).toBeChecked();
  await expect(picker.getByText("3 chosen")).toBeVisible();
  await picker.getByRole("button", { name: "Use these pictures" }).click();
  await expect(picker).toBeHidden();
  const chosen = gallery.getByRole("listitem");
  await expect(chosen).toHaveText([/scarf-red\.jpg/, /scarf-blue\.jpg/, /scarf-green\.jpg/]);
  // Removed again, so the product shows two pictures.
  await chosen
    .nth(2)
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(chosen).toHaveCount(2);

  const colours = page.getByRole("group", { name: "Colour" });
  const colourNames = (await colours
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim() ?? ""))) as string[];
  const [first, second] = colourNames;
  await colours.getByLabel(first!).check();
  await colours.getByLabel(second!).check();

  const variations = page.getByRole("group", { name: "Variations" });
  for (const [n, colour, price, stock, picture] of [
    [1, first!, "42.00", "5", "scarf-red.jpg"],
    [2, second!, "39.50", "3", "scarf-blue.jpg"],
  ] as const) {
    await variations.getByRole("button", { name: "Add variation" }).click();
    const variation = variations.getByRole("group", { name: `Variation ${n}` });
    await variation.getByLabel("Colour").selectOption({ label: colour });
    await variation.getByLabel(/^Price \(/).fill(price);
    await variation.getByLabel("Stock quantity").fill(stock);
    // Its picture from the picker dialog, one choice.
    const pictureField = variation.getByRole("group", { name: "Picture", exact: true });
    await pictureField.getByRole("button", { name: "Choose picture" }).click();
    const one = page.getByRole("dialog", { name: "Choose a picture" });
    await one.getByRole("radio", { name: new RegExp(picture.replace(".", "\\.")) }).check();
    await one.getByRole("button", { name: "Use this picture" }).click();
    await expect(one).toBeHidden();
    await expect(pictureField).toContainText(picture);
  }
  expect(await serious(page)).toEqual([]);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(
    page.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?saved=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit “Chunky wool scarf”" })).toBeVisible();
  // The saved variations come back with their values.
  await expect(page.getByRole("group", { name: "Variation 2" }).getByLabel(/^Price \(/)).toHaveValue("39.50");

  // A bad save is refused whole, with the server's reason in the page's language.
  await hydrated(page);
  await page.getByRole("group", { name: "Variation 1" }).getByLabel("Sale price").fill("50");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toHaveText("The sale price must be lower than the price.");

  // On the storefront in English: the variation's own picture and price.
  const storefront = await browser.newPage({ baseURL: `http://127.0.0.1:${store.port}` });
  await storefront.goto("/product/chunky-wool-scarf");
  await expect(storefront.getByRole("heading", { level: 1, name: "Chunky wool scarf" })).toBeVisible();
  await expect(storefront.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "A chunky hand-knitted wool scarf.",
  );
  await expect(storefront.getByRole("tablist", { name: "Product details" })).toBeVisible();
  await storefront.getByLabel("Colour", { exact: true }).selectOption({ label: second! });
  await expect(
    storefront
      .locator("main")
      .getByText(/39\.50/)
      .first(),
  ).toBeVisible();
  const blueId = await page
    .getByRole("group", { name: "Variation 2" })
    .getByRole("group", { name: "Picture", exact: true })
    .getAttribute("data-media-id");
  await expect(storefront.getByRole("group", { name: "Image 1 of 2" }).locator("img")).toHaveAttribute(
    "src",
    new RegExp(`-m${blueId}-`),
  );

  // A shopper buys it.
  await storefront.getByRole("button", { name: "Add to cart" }).click();
  await expect(storefront.getByRole("link", { name: /View cart/ }).first()).toBeVisible();
  await storefront.goto("/checkout");
  await fillBilling(storefront);
  await storefront.getByLabel(/I have read and agree/).check();
  await storefront.getByLabel("Cash on delivery").check();
  await storefront.getByRole("button", { name: "Place order" }).click();
  await expect(storefront).toHaveURL(/\/checkout\/order-received\/\d+/);
  await expect(storefront.locator(".order_details")).toContainText("Chunky wool scarf");

  // In Spanish, the Spanish texts.
  const spanishPage = await browser.newContext({ baseURL: `http://127.0.0.1:${store.port}` });
  await spanishPage.addCookies([
    { name: "googtrans", value: "/en/es", url: `http://127.0.0.1:${store.port}` },
  ]);
  const shopper = await spanishPage.newPage();
  await shopper.goto("/product/chunky-wool-scarf");
  await expect(shopper.getByRole("heading", { level: 1, name: "Bufanda gruesa de lana" })).toBeVisible();
  await expect(shopper.getByText("Tejida a mano y cálida.")).toBeVisible();

  // The stock of the bought variation went down by one, and the back office shows it.
  await page.reload();
  await expect(page.getByRole("group", { name: "Variation 2" }).getByLabel("Stock quantity")).toHaveValue(
    "2",
  );
  await spanishPage.close();
  await storefront.close();
});

test("the back office's product pages in Spanish, and editors are refused them", async ({
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const store = await sharedStore(EMPTY_STORE);
  const page = await ownerPage(browser, store, "es");
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Productos" })).toBeVisible();
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("0 productos");
  await page.getByRole("link", { name: "Añadir producto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Producto nuevo" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("group", { name: "Inglés" }).getByLabel("Nombre").fill("Tea towel");
  await page.getByLabel(/^Precio \(/).fill("12");
  await page.getByLabel("Cantidad en inventario").fill("0");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(
    page.locator(".back-office").getByRole("status").filter({ hasText: "Producto guardado." }),
  ).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto("/admin/products?stock_status=outofstock");
  await expect(page.getByRole("row", { name: /Tea towel/ })).toContainText("Agotado");
  await page.goto("/admin/products?stock_status=instock");
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("0 productos");

  // An editor works on media and content, not on products.
  const editor = { email: "editor@example.com", password: "editor password 1" };
  const guest = await browser.newPage({ baseURL: `http://127.0.0.1:${store.port}` });
  const token = (await (await guest.request.post("/api/vitrine/v2/auth/token", { data: OWNER })).json()) as {
    token: string;
  };
  await guest.goto("/my-account");
  const register = guest.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(editor.email);
  await register.getByLabel("Password", { exact: true }).fill(editor.password);
  await register.getByRole("button", { name: "Register" }).click();
  await expect(guest.getByText(`Hello ${editor.email}`)).toBeVisible();
  const [user] = (await (
    await guest.request.get(`/api/vitrine/v2/users?search=${encodeURIComponent(editor.email)}`, {
      headers: { Authorization: `Bearer ${token.token}` },
    })
  ).json()) as Array<{ id: number }>;
  const promoted = await guest.request.put(`/api/vitrine/v2/users/${user!.id}`, {
    headers: { Authorization: `Bearer ${token.token}` },
    data: { role: "editor" },
  });
  expect(promoted.status()).toBe(200);
  for (const path of [
    "/admin/products",
    "/admin/products/new",
    "/admin/products/1",
    "/admin/categories",
    "/admin/tags",
  ]) {
    const answer = await guest.goto(path);
    expect(answer?.status(), path).toBe(403);
  }
  expect((await guest.goto("/admin/media"))?.status()).toBe(200);
  await expect(guest.getByRole("navigation", { name: "Back office" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Media library",
    "Pages",
    "Reviews",
    "Attributes",
  ]);
  await guest.close();
});

test("the category tree: add in both languages, order with the buttons by keyboard, nest, rename and delete", async ({
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const store = await sharedStore(EMPTY_STORE);
  const page = await ownerPage(browser, store);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await hydrated(page);
  const add = page.getByRole("form", { name: "Add a category" });
  for (const [en, es] of [
    ["Clothing", "Ropa"],
    ["Home", "Hogar"],
    ["Scarves", "Bufandas"],
  ]) {
    await add.getByLabel("Name (English)").fill(en!);
    await add.getByLabel("Name (Spanish)").fill(es!);
    await add.getByRole("button", { name: "Add category" }).click();
    await expect(page.locator(".back-office").getByRole("status")).toHaveText("Category added.");
    await expect(page.getByRole("listitem", { name: en })).toBeVisible();
  }
  const tree = page.getByRole("list", { name: "Categories" });
  const rows = () =>
    tree
      .locator(":scope > li")
      .evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.getAttribute("aria-label")}@${(item as HTMLElement).style.marginInlineStart || "0"}`,
        ),
      );
  expect(await rows()).toEqual(["Clothing@0rem", "Home@0rem", "Scarves@0rem"]);

  // Scarves up one, by keyboard, then into Clothing (the one above it).
  await page.getByRole("button", { name: "Move “Scarves” up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("“Scarves” moved.");
  expect(await rows()).toEqual(["Clothing@0rem", "Scarves@0rem", "Home@0rem"]);
  await page.getByRole("button", { name: "Move “Scarves” into the category above" }).click();
  await expect.poll(rows).toEqual(["Clothing@0rem", "Scarves@2rem", "Home@0rem"]);
  expect(await serious(page)).toEqual([]);

  // The storefront's menu shows the tree, and a reload keeps it.
  await page.reload();
  expect(await rows()).toEqual(["Clothing@0rem", "Scarves@2rem", "Home@0rem"]);
  const shop = await browser.newPage({ baseURL: `http://127.0.0.1:${store.port}` });
  await shop.goto("/product-category/clothing");
  await expect(shop.getByRole("heading", { level: 1, name: "Clothing" })).toBeVisible();

  // Renamed in Spanish; deleted, its child moves up.
  await hydrated(page);
  const home = page.getByRole("listitem", { name: "Home" });
  await home.getByLabel("Name (Spanish)").fill("Casa");
  await home.getByRole("button", { name: "Save “Home”" }).click();
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("“Home” saved.");
  await page.getByRole("button", { name: "Delete “Clothing”" }).click();
  await expect(page.locator(".back-office").getByRole("status")).toHaveText("“Clothing” deleted.");
  expect(await rows()).toEqual(["Scarves@0rem", "Home@0rem"]);
  await shop
    .context()
    .addCookies([{ name: "googtrans", value: "/en/es", url: `http://127.0.0.1:${store.port}` }]);
  await shop.goto("/product-category/home");
  await expect(shop.getByRole("heading", { level: 1, name: "Casa" })).toBeVisible();
  await shop.close();
});

test("the product form counts edits held outside its fields as unsaved: a variation added by its button, and none once it is removed again", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const products = (await (
    await request.get("/api/vitrine/v2/products?per_page=100", { headers })
  ).json()) as Array<{ id: number; type: string }>;
  const { id } = products.find((product) => product.type === "variable")!;
  const variable = (await (await request.get(`/api/vitrine/v2/products/${id}`, { headers })).json()) as {
    variations: unknown[];
  };
  const page = await ownerPage(browser, { port: Number(new URL(baseURL!).port) });
  await page.goto(`/admin/products/${id}`);
  await hydrated(page);
  const unsaved = page.getByText("You have unsaved changes.");
  await expect(unsaved).toHaveCount(0);

  await page.getByRole("button", { name: "Add variation" }).click();
  await expect(unsaved).toBeVisible();
  await page.getByRole("button", { name: `Remove variation ${variable.variations.length + 1}` }).click();
  await expect(unsaved).toHaveCount(0);
  await page.context().close();
});

test("the product editor changes the product's address: the old ones answer 301 to the new one, and a taken address is refused in words", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  // A draft: no listing of the shared store shows it.
  const suffix = Date.now().toString(36);
  const made = await request.post("/api/vitrine/v2/products", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { type: "simple", status: "draft", translations: { en: { name: `Address test ${suffix}` } } },
  });
  const { id, slug } = (await made.json()) as { id: number; slug: string };
  const page = await ownerPage(browser, { port: Number(new URL(baseURL!).port) });
  const saved = page.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." });
  for (const next of [`moved-${suffix}`, `moved-again-${suffix}`]) {
    await page.goto(`/admin/products/${id}`);
    await hydrated(page);
    await page.getByLabel("Address").fill(next);
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(saved).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveValue(next);
  }
  for (const old of [slug, `moved-${suffix}`]) {
    const answer = await request.get(`/product/${old}`, { maxRedirects: 0 });
    expect([answer.status(), answer.headers().location]).toEqual([301, `/product/moved-again-${suffix}`]);
  }

  await page.getByLabel("Address").fill("heritage-cotton-sweater");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Another product has this address." }),
  ).toBeVisible();
  await page.context().close();
});

test("the product editor's type, downloads and linked products sections save what they show", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const suffix = Date.now().toString(36);
  // Drafts: no listing of the shared store shows them.
  const draft = async (name: string) =>
    (
      (await (
        await request.post("/api/vitrine/v2/products", {
          headers,
          data: { type: "simple", status: "draft", translations: { en: { name } } },
        })
      ).json()) as { id: number }
    ).id;
  const [upsell, crossSell] = [`Upsell ${suffix}`, `Cross-sell ${suffix}`];
  const linked = { upsell: await draft(upsell), crossSell: await draft(crossSell) };
  const file = await draft(`Guide ${suffix}`);
  const partner = await draft(`Partner ${suffix}`);
  const read = async (id: number) =>
    (await (await request.get(`/api/vitrine/v2/products/${id}`, { headers })).json()) as Record<
      string,
      unknown
    >;

  const page = await ownerPage(browser, { port: Number(new URL(baseURL!).port) });
  const saved = page.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." });
  await page.goto(`/admin/products/${file}`);
  await hydrated(page);
  await page.getByRole("checkbox", { name: "Downloadable" }).check();
  await page.getByLabel("Choose a file").setInputFiles({
    name: "guide.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% the owner's guide\n"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "guide.pdf uploaded." })).toBeVisible();
  await page.getByLabel("File name").fill("The guide");
  await page.getByLabel("Download limit").fill("3");
  await page.getByLabel("Download expiry (days)").fill("7");
  for (const [legend, name] of [
    ["Upsells", upsell],
    ["Cross-sells", crossSell],
  ] as const) {
    const list = page.getByRole("group", { name: new RegExp(`^${legend}`) });
    await list.getByLabel(`Filter ${legend.toLowerCase()}`).fill(name);
    await list.getByRole("checkbox", { name }).check();
    await expect(list.locator("legend")).toContainText("1 chosen");
  }
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(saved).toBeVisible();
  expect(await read(file)).toMatchObject({
    type: "simple",
    downloadable: true,
    downloads: [expect.objectContaining({ name: "The guide" })],
    download_limit: 3,
    download_expiry: 7,
    upsell_ids: [linked.upsell],
    cross_sell_ids: [linked.crossSell],
  });

  await page.goto(`/admin/products/${partner}`);
  await hydrated(page);
  await page.getByRole("radio", { name: "External/Affiliate product" }).check();
  await page.getByLabel("Product URL").fill("https://partner.example/kettle");
  await page.getByLabel("Button text (EN)").fill("Buy at the partner");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(saved).toBeVisible();
  expect(await read(partner)).toMatchObject({
    type: "external",
    external_url: "https://partner.example/kettle",
    button_text: "Buy at the partner",
  });
  await page.context().close();
});

test("a variation's row edits its sale days, backorders, virtual box and its own files, and keeps what REST set on another", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const suffix = Date.now().toString(36);
  // A draft: no listing of the shared store shows it.
  const made = await request.post("/api/vitrine/v2/products", {
    headers,
    data: {
      type: "variable",
      status: "draft",
      translations: { en: { name: `Album ${suffix}` } },
      attributes: [{ id: 0, name: "Edition", options: ["Print", "Digital"], variation: true }],
      variations: [
        {
          regular_price: 2000,
          sale_price: 1500,
          date_on_sale_from: "2030-01-01",
          date_on_sale_to: "2030-01-31",
          stock_quantity: 4,
          backorders: "notify",
          attributes: [{ id: 0, name: "Edition", option: "Print" }],
        },
        { regular_price: 900, attributes: [{ id: 0, name: "Edition", option: "Digital" }] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };

  const page = await ownerPage(browser, { port: Number(new URL(baseURL!).port) });
  await page.goto(`/admin/products/${id}`);
  await hydrated(page);
  const print = page.getByRole("group", { name: "Variation 1", exact: true });
  await expect(print.getByLabel("Sale starts")).toHaveValue("2030-01-01");
  await expect(print.getByLabel("Sale ends")).toHaveValue("2030-01-31");
  await expect(print.getByLabel("Backorders")).toHaveValue("notify");
  await expect(print.getByRole("group", { name: "Downloadable files" })).toHaveCount(0);

  const digital = page.getByRole("group", { name: "Variation 2", exact: true });
  await digital.getByRole("checkbox", { name: "Virtual" }).check();
  await digital.getByRole("checkbox", { name: "Downloadable" }).check();
  const files = digital.getByRole("group", { name: "Downloadable files" });
  await files.getByLabel("Choose a file").setInputFiles({
    name: "album.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("PK\u0003\u0004 the album's tracks"),
  });
  await files.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(files.getByRole("status")).toHaveText("album.zip uploaded.");
  await files.getByLabel("File name").fill("The album");
  await files.getByLabel("Download limit").fill("2");
  await files.getByLabel("Download expiry (days)").fill("30");
  await digital.getByLabel("Sale price").fill("7.50");
  await digital.getByLabel("Sale starts").fill("2030-02-01");
  await digital.getByLabel("Backorders").selectOption({ label: "Allow" });
  expect(await serious(page)).toEqual([]);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(
    page.locator(".back-office").getByRole("status").filter({ hasText: "Product saved." }),
  ).toBeVisible();

  const saved = (await (await request.get(`/api/vitrine/v2/products/${id}`, { headers })).json()) as {
    variations: Array<Record<string, unknown> & { attributes: Array<{ option: string }> }>;
  };
  const edition = (option: string) =>
    saved.variations.find((variation) => variation.attributes[0]?.option === option);
  expect(edition("Print")).toMatchObject({
    sale_price: 1500,
    date_on_sale_from: "2030-01-01T00:00:00",
    date_on_sale_to: "2030-01-31T23:59:59",
    stock_quantity: 4,
    backorders: "notify",
    virtual: false,
    downloadable: false,
    downloads: [],
  });
  expect(edition("Digital")).toMatchObject({
    sale_price: 750,
    date_on_sale_from: "2030-02-01T00:00:00",
    date_on_sale_to: null,
    backorders: "yes",
    virtual: true,
    downloadable: true,
    downloads: [expect.objectContaining({ name: "The album" })],
    download_limit: 2,
    download_expiry: 30,
  });
  // Read again from the server, the row shows the files it saved.
  await expect(files.getByLabel("File name")).toHaveValue("The album");
  await page.context().close();
});

test("the tags page adds a tag, renames one in both languages with a new slug, and deletes one from its products", async ({
  browser,
  baseURL,
  request,
  adminToken,
}) => {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const suffix = Date.now().toString(36);
  const tag = (await (
    await request.post("/api/vitrine/v2/products/tags", { headers, data: { name: `Vinyl ${suffix}` } })
  ).json()) as { id: number };
  // A draft: no listing of the shared store shows it.
  const made = await request.post("/api/vitrine/v2/products", {
    headers,
    data: {
      type: "simple",
      status: "draft",
      translations: { en: { name: `Record ${suffix}` } },
      tags: [{ id: tag.id }],
    },
  });
  const product = (await made.json()) as { id: number };

  const page = await ownerPage(browser, { port: Number(new URL(baseURL!).port) });
  await page.goto("/admin");
  await page.getByRole("link", { name: "Tags", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  await hydrated(page);
  const row = page.getByRole("row").filter({ has: page.getByLabel(`English name of Vinyl ${suffix}`) });
  await expect(
    row.getByRole("link", { name: `Vinyl ${suffix}: 1 product, see its listing` }),
  ).toHaveAttribute("href", `/product-tag/vinyl-${suffix}`);
  await row.getByLabel(`English name of Vinyl ${suffix}`).fill(`Records ${suffix}`);
  await row.getByLabel(`Spanish name of Vinyl ${suffix}`).fill(`Discos ${suffix}`);
  await row.getByLabel(`Slug of Vinyl ${suffix}`).fill(`records-${suffix}`);
  await row.getByRole("button", { name: `Save Vinyl ${suffix}` }).click();
  await expect(page.locator(".tags-message")).toHaveText("Tag saved.");
  expect(
    await (await request.get(`/api/vitrine/v2/products/tags/${tag.id}`, { headers })).json(),
  ).toMatchObject({
    name: `Records ${suffix}`,
    slug: `records-${suffix}`,
    count: 1,
    translations: { es: { name: `Discos ${suffix}` } },
  });

  await page.getByLabel("New tag's name (English)").fill(`Cassette ${suffix}`);
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.locator(".tags-message")).toHaveText("Tag added.");
  await expect(page.getByLabel(`Slug of Cassette ${suffix}`)).toHaveValue(`cassette-${suffix}`);
  await expect(page.getByLabel("New tag's name (English)")).toHaveValue("");
  expect(await serious(page)).toEqual([]);

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(`Delete the tag Records ${suffix}? Its 1 product will lose it.`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: `Delete Records ${suffix}` }).click();
  await expect(page.locator(".tags-message")).toHaveText("Tag deleted.");
  await expect(page.getByLabel(`English name of Records ${suffix}`)).toHaveCount(0);
  expect(
    (
      (await (await request.get(`/api/vitrine/v2/products/${product.id}`, { headers })).json()) as {
        tags: unknown[];
      }
    ).tags,
  ).toEqual([]);
  await page.context().close();
});
