import { categories, type Database, productCategories, products, productTranslations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeLike, searchProducts, suggestProducts } from "./search.server.ts";

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
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await insertCatalogue(database.db);
  });
  afterAll(() => database.close());

  const slugs = async (
    query: string,
    options: { locale?: string; categorySlug?: string; limit?: number } = {},
  ) =>
    (
      await searchProducts(database.db, {
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
      const hits = await suggestProducts(database.db, { locale, query, limit: 10 });
      expect(hits.map((hit) => hit.slug)).toEqual(expected);
    },
  );

  it("suggests within the limit, exact first, then prefixes alphabetically, in a category", async () => {
    const hits = await suggestProducts(database.db, { locale: "en", query: "LAMP", limit: 2 });
    expect(hits.map((hit) => [hit.slug, hit.rank])).toEqual([
      ["lamp", 0],
      ["lamp-shade", 1],
    ]);
    const desk = await suggestProducts(database.db, {
      locale: "es",
      query: "lámpara",
      categorySlug: "desk",
      limit: 10,
    });
    expect(desk.map((hit) => hit.slug)).toEqual(["desk-lamp"]);
    const sku = await suggestProducts(database.db, { locale: "en", query: "lmp-003", limit: 10 });
    expect(sku.map((hit) => [hit.slug, hit.rank])).toEqual([["desk-lamp", 0]]);
  });

  it("reports ranks and the total beyond the limit", async () => {
    const page = await searchProducts(database.db, { locale: "en", query: "lamp", limit: 2 });
    expect(page.total).toBe(4);
    expect(page.hits.map((hit) => hit.rank)).toEqual([0, 1]);
    const past = await searchProducts(database.db, { locale: "en", query: "lamp", limit: 2, offset: 10 });
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
