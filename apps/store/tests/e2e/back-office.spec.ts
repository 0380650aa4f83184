import type { Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * The back office (issue 16): who gets in, and the media library: drop or choose several pictures,
 * their progress, alt text in both languages, and deletion that a picture in use refuses.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** A picture file as a camera would hand it over. */
async function photo(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const texts = {
  en: {
    title: "Media library",
    choose: "Choose pictures",
    progress: "Uploads: 2 of 2 done",
    altEn: "Alt text (English)",
    save: "Save alt text",
    saved: "Saved.",
    remove: "Delete",
    inUse: "Products or categories show this picture.",
    anyway: "Delete anyway",
  },
  es: {
    title: "Biblioteca de medios",
    choose: "Elegir imágenes",
    progress: "Subidas: 2 de 2 terminadas",
    altEn: "Texto alternativo (inglés)",
    save: "Guardar el texto alternativo",
    saved: "Guardado.",
    remove: "Eliminar",
    inUse: "Hay productos o categorías que muestran esta imagen.",
    anyway: "Eliminar de todos modos",
  },
} as const;

test("visitors sign in first and come back; customers get a 403 page", async ({
  page,
  shopper: _customer,
  browser,
  baseURL,
}) => {
  const refused = await page.goto("/admin/media");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("You are not allowed to see this page.")).toBeVisible();

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto("/admin/media");
  await expect(visitor).toHaveURL(/\/my-account\?redirect=%2Fadmin%2Fmedia$/);
  const login = visitor.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await expect(visitor).toHaveURL(/\/admin\/media$/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  await context.close();
});

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`(${locale}) an administrator uploads two pictures, writes alt text, and deletes; a picture in use is refused`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: baseURL! }]);
    const page = await context.newPage();
    await signInByForm(page, ADMIN);
    // The admin bar leads to the back office. No page's strings file carries the back office's or the
    // mail's strings (issue 14): the back office's come with its own data.
    const carried = async () => {
      // A page is parsed as it streams in: read it once the whole document is there.
      await page.waitForLoadState("domcontentloaded");
      return page.evaluate(async () => {
        const href = document.getElementById("vitrine-translations")!.getAttribute("href")!;
        return Object.keys(await (await fetch(href)).json());
      });
    };
    await page.goto("/");
    expect(await carried()).toEqual(expect.arrayContaining(["cart", "product", "adminBar"]));
    expect(await carried()).not.toEqual(expect.arrayContaining(["backOffice"]));
    expect(await carried()).not.toEqual(expect.arrayContaining(["mail"]));
    await page.locator("#admin-bar a[href='/admin']").click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(await carried()).not.toEqual(expect.arrayContaining(["backOffice"]));
    expect(await serious(page)).toEqual([]);
    await page.getByRole("navigation").getByRole("link", { name: t.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await hydrated(page);

    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/vitrine\/v2\/media\?/.test(request.url()))
        uploads.push(request.url());
    });
    const stamp = `${locale}-${Date.now()}`;
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: t.choose }).click();
    await (await chooser).setFiles([
      await photo(`first-${stamp}.jpg`, { r: 200, g: 80, b: 40 }),
      await photo(`second-${stamp}.jpg`, { r: 40, g: 80, b: 200 }),
    ]);
    await expect(page.getByRole("heading", { name: t.progress })).toBeVisible();
    expect(uploads).toHaveLength(2);
    for (const url of uploads) expect(new URL(url).searchParams.get("_locale")).toBe("user");
    const first = page.locator(".media-item", { hasText: `first-${stamp}.jpg` });
    const second = page.locator(".media-item", { hasText: `second-${stamp}.jpg` });
    await expect(first.locator("img")).toHaveJSProperty("complete", true);
    expect(
      await first.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await serious(page)).toEqual([]);

    // Alt text, kept across a reload.
    await first.getByLabel(t.altEn).fill("A rust-coloured swatch");
    await first.getByRole("button", { name: t.save }).click();
    await expect(first.getByRole("status")).toHaveText(t.saved);
    await page.reload();
    await expect(
      page.locator(".media-item", { hasText: `first-${stamp}.jpg` }).getByLabel(t.altEn),
    ).toHaveValue("A rust-coloured swatch");

    // Deleted, and gone after a reload too.
    await second.getByRole("button", { name: t.remove, exact: true }).click();
    await expect(second).toHaveCount(0);
    await page.reload();
    await expect(page.locator(".media-item", { hasText: `second-${stamp}.jpg` })).toHaveCount(0);

    // A picture a product shows (a card's on any page of the shop): deleting it is refused, with the
    // choice to go on. The library lists the newest 40 pictures a page, and pictures uploaded before
    // this test (by others on the same store) may push the cards' off the first: the pages are read on
    // until one shows such a picture.
    const stems = new Set<string>();
    for (let number = 1; number <= 20; number++) {
      const listing = await page.request.get(number === 1 ? "/shop" : `/shop/page/${number}`);
      if (!listing.ok()) break;
      for (const match of (await listing.text()).matchAll(/\/media\/([0-9a-f]{2}\/[0-9a-f]{16})-\d+\.jpg/g))
        stems.add(match[1]!);
    }
    expect(stems.size).toBeGreaterThan(0);
    const demo = page
      .locator(".media-item")
      .filter({ has: page.locator([...stems].map((stem) => `img[src*="${stem}"]`).join(", ")) })
      .first();
    for (let number = 2; (await demo.count()) === 0; number++) {
      expect(number, "a library page that shows a product's picture").toBeLessThan(50);
      await page.goto(`/admin/media?page=${number}`);
    }
    await hydrated(page);
    await demo.getByRole("button", { name: t.remove, exact: true }).click();
    await expect(demo.getByRole("status")).toHaveText(t.inUse);
    await expect(demo.getByRole("button", { name: t.anyway })).toBeVisible();
    await context.close();
  });
}

test("the media library pages through every picture, newest first; a page past the last shows the last", async ({
  page,
}) => {
  await signInByForm(page, ADMIN);
  // A picture is told by its file; the demo's hundred-odd pictures make more than one page.
  const pictures = () =>
    page.locator(".media-item img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  const pages = page.getByRole("navigation", { name: "Pages of pictures" });

  await page.goto("/admin/media");
  await expect(pages.locator('[aria-current="page"]')).toContainText("1");
  await expect(page.locator(".media-item")).toHaveCount(40);
  const newest = await pictures();
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/admin\/media\?page=2$/);
  await expect(pages.locator('[aria-current="page"]')).toContainText("2");
  await expect(page.locator(".media-item").first()).toBeVisible();

  // Past the last page: the last one, whose last picture is the oldest, which page 1 does not list.
  await page.goto("/admin/media?page=999");
  const last = Number(await pages.locator('[aria-current="page"] [aria-hidden="true"]').textContent());
  expect(last).toBeGreaterThan(1);
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveAttribute(
    "href",
    last > 2 ? `/admin/media?page=${last - 1}` : "/admin/media",
  );
  const oldest = (await pictures()).at(-1);
  expect(oldest).toBeTruthy();
  expect(newest).not.toContain(oldest);
  expect(await serious(page)).toEqual([]);
});
