import { categories, pages, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { renderSitemap, robotsTxt } from "./sitemap.server.ts";

const origin = "https://shop.example";
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe.each(await availableDialects())("sitemap on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const [shoes] = await database.db.insert(categories).values({ slug: "shoes" }).returning();
    await insertSimpleProduct(database.db, { slug: "boot", price: 100, categoryId: shoes!.id });
    await insertSimpleProduct(database.db, { slug: "sandal", price: 100, categoryId: shoes!.id });
    await database.db
      .insert(products)
      .values({ slug: "secret", type: "simple", status: "draft", regularPrice: 1 });
    // Hidden from the catalogue (decision 0079): its page opens at its address, but nothing points to it.
    await database.db
      .insert(products)
      .values({ slug: "unlisted", type: "simple", regularPrice: 1, catalogVisibility: "hidden" });
  });
  afterAll(() => database.close());

  it("lists the home page, the shop, every category and every published product not hidden from the catalogue, with lastmod", async () => {
    const sitemap = await renderSitemap(database.db, origin, null);
    expect(sitemap.status).toBe(200);
    expect(sitemap.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(sitemap.xml)).toEqual([
      `${origin}/`,
      `${origin}/shop`,
      `${origin}/product-category/shoes`,
      `${origin}/product/boot`,
      `${origin}/product/sandal`,
    ]);
    expect(sitemap.xml.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(5);
  });

  it("becomes an index of parts past the page size, every address in exactly one part", async () => {
    const index = await renderSitemap(database.db, origin, null, 2);
    expect(index.xml).toContain("<sitemapindex");
    expect(locs(index.xml)).toEqual([1, 2, 3].map((n) => `${origin}/sitemap/${n}.xml`));
    const parts = await Promise.all([1, 2, 3].map((n) => renderSitemap(database.db, origin, n, 2)));
    expect(parts.map((part) => locs(part.xml).length)).toEqual([2, 2, 1]);
    expect(parts.flatMap((part) => locs(part.xml))).toEqual(
      locs((await renderSitemap(database.db, origin, null)).xml),
    );
  });

  it.each([0, 4, 99])("answers 404 for part %i that does not exist", async (page) => {
    expect((await renderSitemap(database.db, origin, page, 2)).status).toBe(404);
  });

  it("has no parts while one file holds everything", async () => {
    expect((await renderSitemap(database.db, origin, 1)).status).toBe(404);
  });
});

describe.each(await availableDialects())("sitemap's content pages on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db.insert(pages).values([
      { slug: "home", title: { en: "Home" } },
      { slug: "about", title: { en: "About" } },
      { slug: "coming-up", title: { en: "Soon" }, status: "draft" },
      // Behind the store's own addresses, or not one segment: no page answers there.
      { slug: "cart", title: { en: "Cart" } },
      { slug: "team/ada", title: { en: "Ada" } },
      { slug: "our-story", title: { en: "Story" } },
    ]);
  });
  afterAll(() => database.close());

  it("lists each published page at /{slug} after the shop, with its own change as lastmod", async () => {
    const sitemap = await renderSitemap(database.db, origin, null);
    expect(locs(sitemap.xml)).toEqual([
      `${origin}/`,
      `${origin}/shop`,
      `${origin}/about`,
      `${origin}/our-story`,
    ]);
    expect(sitemap.xml.match(/<lastmod>/g)).toHaveLength(2);
    // The count agrees with the list: two addresses a part, two parts.
    expect(locs((await renderSitemap(database.db, origin, null, 2)).xml)).toHaveLength(2);
    expect(locs((await renderSitemap(database.db, origin, 2, 2)).xml)).toEqual([
      `${origin}/about`,
      `${origin}/our-story`,
    ]);
  });
});

describe("robots.txt", () => {
  it("keeps private and search pages out and points to the sitemap", () => {
    const text = robotsTxt(origin);
    for (const path of ["/cart", "/checkout", "/my-account", "/search"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
