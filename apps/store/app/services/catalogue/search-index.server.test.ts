import { describe, expect, it } from "vitest";
import { type IndexedProduct, SearchIndex } from "./search-index.server.ts";

/** Matching and ranking rules are specified on both databases in search.server.test.ts; these are the index's own edges. */

const OPTIONS = { locales: ["en", "es"], fallbackLocale: "en" };

function product(
  id: number,
  values: Partial<Omit<IndexedProduct, "texts">> & {
    en?: [name: string, shortDescription?: string, description?: string];
    es?: [name: string, shortDescription?: string, description?: string];
  },
): IndexedProduct {
  const text = (fields?: [string, string?, string?]) =>
    fields && { name: fields[0], shortDescription: fields[1] ?? "", description: fields[2] ?? "" };
  return {
    id,
    slug: values.slug ?? `product-${id}`,
    sku: values.sku ?? null,
    published: values.published ?? true,
    categoryIds: values.categoryIds ?? [],
    texts: { en: text(values.en), es: text(values.es) },
  };
}

const catalogue = [
  product(1, { en: ["Lamp shade", "Pairs well", ""], sku: "LMP-1" }),
  product(2, { en: ["Mug.", "- ceramic"] }),
  product(3, { en: ["Sale!", "", "!!! now"] }),
  product(4, { en: ["Mug 100% ceramic"], es: ["Taza 100% cerámica"] }),
  product(5, { slug: "no-texts", sku: "BARE-5" }),
  product(6, { en: ["Árbol lamp"] }),
];

const find = async (query: string, locale = "en") => {
  const index = await SearchIndex.build(catalogue, [], OPTIONS);
  return index.search({ locale, query, limit: 20 }).hits.map((hit) => hit.id);
};

describe("SearchIndex", () => {
  it.each([
    // The name, short description and description are one text joined by spaces.
    { query: "shade pairs", expected: [1] },
    { query: "shadepairs", expected: [] },
    // Separators either side of a joining space are one run of the text.
    { query: ". -", expected: [2] },
    { query: "mug. - cer", expected: [2] },
    { query: "! !", expected: [] },
    { query: "!!! now", expected: [3] },
    // Queries of separators only, or of several pieces
    { query: "%", expected: [4] },
    { query: "100% cer", expected: [4] },
    { query: "0% c", expected: [4] },
    // A product with no text is found by its SKU only, and named by its slug
    { query: "bare", expected: [5] },
    { query: "no-texts", expected: [] },
    // Case is ignored beyond ASCII too
    { query: "ÁRBOL", expected: [6] },
  ])("matches $query", async ({ query, expected }) => {
    expect(await find(query)).toEqual(expected);
  });

  it("reads a product without text in a language in the fallback language", async () => {
    expect(await find("shade", "es")).toEqual([1]);
    expect(await find("100% ceramic", "es")).toEqual([]);
    expect(await find("cerámica", "es")).toEqual([4]);
  });

  it("takes a new status, SKU and categories in place, but not new texts", async () => {
    const index = await SearchIndex.build(catalogue, [{ id: 9, parentId: null, slug: "lighting" }], OPTIONS);
    const ids = (query: string, categorySlug?: string) =>
      index.search({ locale: "en", query, categorySlug, limit: 20 }).hits.map((hit) => hit.id);
    const lamp = catalogue[0]!;

    expect(index.update({ ...lamp, published: false })).toBe(true);
    expect(ids("lamp")).toEqual([6]);
    expect(index.update({ ...lamp, sku: "SHD-7", categoryIds: [9] })).toBe(true);
    expect(ids("lmp")).toEqual([]);
    expect(ids("shd-7", "lighting")).toEqual([1]);
    expect(index.search({ locale: "en", query: "shd-7", limit: 1 }).hits[0]).toMatchObject({
      id: 1,
      rank: 0,
    });

    expect(index.update({ ...lamp, texts: { en: { ...lamp.texts.en!, name: "Lampshade" } } })).toBe(false);
    expect(index.update(product(99, { en: ["New"] }))).toBe(false);
  });

  it("suggests names starting with the query alphabetically, then the shortest other matches", async () => {
    const names = ["Tea cup", "Teapot", "Tea", "Green tea tin", "Iced tea", "Mint tea"];
    const index = await SearchIndex.build(
      names.map((name, i) => product(i + 1, { en: [name] })),
      [],
      OPTIONS,
    );
    const suggested = index.suggest({ locale: "en", query: "tea", limit: 5 });
    expect(suggested.map((hit) => [hit.name, hit.rank])).toEqual([
      ["Tea", 0],
      ["Tea cup", 1],
      ["Teapot", 1],
      ["Iced tea", 2],
      ["Mint tea", 2],
    ]);
  });
});
