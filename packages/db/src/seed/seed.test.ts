import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { folderStore } from "@vitrine/files";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../client.ts";
import { availableDialects, createTestDatabase, type TestDatabase } from "../testing.ts";
import {
  CatalogueNotEmptyError,
  drawPendingImages,
  seedDemo,
  seedSynthetic,
  sourcePathOfSize,
} from "./index.ts";

// Rendering ~100 pictures dominates; generous limits keep a busy CI machine from failing the suite.
// Drawing the demo images takes minutes on a busy two-core machine: a budget for a slow machine, not a speed check.
const seedTimeout = 600_000;

describe.each(await availableDialects())("seed on %s", (dialect) => {
  let database: TestDatabase;
  let mediaDir: string;
  let seeded: { products: number; categories: number };
  /** The media as the seed left them, before `drawPendingImages`: what a first start serves from. */
  let beforeDrawing: { media: number; processing: number; sources: number; rasters: number };
  const rows = <T>(query: SQL) => selectRows<T>(database.db, query);
  const count = async (query: SQL) => (await rows<{ n: number }>(query))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-seed-"));
    // As the store's first start does: rows and drawings now, every size encoded afterwards.
    seeded = await seedDemo(database.db, { media: folderStore(mediaDir), images: "later" });
    const sizes = await rows<{ path: string }>(sql`select path from media_sizes`);
    const exists = (file: string) =>
      stat(path.join(mediaDir, file)).then(
        () => true,
        () => false,
      );
    const present = await Promise.all(sizes.map((size) => exists(size.path)));
    const sources = new Set(sizes.map((size) => sourcePathOfSize(size.path)!));
    beforeDrawing = {
      media: await count(sql`select count(*)::int as n from media`),
      processing: await count(sql`select count(*)::int as n from media where state = 'processing'`),
      sources: (await Promise.all([...sources].map(exists))).filter(Boolean).length,
      rasters: present.filter(Boolean).length,
    };
    await drawPendingImages(database.db, folderStore(mediaDir));
  }, seedTimeout);

  afterAll(async () => {
    await database?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it("reports what it created", async () => {
    expect(seeded.products).toBeGreaterThanOrEqual(48);
    expect(await count(sql`select count(*)::int as n from products`)).toBe(seeded.products);
    expect(await count(sql`select count(*)::int as n from categories`)).toBe(seeded.categories);
  });

  it("builds a category tree with translated names and descriptions", async () => {
    expect(
      await count(sql`select count(*)::int as n from categories where parent_id is null`),
    ).toBeGreaterThanOrEqual(6);
    const parents = await rows<{ slug: string; children: number }>(
      sql`select p.slug, count(c.id)::int as children from categories p
          join categories c on c.parent_id = p.id group by p.slug`,
    );
    expect(parents.length).toBeGreaterThanOrEqual(1);
    expect(parents.some((p) => p.children >= 2 && p.children <= 3)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from categories c where (
        select count(*) from category_translations t
        where t.category_id = c.id and t.locale in ('en', 'es') and t.name <> '' and t.description <> '') <> 2`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from categories where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    ).toBe(0);
  });

  it("writes every product in English and Spanish", async () => {
    const untranslated = await count(sql`select count(*)::int as n from products p where (
      select count(*) from product_translations t
      where t.product_id = p.id and t.locale in ('en', 'es')
        and t.name <> '' and t.short_description <> '' and t.description <> '') <> 2`);
    expect(untranslated).toBe(0);
    const same = await count(sql`select count(*)::int as n from product_translations en
      join product_translations es on es.product_id = en.product_id and es.locale = 'es'
      where en.locale = 'en' and (en.name = es.name or en.description = es.description)`);
    expect(same).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where sku is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from product_categories`)).toBeGreaterThanOrEqual(
      seeded.products,
    );
  });

  it("varies prices, dates, sales figures and features about eight products", async () => {
    expect(await count(sql`select count(*)::int as n from products where sale_price >= regular_price`)).toBe(
      0,
    );
    expect(
      await count(sql`select count(*)::int as n from variations where sale_price >= regular_price`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from products where sale_price is not null`),
    ).toBeGreaterThanOrEqual(8);
    expect(
      await count(sql`select count(distinct created_at::date)::int as n from products`),
    ).toBeGreaterThanOrEqual(20);
    expect(
      await count(sql`select count(distinct total_sales)::int as n from products`),
    ).toBeGreaterThanOrEqual(20);
    expect(await count(sql`select count(*)::int as n from products where featured`)).toBe(8);
  });

  it("has simple products in stock, low on stock, sold out and untracked", async () => {
    const simple = (condition: SQL) =>
      count(sql`select count(*)::int as n from products where type = 'simple' and ${condition}`);
    expect(await simple(sql`stock_status = 'outofstock' and stock_quantity = 0`)).toBeGreaterThanOrEqual(4);
    expect(
      await simple(sql`stock_status = 'instock' and stock_quantity between 1 and low_stock_threshold`),
    ).toBeGreaterThanOrEqual(2);
    expect(await simple(sql`stock_status = 'instock' and stock_quantity is null`)).toBeGreaterThanOrEqual(2);
    expect(await simple(sql`stock_status = 'instock' and stock_quantity >= 10`)).toBeGreaterThanOrEqual(20);
    expect(await simple(sql`(stock_quantity = 0) <> (stock_status = 'outofstock')`)).toBe(0);
  });

  it("gives variable products variations with their own sku, price, stock and colour picture", async () => {
    expect(
      await count(sql`select count(*)::int as n from products where type = 'variable'`),
    ).toBeGreaterThanOrEqual(12);
    expect(
      await count(sql`select count(*)::int as n from products p
        where type = 'variable' and not exists (select 1 from variations v where v.product_id = p.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from variations where image_id is null or sku is null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from variations where stock_status = 'outofstock'`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from variations where sale_price is not null`),
    ).toBeGreaterThan(0);

    // Variations of one colour share that colour's picture; different colours have different ones.
    const pictures = await rows<{ product_id: number; term_id: number; images: number }>(
      sql`select v.product_id, va.term_id, count(distinct v.image_id)::int as images
          from variations v
          join variation_attributes va on va.variation_id = v.id
          join attributes a on a.id = va.attribute_id and a.slug = 'color'
          group by v.product_id, va.term_id`,
    );
    expect(pictures.length).toBeGreaterThanOrEqual(24);
    expect(pictures.every((p) => p.images === 1)).toBe(true);
    const colours = await rows<{ colours: number; images: number }>(
      sql`select count(distinct va.term_id)::int as colours, count(distinct v.image_id)::int as images
          from variations v
          join variation_attributes va on va.variation_id = v.id
          join attributes a on a.id = va.attribute_id and a.slug = 'color'
          group by v.product_id`,
    );
    expect(colours.length).toBeGreaterThanOrEqual(12);
    expect(colours.every((c) => c.colours === c.images && c.colours >= 2)).toBe(true);

    // The product row carries its cheapest variation's prices.
    const mismatched = await count(sql`select count(*)::int as n from products p
      where type = 'variable' and coalesce(p.sale_price, p.regular_price) <> (
        select min(coalesce(v.sale_price, v.regular_price)) from variations v where v.product_id = p.id)`);
    expect(mismatched).toBe(0);

    // Each product offers exactly the terms its variations use.
    const offered = await count(sql`select count(*)::int as n from (
        select distinct v.product_id, va.term_id from variations v
        join variation_attributes va on va.variation_id = v.id) used
      full join product_attribute_terms pat on pat.product_id = used.product_id and pat.term_id = used.term_id
      where used.product_id is null or pat.product_id is null`);
    expect(offered).toBe(0);
    const labels = await rows<{ label: Record<string, string> }>(
      sql`select label from attributes union all select label from attribute_terms`,
    );
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.every((l) => Boolean(l.label.en && l.label.es))).toBe(true);
  });

  it("records every picture with its drawing before encoding any size, then draws them all", async () => {
    expect(beforeDrawing.media).toBeGreaterThan(seeded.products);
    expect(beforeDrawing.processing).toBe(beforeDrawing.media);
    expect(beforeDrawing.sources).toBe(beforeDrawing.media);
    expect(beforeDrawing.rasters).toBe(0);
    expect(await count(sql`select count(*)::int as n from media where state <> 'ready'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from media_sizes where bytes <= 0`)).toBe(0);
    expect(await drawPendingImages(database.db, folderStore(mediaDir))).toEqual({ drawn: 0 });
  });

  it("stores every picture in AVIF, WebP and JPEG at three widths, on disk", async () => {
    const formats = await rows<{ media_id: number; formats: number; sizes: number }>(
      sql`select m.id as media_id, count(distinct s.format)::int as formats, count(*)::int as sizes
          from media m join media_sizes s on s.media_id = m.id group by m.id`,
    );
    expect(formats.length).toBe(await count(sql`select count(*)::int as n from media`));
    expect(formats.length).toBeGreaterThanOrEqual(seeded.products);
    expect(formats.every((f) => f.formats === 3 && f.sizes === 9)).toBe(true);

    const files = await rows<{ path: string; bytes: number }>(
      sql`select s.path, s.bytes from media_sizes s where s.media_id in (
            select image_id from variations union select media_id from product_images)`,
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/);
      expect((await stat(path.join(mediaDir, file.path))).size).toBe(file.bytes);
    }
    expect(
      await count(
        sql`select count(*)::int as n from media where alt->>'en' = '' or alt->>'es' = '' or width is null`,
      ),
    ).toBe(0);
  });

  it("gives every product a main image and about ten products a gallery", async () => {
    expect(
      await count(sql`select count(*)::int as n from products p
        where not exists (select 1 from product_images i where i.product_id = p.id and i.position = 0)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from (
        select product_id from product_images group by product_id having count(*) >= 3) g`),
    ).toBeGreaterThanOrEqual(10);
  });

  it("keeps ratings consistent with the approved reviews only", async () => {
    expect(
      await count(sql`select count(distinct product_id)::int as n from reviews where status = 'approved'`),
    ).toBeGreaterThanOrEqual(15);
    expect(
      await count(sql`select count(*)::int as n from reviews where status = 'pending'`),
    ).toBeGreaterThanOrEqual(2);
    const inconsistent = await count(sql`select count(*)::int as n from products p
      left join (select product_id, count(*) as c, round(avg(rating), 2) as a
                 from reviews where status = 'approved' group by product_id) r on r.product_id = p.id
      where p.review_count <> coalesce(r.c, 0) or p.average_rating <> coalesce(r.a, 0)`);
    expect(inconsistent).toBe(0);
    expect(await count(sql`select count(distinct rating)::int as n from reviews`)).toBe(5);
    expect(await count(sql`select count(distinct locale)::int as n from reviews`)).toBe(2);
  });

  it("creates the home page blocks in order", async () => {
    const blocks = await rows<{ type: string; data: Record<string, unknown> }>(
      sql`select b.type, b.data from blocks b join pages p on p.id = b.page_id
          where p.slug = 'home' order by b.position`,
    );
    expect(blocks.map((b) => b.type)).toEqual([
      "hero",
      "featured-products",
      "categories",
      "text",
      "photo-feed",
      "menu",
    ]);
    const story = blocks[3]!.data as { title: Record<string, string>; text: Record<string, string> };
    expect(story.title.en && story.title.es).toBeTruthy();
    // Its pictures are the media library's, named by id.
    for (const [, id] of story.text.en!.matchAll(/\(media:(\d+)\)/g))
      expect(await count(sql`select count(*)::int as n from media where id = ${Number(id)}`)).toBe(1);
    const hero = blocks[0]!.data as {
      title: Record<string, string>;
      text: Record<string, string>;
      cta: { label: Record<string, string>; url: string };
      imageId: number;
    };
    expect(hero.title.en && hero.title.es && hero.text.en && hero.text.es).toBeTruthy();
    expect(hero.cta).toMatchObject({
      url: "/shop",
      label: { en: expect.any(String), es: expect.any(String) },
    });
    expect(
      await count(sql`select count(*)::int as n from media_sizes where media_id = ${hero.imageId}`),
    ).toBe(9);
    expect(blocks[1]!.data).toMatchObject({
      limit: 8,
      title: { en: expect.any(String), es: expect.any(String) },
    });
    expect(blocks[2]!.data).toMatchObject({ title: { en: expect.any(String), es: expect.any(String) } });
  });

  it("builds the primary menu from the category tree and a footer menu", async () => {
    const primary = await rows<{ url: string; parent_url: string | null; en: string; es: string }>(
      sql`select i.url, p.url as parent_url, i.label->>'en' as en, i.label->>'es' as es
          from menu_items i join menus m on m.id = i.menu_id and m.location = 'primary'
          left join menu_items p on p.id = i.parent_id order by i.parent_id nulls first, i.position`,
    );
    const categories = await rows<{ slug: string; parent: string | null }>(
      sql`select c.slug, p.slug as parent from categories c left join categories p on p.id = c.parent_id`,
    );
    expect(primary.filter((i) => i.parent_url === null).map((i) => i.url)).toEqual(
      expect.arrayContaining(categories.filter((c) => !c.parent).map((c) => `/product-category/${c.slug}`)),
    );
    for (const child of categories.filter((c) => c.parent)) {
      expect(primary).toContainEqual(
        expect.objectContaining({
          url: `/product-category/${child.slug}`,
          parent_url: `/product-category/${child.parent}`,
        }),
      );
    }
    expect(primary.length).toBe(categories.length);
    expect(primary.every((i) => i.en && i.es)).toBe(true);
    const footer = await rows<{ url: string }>(
      sql`select i.url from menu_items i join menus m on m.id = i.menu_id and m.location = 'footer'`,
    );
    expect(footer.map((i) => i.url)).toEqual(expect.arrayContaining(["/shop", "/cart", "/my-account"]));
  });

  it("publishes a privacy policy and terms and conditions in both languages, which the settings name as the store's", async () => {
    const [store] = await rows<{ privacy: number; terms: number }>(
      sql`select (value->'legal_pages'->>'privacy')::int as privacy, (value->'legal_pages'->>'terms')::int as terms from settings where key = 'store'`,
    );
    for (const [kind, slug, en, es] of [
      ["privacy", "privacy-policy", "Privacy policy", "Política de privacidad"],
      ["terms", "terms-and-conditions", "Terms and conditions", "Términos y condiciones"],
    ] as const) {
      const [page] = await rows<{ id: number; status: string; en: string; es: string }>(
        sql`select id, status, title->>'en' as en, title->>'es' as es from pages where slug = ${slug}`,
      );
      expect(page).toMatchObject({ status: "publish", en, es });
      const blocks = await rows<{
        type: string;
        data: { title: Record<string, string>; text: Record<string, string> };
      }>(sql`select type, data from blocks where page_id = ${page!.id} order by position`);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      for (const block of blocks) {
        expect(block.type).toBe("text");
        expect(
          block.data.title.en && block.data.title.es && block.data.text.en && block.data.text.es,
        ).toBeTruthy();
      }
      expect(store![kind]).toBe(page!.id);
    }
  });

  it("shows WooCommerce's other types: a grouped product of three, an external and a virtual product, tags, upsells and cross-sells", async () => {
    const types = await rows<{ type: string; virtual: boolean; external_url: string | null }>(
      sql`select type, virtual, external_url from products where type in ('grouped', 'external') or virtual order by type`,
    );
    expect(types).toEqual([
      {
        type: "external",
        virtual: false,
        external_url: "https://partner.example.com/handwoven-market-basket",
      },
      { type: "grouped", virtual: false, external_url: null },
      { type: "simple", virtual: true, external_url: null },
    ]);
    const links = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from product_links group by kind order by kind`,
    );
    expect(links).toEqual([
      { kind: "cross_sell", n: 4 },
      { kind: "grouped", n: 3 },
      { kind: "upsell", n: 5 },
    ]);
    // Every tag named in both languages and given to some products.
    expect(
      await count(sql`select count(*)::int as n from tags t where (select count(*) from tag_translations n where n.tag_id = t.id) = 2
        and exists (select 1 from product_tags p where p.tag_id = t.id)`),
    ).toBe(3);
  });

  it("stores settings and affiliate links", async () => {
    const settings = await rows<{ key: string; value: unknown }>(
      sql`select key, value from settings order by key`,
    );
    expect(settings).toEqual([
      { key: "catalog", value: { perPage: 12 } },
      {
        key: "store",
        value: {
          name: "Vitrine",
          currency: "USD",
          address: {
            line1: "1 Market Street",
            city: "San Francisco",
            state: "CA",
            postcode: "94105",
            country: "US",
          },
          legal_pages: { privacy: expect.any(Number), terms: expect.any(Number) },
          store_notice: {
            enabled: true,
            id: "demo-1",
            text: { en: expect.stringMatching(/demo/), es: expect.stringMatching(/demostración/) },
          },
        },
      },
    ]);
    const links = await rows<{ slug: string; target_url: string }>(
      sql`select slug, target_url from affiliate_links`,
    );
    expect(links).toContainEqual({ slug: "partner-shoes", target_url: "https://example.com/shoes" });
    // The demo's two, and the external product's, through which its button's clicks are counted
    // (decision 0076).
    expect(links).toContainEqual({
      slug: expect.stringMatching(/^product-\d+$/),
      target_url: "https://partner.example.com/handwoven-market-basket",
    });
    expect(links.length).toBe(3);
  });

  it("charges tax from the first start: a standard 10 % and a reduced 5 % everywhere, the T-shirts reduced", async () => {
    expect(
      await rows(sql`select class, country, rate, name, shipping from tax_rates order by class, rate_order`),
    ).toEqual([
      { class: "", country: "", rate: "10.0000", name: "Sales tax", shipping: true },
      { class: "reduced-rate", country: "", rate: "5.0000", name: "Reduced sales tax", shipping: true },
    ]);
    const classes = await rows<{ category: string; tax_class: string; n: number }>(
      sql`select c.slug as category, p.tax_class, count(*)::int as n from products p
        join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id
        group by c.slug, p.tax_class order by c.slug`,
    );
    expect(classes.filter((row) => row.tax_class === "reduced-rate").map((row) => row.category)).toEqual([
      "t-shirts",
    ]);
    expect(classes.find((row) => row.category === "t-shirts")?.n).toBeGreaterThan(0);
  });

  it("refuses to seed the demo twice", async () => {
    await expect(seedDemo(database.db, { media: folderStore(mediaDir) })).rejects.toBeInstanceOf(
      CatalogueNotEmptyError,
    );
  });

  it(
    "adds exactly the requested number of synthetic products, reusing a small picture pool",
    async () => {
      const before = await count(sql`select count(*)::int as n from products`);
      const mediaBefore = await count(sql`select count(*)::int as n from media`);
      await seedSynthetic(database.db, { products: 2500, media: folderStore(mediaDir) });
      expect(await count(sql`select count(*)::int as n from products`)).toBe(before + 2500);
      const synthetic = sql`select id from products where sku like 'SYN-%'`;
      expect(
        await count(
          sql`select count(*)::int as n from product_translations where product_id in (${synthetic})`,
        ),
      ).toBe(5000);
      expect(
        await count(
          sql`select count(*)::int as n from product_categories where product_id in (${synthetic})`,
        ),
      ).toBe(2500);
      expect(
        await count(sql`select count(*)::int as n from product_images where product_id in (${synthetic})`),
      ).toBe(2500);
      expect(await count(sql`select count(*)::int as n from media`)).toBeLessThanOrEqual(mediaBefore + 20);
      expect(
        await count(sql`select count(distinct name)::int as n from product_translations where locale = 'en'`),
      ).toBeGreaterThan(1000);
      // Categories came from the demo, not duplicated.
      expect(await count(sql`select count(*)::int as n from categories`)).toBe(seeded.categories);

      // A second run continues the numbering instead of colliding with the first.
      await seedSynthetic(database.db, { products: 10, media: folderStore(mediaDir) });
      expect(await count(sql`select count(*)::int as n from products`)).toBe(before + 2510);
      expect(await count(sql`select count(*)::int as n from media`)).toBeLessThanOrEqual(mediaBefore + 20);
    },
    seedTimeout,
  );

  it(
    "creates its categories when seeding synthetic products into an empty database",
    async () => {
      const empty = await createTestDatabase(dialect);
      try {
        await seedSynthetic(empty.db, { products: 1200, media: folderStore(mediaDir) });
        const n = await selectRows<{ products: number; categories: number; unfiled: number }>(
          empty.db,
          sql`select (select count(*)::int from products) as products,
                     (select count(*)::int from categories) as categories,
                     (select count(*)::int from products p where not exists (
                        select 1 from product_categories c where c.product_id = p.id)) as unfiled`,
        );
        expect(n[0]).toEqual({ products: 1200, categories: seeded.categories, unfiled: 0 });
      } finally {
        await empty.close();
      }
    },
    seedTimeout,
  );
});
