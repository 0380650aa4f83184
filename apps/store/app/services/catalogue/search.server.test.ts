import {
  categories,
  createDb,
  type Database,
  openChangeFeed,
  productCategories,
  products,
  productTranslations,
} from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testContext } from "../shared/test-context.test-helper.ts";
import { updateProduct } from "./products-admin.server.ts";
import { escapeLike, ProductSearch } from "./search.server.ts";

type Row = {
  slug: string;
  sku?: string;
  status?: "publish" | "draft";
  en?: { name: string; description?: string };
  es?: { name: string; description?: string };
  category?: string;
};

const catalogue: Row[] = [
  { slug: "lamp", sku: "LMP-001", en: { name: "Lamp" }, es: { name: "Lámpara" }, category: "lighting" },
  {
    slug: "lamp-shade",
    sku: "LMP-002",
    en: { name: "Lamp shade" },
    es: { name: "Pantalla de lámpara" },
    category: "lighting",
  },
  {
    slug: "desk-lamp",
    sku: "LMP-003",
    en: { name: "Desk lamp" },
    es: { name: "Lámpara de escritorio" },
    category: "desk",
  },
  {
    slug: "reading-chair",
    sku: "CHR-010",
    en: { name: "Reading chair", description: "Pairs well with a floor lamp." },
    es: { name: "Sillón de lectura", description: "Combina con una lámpara de pie." },
    category: "furniture",
  },
  {
    slug: "hidden-lamp",
    sku: "LMP-999",
    status: "draft",
    en: { name: "Lamp prototype" },
    category: "lighting",
  },
  { slug: "english-only-kettle", sku: "KTL-100", en: { name: "Copper kettle" }, category: "kitchen" },
  {
    slug: "percent-mug",
    sku: "MUG_50",
    en: { name: "Mug 100% ceramic" },
    es: { name: "Taza 100% cerámica" },
    category: "kitchen",
  },
  { slug: "quote-sign", sku: "SGN-1", en: { name: 'Sign: Bob\'s "Diner"' }, category: "kitchen" },
];

async function insertCatalogue(db: Database) {
  // `desk` sits under `lighting`: a filter on lighting must include it.
  const [lighting] = await db.insert(categories).values({ slug: "lighting" }).returning();
  const made = await db
    .insert(categories)
    .values([{ slug: "desk", parentId: lighting!.id }, { slug: "furniture" }, { slug: "kitchen" }])
    .returning();
  const categoryIds = new Map([[lighting!.slug, lighting!.id], ...made.map((c) => [c.slug, c.id] as const)]);
  for (const row of catalogue) {
    const [product] = await db
      .insert(products)
      .values({
        slug: row.slug,
        type: "simple",
        sku: row.sku,
        status: row.status ?? "publish",
        regularPrice: 1000,
      })
      .returning();
    for (const locale of ["en", "es"] as const) {
      const text = row[locale];
      if (text)
        await db.insert(productTranslations).values({
          productId: product!.id,
          locale,
          name: text.name,
          description: text.description ?? "",
        });
    }
    if (row.category)
      await db
        .insert(productCategories)
        .values({ productId: product!.id, categoryId: categoryIds.get(row.category)! });
  }
}

describe.each(await availableDialects())("product search on %s", (dialect) => {
  let database: TestDatabase;
  let productSearch: ProductSearch;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await insertCatalogue(database.db);
    productSearch = new ProductSearch(database.db);
  });
  afterAll(() => database.close());

  const slugs = async (
    query: string,
    options: { locale?: string; categorySlug?: string; limit?: number } = {},
  ) =>
    (
      await productSearch.search({
        locale: options.locale ?? "en",
        query,
        categorySlug: options.categorySlug,
        limit: options.limit ?? 20,
      })
    ).hits.map((hit) => hit.slug);

  const rankingCases = [
    // exact name, then name prefix (shorter first), then other name matches, then description matches
    { query: "lamp", locale: "en", expected: ["lamp", "lamp-shade", "desk-lamp", "reading-chair"] },
    { query: "LAMP", locale: "en", expected: ["lamp", "lamp-shade", "desk-lamp", "reading-chair"] },
    { query: "lámpara", locale: "es", expected: ["lamp", "desk-lamp", "reading-chair", "lamp-shade"] },
    // Spanish shoppers read Spanish text: the English name does not match, the Spanish one does
    { query: "sillón", locale: "es", expected: ["reading-chair"] },
    { query: "reading", locale: "es", expected: [] },
    // a product with no Spanish text is read (and found) in English
    { query: "kettle", locale: "es", expected: ["english-only-kettle"] },
    // SKUs, whole or in part; an exact SKU ranks first
    { query: "lmp-002", locale: "en", expected: ["lamp-shade"] },
    { query: "LMP-00", locale: "en", expected: ["lamp", "desk-lamp", "lamp-shade"] },
    { query: "floor lamp", locale: "en", expected: ["reading-chair"] },
    // drafts are never found
    { query: "prototype", locale: "en", expected: [] },
  ];
  it.each(rankingCases)("ranks and matches $query ($locale)", async ({ query, locale, expected }) => {
    expect(await slugs(query, { locale })).toEqual(expected);
  });

  it.each(rankingCases)(
    "suggests what the full search finds for $query ($locale)",
    async ({ query, locale, expected }) => {
      const hits = await productSearch.suggest({ locale, query, limit: 10 });
      expect(hits.map((hit) => hit.slug)).toEqual(expected);
    },
  );

  it("suggests within the limit, exact first, then prefixes alphabetically, in a category", async () => {
    const hits = await productSearch.suggest({ locale: "en", query: "LAMP", limit: 2 });
    expect(hits.map((hit) => [hit.slug, hit.rank])).toEqual([
      ["lamp", 0],
      ["lamp-shade", 1],
    ]);
    const desk = await productSearch.suggest({
      locale: "es",
      query: "lámpara",
      categorySlug: "desk",
      limit: 10,
    });
    expect(desk.map((hit) => hit.slug)).toEqual(["desk-lamp"]);
    const sku = await productSearch.suggest({ locale: "en", query: "lmp-003", limit: 10 });
    expect(sku.map((hit) => [hit.slug, hit.rank])).toEqual([["desk-lamp", 0]]);
  });

  it("reports ranks and the total beyond the limit", async () => {
    const page = await productSearch.search({ locale: "en", query: "lamp", limit: 2 });
    expect(page.total).toBe(4);
    expect(page.hits.map((hit) => hit.rank)).toEqual([0, 1]);
    const past = await productSearch.search({ locale: "en", query: "lamp", limit: 2, offset: 10 });
    expect(past).toEqual({ hits: [], total: 4 });
  });

  it.each([
    { categorySlug: "lighting", expected: ["lamp", "lamp-shade", "desk-lamp"] },
    { categorySlug: "desk", expected: ["desk-lamp"] },
    { categorySlug: "furniture", expected: ["reading-chair"] },
    { categorySlug: "no-such-category", expected: [] },
  ])("filters by category $categorySlug, subcategories included", async ({ categorySlug, expected }) => {
    expect(await slugs("lamp", { categorySlug })).toEqual(expected);
  });

  it.each([
    // as wildcards, "%" and "_" would match every product, and "lam_" would match "lamp"
    { query: "%", expected: ["percent-mug"] },
    { query: "_", expected: ["percent-mug"] },
    { query: "lam_", expected: [] },
    { query: "l%p", expected: [] },
    { query: "100%", expected: ["percent-mug"] },
    { query: "G_5", expected: ["percent-mug"] },
    { query: "Bob's", expected: ["quote-sign"] },
    { query: '"Diner"', expected: ["quote-sign"] },
    { query: "'; drop table products; --", expected: [] },
    { query: "lamp' or '1'='1", expected: [] },
    { query: "\\", expected: [] },
    { query: "\u0000lamp\u0007", expected: ["lamp", "lamp-shade", "desk-lamp", "reading-chair"] },
    { query: "   ", expected: [] },
    { query: "x".repeat(10_000), expected: [] },
    { query: "😀 emoji", expected: [] },
  ])("treats $query literally and safely", async ({ query, expected }) => {
    expect(await slugs(query)).toEqual(expected);
  });

  it("leaves the catalogue intact after hostile queries", async () => {
    await slugs("'); delete from products; --");
    expect(await slugs("lamp")).toHaveLength(4);
  });
});

describe.each(await availableDialects())("product search after catalogue changes on %s", (dialect) => {
  let database: TestDatabase;
  let productSearch: ProductSearch;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    productSearch = new ProductSearch(database.db);
  });

  async function insertProduct(values: {
    slug: string;
    sku: string;
    en: string;
    es?: string;
    category?: number;
  }) {
    const [product] = await database.db
      .insert(products)
      .values({ slug: values.slug, type: "simple", sku: values.sku, regularPrice: 1000 })
      .returning();
    await database.db
      .insert(productTranslations)
      .values([
        { productId: product!.id, locale: "en", name: values.en },
        ...(values.es ? [{ productId: product!.id, locale: "es", name: values.es }] : []),
      ]);
    if (values.category)
      await database.db
        .insert(productCategories)
        .values({ productId: product!.id, categoryId: values.category });
    return product!.id;
  }

  const found = async (query: string, options: { locale?: string; categorySlug?: string } = {}) => {
    const search = { locale: options.locale ?? "en", query, categorySlug: options.categorySlug, limit: 10 };
    const suggested = (await productSearch.suggest(search)).map((hit) => hit.slug);
    // The results page and the suggestions read the same index.
    expect((await productSearch.search(search)).hits.map((hit) => hit.slug).sort()).toEqual(
      [...suggested].sort(),
    );
    return suggested;
  };

  it("drops and finds again a product unpublished and published through the admin service", async () => {
    const kettle = await insertProduct({ slug: "kettle", sku: "KTL-1", en: "Copper kettle" });
    const context = testContext({ db: database.db, productSearch });
    expect(await found("kettle")).toEqual(["kettle"]);

    await updateProduct(database.db, kettle, { status: "draft" });
    context.invalidatePages();
    expect(await found("kettle")).toEqual([]);
    expect(await found("ktl-1")).toEqual([]);

    await updateProduct(database.db, kettle, { status: "publish" });
    context.invalidatePages();
    expect(await found("kettle")).toEqual(["kettle"]);
  });

  it("shows a price changed through the admin service in the next suggestions", async () => {
    const kettle = await insertProduct({ slug: "kettle", sku: "KTL-1", en: "Copper kettle" });
    const context = testContext({ db: database.db, productSearch });
    const price = async () => (await productSearch.suggestionDetails([kettle])).get(kettle)?.price;
    expect(await price()).toMatchObject({ regular: 1000, sale: null });

    await updateProduct(database.db, kettle, { sale_price: 750 });
    context.invalidatePages();
    expect(await price()).toMatchObject({ regular: 1000, sale: 750 });
  });

  it("finds products added, renamed, moved or given a new SKU once the change is announced", async () => {
    const [kitchen, garden] = await database.db
      .insert(categories)
      .values([{ slug: "kitchen" }, { slug: "garden" }])
      .returning();
    const teapot = await insertProduct({
      slug: "teapot",
      sku: "TEA-1",
      en: "Brass teapot",
      category: kitchen!.id,
    });
    expect(await found("teapot")).toEqual(["teapot"]);

    // Added (English only, as seeding or another server would): found in both languages at once.
    await insertProduct({
      slug: "watering-can",
      sku: "CAN-1",
      en: "Brass watering can",
      category: garden!.id,
    });
    productSearch.catalogueChanged();
    expect(await found("brass")).toEqual(["teapot", "watering-can"]);
    expect(await found("watering", { locale: "es" })).toEqual(["watering-can"]);

    // Renamed, moved to another category and given a new SKU: whoever changes it stamps `updated_at`.
    await database.db
      .update(productTranslations)
      .set({ name: "Brass samovar" })
      .where(and(eq(productTranslations.productId, teapot), eq(productTranslations.locale, "en")));
    await database.db
      .update(productCategories)
      .set({ categoryId: garden!.id })
      .where(eq(productCategories.productId, teapot));
    await database.db
      .update(products)
      .set({ sku: "SMV-1", updatedAt: new Date() })
      .where(eq(products.id, teapot));
    productSearch.catalogueChanged();
    expect(await found("teapot")).toEqual([]);
    expect(await found("samovar")).toEqual(["teapot"]);
    expect(await found("smv-1")).toEqual(["teapot"]);
    expect(await found("tea-1")).toEqual([]);
    expect(await found("brass", { categorySlug: "kitchen" })).toEqual([]);
    expect(await found("brass", { categorySlug: "garden" })).toEqual(["teapot", "watering-can"]);
  });

  it("suggests the shortest of many other matches, however many there are", async () => {
    // Older products have the longer names: the shortest are not the first a scan would meet.
    for (let n = 30; n >= 1; n--) {
      await insertProduct({ slug: `cup-${n}`, sku: `CUP-${n}`, en: `${"x".repeat(n)} cup with a glaze` });
    }
    expect(await found("glaze")).toEqual(Array.from({ length: 10 }, (_, i) => `cup-${i + 1}`));
  });

  if (dialect === "postgres") {
    it("follows a change another server made and announced on the change feed", async () => {
      const other = await createDb({ databaseUrl: database.databaseUrl });
      const [ours, theirs] = await Promise.all([
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
        openChangeFeed({ db: other.db, databaseUrl: database.databaseUrl }),
      ]);
      try {
        ours.subscribe(() => productSearch.catalogueChanged());
        const lamp = await insertProduct({ slug: "lamp", sku: "LMP-1", en: "Desk lamp" });
        expect(await found("lamp")).toEqual(["lamp"]);

        await updateProduct(other.db, lamp, { status: "draft" });
        const heard = new Promise((resolve) => ours.subscribe(resolve));
        theirs.publish("pages");
        await heard;
        expect(await found("lamp")).toEqual([]);
      } finally {
        await Promise.all([ours.close(), theirs.close()]);
        await other.close();
      }
    });
  }
});

describe("escapeLike", () => {
  it.each([
    ["100%", "100\\%"],
    ["a_b", "a\\_b"],
    ["back\\slash", "back\\\\slash"],
    ["plain", "plain"],
  ])("%s → %s", (input, output) => {
    expect(escapeLike(input)).toBe(output);
  });
});
