import { blocks, type Database, media, mediaSizes, menuItems, menus, pages, products } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PageBlock } from "../../lib/page-blocks.ts";
import { insertCategory, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { SiteCache } from "../shared/site-cache.server.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { buildPageBlocks } from "./page-blocks.server.ts";

const en = (text: string) => ({ en: text, es: `${text} (es)` });

async function insertPage(
  db: Database,
  slug: string,
  content: Array<{ type: string; data: Record<string, unknown> }>,
  status: "publish" | "draft" = "publish",
) {
  const [page] = await db
    .insert(pages)
    .values({ slug, title: en(`Title of ${slug}`), status })
    .returning();
  if (content.length > 0)
    await db
      .insert(blocks)
      .values(content.map((block, position) => ({ pageId: page!.id, position, ...block })));
  return page!;
}

/** A media library picture with its JPEG sizes (and a WebP one), named `name`. */
async function insertPicture(db: Database, name: string) {
  const [row] = await db
    .insert(media)
    .values({ filename: `${name}.jpg`, mimeType: "image/jpeg", width: 1200, height: 800, alt: en(name) })
    .returning();
  await db.insert(mediaSizes).values([
    { mediaId: row!.id, format: "jpeg", width: 600, height: 400, path: `${name}-600.jpg`, bytes: 1 },
    { mediaId: row!.id, format: "jpeg", width: 1200, height: 800, path: `${name}-1200.jpg`, bytes: 1 },
    { mediaId: row!.id, format: "webp", width: 600, height: 400, path: `${name}-600.webp`, bytes: 1 },
  ]);
  return row!.id;
}

describe.each(await availableDialects())("a page's blocks on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const context = (locale: "en" | "es" = "en") => testContext({ db: database.db, locale });
  async function only(slug: string, locale: "en" | "es" = "en") {
    const ctx = context(locale);
    const page = await buildPageBlocks(ctx, slug, { drafts: false });
    return { ctx, page, block: page?.blocks[0] as PageBlock };
  }

  it("resolves the page's title and blocks in the shopper's language, and names the page for the cache", async () => {
    const page = await insertPage(database.db, "about", [
      {
        type: "hero",
        data: { title: en("Hello"), text: en("We knit"), cta: { label: en("Shop"), url: "/shop" } },
      },
      { type: "text", data: { title: en("Story"), text: en("First [link](/shop).") } },
    ]);
    const { ctx, page: shown } = await only("about", "es");
    expect(shown).toMatchObject({ id: page.id, slug: "about", title: "Title of about (es)", draft: false });
    expect(shown?.blocks.map((block) => [block.type, block.title])).toEqual([
      ["hero", "Hello (es)"],
      ["text", "Story (es)"],
    ]);
    expect(ctx.pageTags).toEqual(new Set([`page-${page.id}`]));
  });

  it("reads a home page like the demo's in two statements once the site cache is warm: the page with its blocks, then its product grid", async () => {
    const { db } = database;
    const hero = await insertPicture(db, "hero");
    const wool = await insertCategory(db, "wool");
    await insertSimpleProduct(db, { slug: "scarf", price: 900, categoryId: wool.id });
    await db.update(products).set({ featured: true });
    const [footer] = await db.insert(menus).values({ location: "footer" }).returning();
    await db.insert(menuItems).values({ menuId: footer!.id, label: en("About"), url: "/about", position: 0 });
    await insertPage(db, "home", [
      { type: "hero", data: { title: en("Hello"), imageId: hero } },
      { type: "featured-products", data: { title: en("Featured") } },
      { type: "categories", data: { title: en("Shop by category") } },
      { type: "text", data: { title: en("Story"), text: en("We knit.") } },
      { type: "menu", data: { title: en("More"), menu: "footer" } },
      { type: "menu", data: { title: en("Nowhere"), menu: "sidebar" } },
    ]);
    const siteCache = new SiteCache();
    const build = () =>
      buildPageBlocks(testContext({ db, locale: "es", siteCache }), "home", { drafts: false });
    const first = await build();
    expect(first?.blocks.map((block) => block.type)).toEqual([
      "hero",
      "featured-products",
      "categories",
      "text",
      "menu",
    ]);

    const recorded = recordStatements(db);
    try {
      expect(await build()).toEqual(first);
    } finally {
      recorded.stop();
    }
    expect(recorded.statements).toHaveLength(2);
  });

  it("shows a draft only when drafts are asked for; no page is null", async () => {
    await insertPage(
      database.db,
      "secret",
      [{ type: "text", data: { title: en("Soon"), text: en("x") } }],
      "draft",
    );
    expect(await buildPageBlocks(context(), "secret", { drafts: false })).toBeNull();
    expect(await buildPageBlocks(context(), "nowhere", { drafts: true })).toBeNull();
    const preview = await buildPageBlocks(context(), "secret", { drafts: true });
    expect(preview).toMatchObject({ slug: "secret", draft: true, blocks: [{ type: "text", title: "Soon" }] });
  });

  describe("a product grid", () => {
    let ids: Record<string, number>;
    beforeEach(async () => {
      const wool = await insertCategory(database.db, "wool");
      const scarves = await insertCategory(database.db, "scarves", wool.id);
      ids = {};
      // Created one after another, the newest last (the same time, if it is, falls back on the id).
      for (const [slug, categoryId] of [
        ["old-wool", wool.id],
        ["scarf", scarves.id],
        ["new-wool", wool.id],
        ["cotton", undefined],
      ] as const)
        ids[slug] = (await insertSimpleProduct(database.db, { slug, price: 100, categoryId })).id;
      await database.db
        .update(products)
        .set({ featured: true })
        .where(inArray(products.id, [ids.cotton!, ids["old-wool"]!]));
      ids.wool = wool.id;
      const [draft] = await database.db
        .insert(products)
        .values({ slug: "unpublished", type: "simple", status: "draft", regularPrice: 1 })
        .returning();
      ids.draft = draft!.id;
    });

    let grids = 0;
    const grid = async (data: Record<string, unknown>) => {
      const slug = `grid-${++grids}`;
      await insertPage(database.db, slug, [
        { type: "featured-products", data: { title: en("Picks"), ...data } },
      ]);
      const { ctx, block } = await only(slug);
      if (block.type !== "featured-products") throw new Error("not a product grid");
      return { slugs: block.products.map((card) => card.slug), tags: ctx.pageTags };
    };

    it("shows the hand-picked products in their order, published ones only, up to the limit", async () => {
      const picked = await grid({ productIds: [ids.cotton, ids.draft, 999_999, ids.scarf, ids["old-wool"]] });
      expect(picked.slugs).toEqual(["cotton", "scarf", "old-wool"]);
      expect([...picked.tags].filter((tag) => tag.startsWith("product-")).sort()).toEqual(
        [ids.cotton, ids.scarf, ids["old-wool"]].map((id) => `product-${id}`).sort(),
      );
      // Hand-picked: a new product elsewhere does not change it.
      expect(picked.tags.has("listing")).toBe(false);
    });

    it("limits the hand-picked products", async () => {
      expect((await grid({ productIds: [ids.cotton, ids.scarf, ids["old-wool"]], limit: 2 })).slugs).toEqual([
        "cotton",
        "scarf",
      ]);
    });

    it("without picks, shows a category's newest products, its subcategories' too, and changes as listings do", async () => {
      const newest = await grid({ categoryId: ids.wool, limit: 2 });
      expect(newest.slugs).toEqual(["new-wool", "scarf"]);
      expect(newest.tags.has("listing")).toBe(true);
      expect(newest.tags.has(`product-${ids["new-wool"]}`)).toBe(true);
      expect((await grid({ categoryId: 999_999 })).slugs).toEqual([]);
    });

    it("without picks or a category, shows the featured products, as the home page always did", async () => {
      const featured = await grid({});
      expect(featured.slugs).toEqual(["old-wool", "cotton"]);
      expect(featured.tags.has("listing")).toBe(true);
    });

    it.each([
      [0, 1],
      [-3, 1],
      [99, 4],
    ])("keeps a limit of %s within 1–24", async (limit, shown) => {
      const picked = [ids["old-wool"], ids.scarf, ids["new-wool"], ids.cotton];
      expect((await grid({ productIds: picked, limit })).slugs).toHaveLength(shown);
    });
  });

  it("a gallery shows the media library's pictures in order, skipping unknown ones", async () => {
    const red = await insertPicture(database.db, "red");
    const blue = await insertPicture(database.db, "blue");
    await insertPage(database.db, "gallery", [
      { type: "gallery", data: { title: en("Work"), imageIds: [blue, 999_999, red, "x"] } },
    ]);
    const { block } = await only("gallery", "es");
    expect(block).toMatchObject({ type: "gallery", title: "Work (es)" });
    if (block.type !== "gallery") throw new Error("not a gallery");
    expect(block.images.map((image) => [image.id, image.alt, image.large])).toEqual([
      [blue, "blue (es)", "/media/blue-1200.jpg"],
      [red, "red (es)", "/media/red-1200.jpg"],
    ]);
  });

  describe("a video", () => {
    const video = async (url: unknown, locale: "en" | "es" = "en") => {
      await insertPage(database.db, "film", [{ type: "video", data: { title: en("Our studio"), url } }]);
      return only("film", locale);
    };

    it("of a video service is a rich text link that opens as an embed; its host joins the page's frames", async () => {
      const { ctx, block } = await video("https://www.youtube.com/watch?v=aqz-KE-bpKQ", "es");
      expect(block).toEqual({
        id: expect.any(Number),
        type: "video",
        title: "Our studio (es)",
        body: [
          [
            {
              t: "link",
              href: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
              text: "Ver el vídeo: Our studio (es)",
              link: {
                kind: "embed",
                service: "youtube",
                id: "aqz-KE-bpKQ",
                embed: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1",
              },
            },
          ],
        ],
      });
      expect([...ctx.contentSources["frame-src"]]).toEqual(["https://www.youtube-nocookie.com"]);
    });

    it("file plays in place; its host joins the page's media sources", async () => {
      const { ctx, block } = await video("https://cdn.example/clip.webm");
      expect(block.type === "video" && block.body[0]?.[0]).toMatchObject({
        t: "link",
        text: "Watch the video: Our studio",
        link: { kind: "video-file", type: "video/webm" },
      });
      expect([...ctx.contentSources["media-src"]]).toEqual(["https://cdn.example"]);
      expect(ctx.contentSources["frame-src"].size).toBe(0);
    });

    it.each([
      ["another page", "https://example.com/watch"],
      ["a picture", "https://cdn.example/poster.jpg"],
    ])("of %s is a plain link", async (_, url) => {
      const { ctx, block } = await video(url);
      expect(block.type === "video" && block.body[0]?.[0]).toMatchObject({
        href: url,
        link: { kind: "plain" },
      });
      expect(ctx.contentSources["img-src"].size + ctx.contentSources["frame-src"].size).toBe(0);
    });

    it.each([["javascript:alert(1)"], ["//evil.example/x.mp4"], [42]])("of %s is left out", async (url) => {
      const { page } = await video(url);
      expect(page?.blocks).toEqual([]);
    });
  });
});
