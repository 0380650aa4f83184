import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { ADMIN, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * Aids for staff (spec §6, §9; decision 0029): the admin bar, the content blocks' edit links, the
 * reduced-motion notice, and the 20 px the edit toolbars keep from the viewport's edges. Shoppers'
 * pages never carry any of it.
 */
const texts = {
  en: {
    bar: "Admin bar",
    backOffice: "Back office",
    editPage: "Edit page",
    editProduct: "Edit product",
    live: "Store: live",
    builder: "Page builder",
    platform: "Platform editor",
    story: "Edit “From the workshop”",
    menu: "Edit “Quick links”",
    notice: /your system asks for reduced motion/,
  },
  es: {
    bar: "Barra de administración",
    backOffice: "Administración",
    editPage: "Editar página",
    editProduct: "Editar producto",
    live: "Tienda: abierta",
    builder: "Constructor de páginas",
    platform: "Editor de la plataforma",
    story: "Editar «Desde el taller»",
    menu: "Editar «Accesos rápidos»",
    notice: /tu sistema pide reducir el movimiento/,
  },
} as const;

/**
 * A browser context of its own reading the store in `locale`, signed in as the store's administrator
 * through the log-in form; `infos` collects what its pages write to the console, from the start.
 */
async function signedInAdmin(
  browser: Browser,
  locale: "en" | "es" = "en",
  options: BrowserContextOptions = {},
): Promise<{ page: Page; infos: string[] }> {
  const context = await browser.newContext(options);
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: base }]);
  const page = await context.newPage();
  const infos: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "info") infos.push(message.text());
  });
  await signInByForm(page, ADMIN);
  return { page, infos };
}

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`(${locale}) staff get the admin bar and two edit links on every content block; shoppers get neither`, async ({
    page,
    browser,
  }) => {
    await page.goto(`/?lang=${locale}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator("#admin-bar")).toHaveCount(0);
    await expect(page.locator(".block-edit-links")).toHaveCount(0);

    const { page: staff } = await signedInAdmin(browser, locale);
    await staff.goto(`/?lang=${locale}`);
    const bar = staff.getByRole("navigation", { name: t.bar });
    await expect(bar.getByRole("link", { name: t.backOffice })).toHaveAttribute("href", "/admin");
    await expect(bar.getByRole("link", { name: t.editPage })).toHaveAttribute(
      "href",
      "/my-account/pages/home",
    );
    await expect(bar.getByText(t.live)).toBeVisible();

    // One pair of links per block: the page builder on the block, the platform editor on its fieldset.
    const blocks = staff.locator(".content-block");
    await expect(blocks).toHaveCount(6);
    for (const block of await blocks.all()) {
      const id = await block.getAttribute("data-block-id");
      const links = block.locator(".block-edit-links").getByRole("link");
      await expect(links).toHaveText([t.builder, t.platform]);
      await expect(links.first()).toHaveAttribute(
        "href",
        new RegExp(`^/admin/pages/home\\?block=${id}(&|$)`),
      );
      await expect(links.last()).toHaveAttribute(
        "href",
        new RegExp(`^/my-account/pages/home(\\?[^#]*)?#block-${id}$`),
      );
    }
    // A menu block's links name its menu.
    const menu = staff.getByRole("navigation", { name: t.menu });
    await expect(menu.getByRole("link", { name: t.builder })).toHaveAttribute("href", /[?&]menu_id=\d+$/);
    await expect(menu.getByRole("link", { name: t.platform })).toHaveAttribute(
      "href",
      /\?menu_id=\d+#block-\d+$/,
    );
    expect(
      (await axe(staff).analyze()).violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      ),
    ).toEqual([]);

    // The platform editor opens on the block.
    const story = staff.getByRole("navigation", { name: t.story });
    const id = await staff.locator(".content-block", { has: story }).getAttribute("data-block-id");
    await story.getByRole("link", { name: t.platform }).click();
    await expect(staff).toHaveURL(new RegExp(`/my-account/pages/home#block-${id}$`));
    await expect(staff.locator(`fieldset#block-${id}`)).toBeInViewport();

    // A product page's bar leads to the product's editor.
    await staff.goto(`/shop?lang=${locale}`);
    await staff.locator("li.product-small .product-title a").first().click();
    await expect(staff).toHaveURL(/\/product\//);
    await expect(
      staff.getByRole("navigation", { name: t.bar }).getByRole("link", { name: t.editProduct }),
    ).toHaveAttribute("href", /^\/admin\/products\/\d+$/);
    await staff.context().close();
  });

  test(`(${locale}) staff who prefer reduced motion get one notice in the console per browser session`, async ({
    browser,
  }) => {
    // From signing in on: the first page that knows its reader is staff says it, and no other.
    const { page: staff, infos } = await signedInAdmin(browser, locale, { reducedMotion: "reduce" });
    await staff.goto(`/?lang=${locale}`);
    await hydrated(staff);
    await expect.poll(() => infos.filter((text) => t.notice.test(text))).toHaveLength(1);
    await staff.goto(`/shop?lang=${locale}`);
    await hydrated(staff);
    await staff.goto(`/?lang=${locale}`);
    await hydrated(staff);
    expect(infos.filter((text) => t.notice.test(text))).toHaveLength(1);
    await staff.context().close();

    // Neither staff who do not prefer it, nor shoppers who do, get it.
    for (const page of [
      (await signedInAdmin(browser, locale, { reducedMotion: "no-preference" })).page,
      await (await browser.newContext({ reducedMotion: "reduce" })).newPage(),
    ]) {
      const seen: string[] = [];
      page.on("console", (message) => seen.push(message.text()));
      await page.goto(`/?lang=${locale}`);
      await hydrated(page);
      await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
      expect(seen.filter((text) => t.notice.test(text))).toEqual([]);
      await page.context().close();
    }
  });
}

test("edit toolbars keep 20 px from the viewport's edges, on a phone and on a desktop", async ({
  browser,
}) => {
  const { page: staff } = await signedInAdmin(browser);
  for (const width of [360, 1280]) {
    await staff.setViewportSize({ width, height: 800 });
    await staff.goto("/");
    await hydrated(staff);
    const toolbars = staff.locator(".block-edit-links");
    await expect(toolbars).toHaveCount(6);
    // The smallest distance from a toolbar to either edge of the viewport.
    await expect
      .poll(() =>
        toolbars.evaluateAll((elements) =>
          Math.round(
            Math.min(
              ...elements.flatMap((element) => {
                const box = element.getBoundingClientRect();
                return [box.left, document.documentElement.clientWidth - box.right];
              }),
            ),
          ),
        ),
      )
      .toBeGreaterThanOrEqual(20);
  }
  // Without JavaScript the bar and the links are there too (they are in the page's HTML).
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await staff.context().storageState(),
  });
  const page = await plain.newPage();
  await page.goto("/");
  await expect(page.locator("#admin-bar")).toBeVisible();
  await expect(page.locator(".block-edit-links")).toHaveCount(6);
  await plain.close();
  await staff.context().close();
});
