import { rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { blocks, createDb, media, pages, productImages, products } from "@vitrine/db";
import { asc, eq } from "drizzle-orm";
import {
  ADMIN,
  test as base,
  E2E_MEDIA_DIR,
  expect,
  hydrated,
  type SpareStore,
  startSpareStore,
} from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * Content pages at `/{slug}` (issue 17, decision 0034): a page of blocks in both languages, its
 * gallery and video in the content lightbox, drafts for staff only, `/home` going home.
 *
 * The pages are written into a demo store's database while it is stopped (no REST route writes
 * pages yet), then the store starts again on that data: one store for this file's tests, so no
 * other test's pages or purges meet them.
 */
type Seeded = {
  store: SpareStore;
  baseURL: string;
  /** The hand-picked products' slugs, in the grid's order. */
  picked: string[];
  pictures: number;
};

const test = base.extend<object, { seeded: Seeded }>({
  seeded: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const env = {
        SEED_DEMO: "on",
        MEDIA_DIR: E2E_MEDIA_DIR,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      };
      const first = await startSpareStore(env);
      await first.stop();
      const { picked, pictures } = await writePages(first.dataDir);
      const store = await startSpareStore({ ...env, DATA_DIR: first.dataDir });
      await use({ store, baseURL: `http://127.0.0.1:${store.port}`, picked, pictures });
      await store.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

// One store for the file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

const VIDEO = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";
const EMBED = "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1";

async function writePages(dataDir: string): Promise<{ picked: string[]; pictures: number }> {
  const handle = await createDb({ dataDir });
  try {
    const db = handle.db;
    const shown = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.status, "publish"))
      .orderBy(asc(products.id))
      .limit(3);
    // Hand-picked in an order of their own: the third first.
    const picked = [shown[2]!, shown[0]!];
    const pictures = await db
      .selectDistinct({ id: media.id })
      .from(media)
      .innerJoin(productImages, eq(productImages.mediaId, media.id))
      .orderBy(asc(media.id))
      .limit(3);
    const [workshop] = await db
      .insert(pages)
      .values({ slug: "our-workshop", title: { en: "Our workshop", es: "Nuestro taller" } })
      .returning();
    await db.insert(blocks).values(
      [
        {
          type: "hero",
          data: {
            title: { en: "Made by hand", es: "Hecho a mano" },
            text: { en: "Every piece starts at our bench.", es: "Cada pieza empieza en nuestro banco." },
          },
        },
        {
          type: "text",
          data: {
            title: { en: "How we work", es: "Cómo trabajamos" },
            text: { en: "Slowly, with good wool.", es: "Despacio, con buena lana." },
          },
        },
        {
          type: "featured-products",
          data: {
            title: { en: "Picked for you", es: "Elegidos para ti" },
            productIds: picked.map(({ id }) => id),
          },
        },
        {
          type: "gallery",
          data: {
            title: { en: "At the bench", es: "En el banco" },
            imageIds: [...pictures.map(({ id }) => id), 987_654],
          },
        },
        {
          type: "video",
          data: { title: { en: "A day at the workshop", es: "Un día en el taller" }, url: VIDEO },
        },
      ].map((block, position) => ({ pageId: workshop!.id, position, ...block })),
    );
    const [story] = await db
      .insert(pages)
      .values({ slug: "our-story", title: { en: "Our story", es: "Nuestra historia" } })
      .returning();
    await db.insert(blocks).values({
      pageId: story!.id,
      type: "text",
      data: { title: { en: "Since 1990", es: "Desde 1990" }, text: { en: "It began.", es: "Empezó." } },
    });
    const [draft] = await db
      .insert(pages)
      .values({
        slug: "next-season",
        title: { en: "Next season", es: "La próxima temporada" },
        status: "draft",
      })
      .returning();
    await db.insert(blocks).values({
      pageId: draft!.id,
      type: "text",
      data: { title: { en: "Coming soon", es: "Muy pronto" }, text: { en: "Wait.", es: "Espera." } },
    });
    return { picked: picked.map(({ slug }) => slug), pictures: pictures.length };
  } finally {
    await handle.close();
  }
}

const texts = {
  en: {
    title: "Our workshop",
    hero: "Made by hand",
    description: "Every piece starts at our bench.",
    text: "How we work",
    grid: "Picked for you",
    gallery: "At the bench",
    video: "A day at the workshop",
    watch: "Watch the video: A day at the workshop",
    next: "Next image",
    close: "Close",
    story: "Our story",
    draft: "Preview: this page is a draft; only staff can see it.",
    notFound: "Page not found",
  },
  es: {
    title: "Nuestro taller",
    hero: "Hecho a mano",
    description: "Cada pieza empieza en nuestro banco.",
    text: "Cómo trabajamos",
    grid: "Elegidos para ti",
    gallery: "En el banco",
    video: "Un día en el taller",
    watch: "Ver el vídeo: Un día en el taller",
    next: "Imagen siguiente",
    close: "Cerrar",
    story: "Nuestra historia",
    draft: "Vista previa: esta página es un borrador; solo el personal puede verla.",
    notFound: "Página no encontrada",
  },
} as const;

async function visitor(browser: Browser, seeded: Seeded, locale: "en" | "es"): Promise<Page> {
  const context = await browser.newContext({ baseURL: seeded.baseURL });
  await context.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: seeded.baseURL }]);
  return context.newPage();
}

/** Hydrated: the route modules have run, so a click is handled by React. */

const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`(${locale}) a page of blocks: hero, text, hand-picked products, gallery and video, shared by guests`, async ({
    browser,
    seeded,
  }) => {
    const page = await visitor(browser, seeded, locale);
    const answer = await page.goto("/our-workshop");
    expect(answer!.status()).toBe(200);
    await expect(page).toHaveTitle(t.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", t.description);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    // The hero has the page's one heading of the first level.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.hero);
    for (const heading of [t.text, t.grid, t.gallery, t.video])
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();

    const grid = page.getByRole("region", { name: t.grid });
    await expect(grid.locator("a[href^='/product/']").first()).toBeVisible();
    const order = await grid
      .locator("a[href^='/product/']")
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);
    expect(order).toEqual(seeded.picked.map((slug) => `/product/${slug}`));

    // The unknown picture is left out.
    await expect(page.getByRole("region", { name: t.gallery }).getByRole("link")).toHaveCount(
      seeded.pictures,
    );
    await expect(page.getByRole("link", { name: t.watch })).toHaveAttribute("href", VIDEO);
    expect(answer!.headers()["content-security-policy"]).toMatch(
      /frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/,
    );

    // One page for every guest, kept by the page cache under the page's name.
    const again = await page.request.get("/our-workshop");
    expect(again.headers()["cache-control"]).toContain("public");
    expect(again.headers()["x-page-cache"]).toBe("HIT");
    expect(again.headers()["surrogate-key"]).toMatch(/(^| )page-\d+( |$)/);
    await page.context().close();
  });

  test(`(${locale}) the gallery opens in the lightbox, one gallery of its pictures`, async ({
    browser,
    seeded,
  }) => {
    const page = await visitor(browser, seeded, locale);
    await page.goto("/our-workshop");
    await hydrated(page);
    const thumbnails = page.getByRole("region", { name: t.gallery }).getByRole("link");
    const second = await thumbnails.nth(1).getAttribute("href");
    const neighbour = page.waitForRequest((request) => request.url().endsWith(second!));
    await thumbnails.first().click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox.locator('img[data-lightbox-image="1"]')).toBeVisible();
    await neighbour;
    expect(await serious(page)).toEqual([]);
    await lightbox.getByRole("button", { name: t.next }).click();
    await expect(lightbox.locator('img[data-lightbox-image="2"]')).toBeInViewport();
    // The video is another block: its gallery holds only the pictures.
    await expect(lightbox.locator(`img[data-lightbox-image="${seeded.pictures + 1}"]`)).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/our-workshop");
    await page.context().close();
  });

  test(`(${locale}) the video opens as an embed in the lightbox, loaded only on the click`, async ({
    browser,
    seeded,
  }) => {
    const page = await visitor(browser, seeded, locale);
    // The video service is out of reach: a stand-in answers for it at the network edge.
    const asked: string[] = [];
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, async (route) => {
      asked.push(route.request().url());
      await route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>player</title><p>player</p>",
      });
    });
    await page.goto("/our-workshop");
    await hydrated(page);
    // The embed only: the wallet's hidden connect frame may be in the page by now.
    await expect(page.locator("iframe.content-embed")).toHaveCount(0);
    expect(asked).toEqual([]);
    await page.getByRole("link", { name: t.watch }).click();
    const embed = page.getByRole("dialog").locator("iframe.content-embed");
    await expect(embed).toHaveAttribute("src", EMBED);
    await expect(embed).toHaveAttribute("title", t.watch);
    await expect.poll(() => asked).toEqual([EMBED]);
    await page.context().close();
  });

  test(`(${locale}) a page without a hero has its title as its heading`, async ({ browser, seeded }) => {
    const page = await visitor(browser, seeded, locale);
    await page.goto("/our-story");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.story);
    await expect(page).toHaveTitle(t.story);
    await page.context().close();
  });

  test(`(${locale}) a draft is not found for guests; an administrator sees it as a preview`, async ({
    browser,
    seeded,
  }) => {
    const guest = await visitor(browser, seeded, locale);
    const missing = await guest.goto("/next-season");
    expect(missing!.status()).toBe(404);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(t.notFound);
    await expect(guest.getByText(t.draft)).toHaveCount(0);
    await guest.context().close();

    const admin = await visitor(browser, seeded, locale);
    await signInByForm(admin, ADMIN);
    const preview = await admin.goto("/next-season");
    expect(preview!.status()).toBe(200);
    // Rendered for this administrator alone: never kept or shared.
    expect(preview!.headers()["cache-control"]).toBe("private, no-cache");
    expect(preview!.headers()["x-page-cache"]).toBeUndefined();
    await expect(admin.getByText(t.draft)).toBeVisible();
    await expect(admin.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
      locale === "en" ? "Next season" : "La próxima temporada",
    );
    await admin.context().close();
  });
}

test("/home answers 301 to the home page; an address without a page is not found", async ({
  playwright,
  seeded,
}) => {
  const request = await playwright.request.newContext({ baseURL: seeded.baseURL });
  const home = await request.get("/home", { maxRedirects: 0 });
  expect(home.status()).toBe(301);
  expect(home.headers().location).toBe("/");
  expect((await request.get("/no-such-page")).status()).toBe(404);
  // The store's own addresses still win over pages.
  expect((await request.get("/cart")).status()).toBe(200);
  await request.dispose();
});
