import { describe, expect, it } from "vitest";
import type { StockFilter } from "../../lib/listing-query.ts";
import { type Orderby, orderbyValues } from "../../lib/orderby.ts";
import { type ListedProduct, type ListingFilter, ListingIndex } from "./listing-index.server.ts";

/**
 * The listing index against the plainest reading of the same rules: filter an array, sort it, slice
 * it. Products come, change and go at random between the questions, so slots are freed and reused,
 * bit sets grow, and every sort order is kept by insertion rather than sorted afresh.
 */

/** A small deterministic generator (mulberry32): every run asks the same questions. */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const some = <T>(values: readonly T[], chance: number) => values.filter(() => next() < chance);
  return { next, below, some };
}

const TERMS = [1, 2, 3, 4, 5, 6, 7, 8];
const COLOURS = [1, 2, 3, 4];
const CATEGORIES = [10, 11, 12, 13, 14];
const STOCK: StockFilter[] = ["instock", "onbackorder", "outofstock"];

function randomProduct(random: ReturnType<typeof randomOf>, id: number): ListedProduct {
  return {
    id,
    // Few distinct values, so that ties fall back on the id as the database's order does.
    price: 100 * random.below(8),
    stock: STOCK[random.below(3)]!,
    categoryIds: random.some(CATEGORIES, 0.3),
    termIds: random.some(TERMS, 0.35),
    menuOrder: random.below(4),
    totalSales: random.below(5),
    rating: [0, 250, 425, 500][random.below(4)]!,
    reviewCount: random.below(3),
    created: 1_700_000_000_000_000 + random.below(6) * 1000,
  };
}

function randomFilter(random: ReturnType<typeof randomOf>, ids: number[]): ListingFilter {
  const filter: ListingFilter = {};
  if (random.next() < 0.3) filter.categoryIds = random.some(CATEGORIES, 0.4);
  if (random.next() < 0.3) filter.minPrice = 100 * random.below(5);
  if (random.next() < 0.3) filter.maxPrice = 100 * random.below(8);
  if (random.next() < 0.3) filter.stock = random.some(STOCK, 0.5);
  if (random.next() < 0.2) filter.ids = random.some(ids, 0.5);
  const attributes: NonNullable<ListingFilter["attributes"]> = {};
  if (random.next() < 0.6) {
    attributes.colour = { termIds: random.some(COLOURS, 0.4), queryType: random.next() < 0.5 ? "and" : "or" };
  }
  if (random.next() < 0.4) {
    attributes.size = {
      termIds: random.some([5, 6, 7, 8], 0.4),
      queryType: random.next() < 0.5 ? "and" : "or",
    };
  }
  filter.attributes = attributes;
  return filter;
}

/** The same rules, read plainly. */
function reference(
  products: Map<number, ListedProduct>,
  filter: ListingFilter,
  except: { attribute?: string; stock?: true } = {},
) {
  return [...products.values()].filter((product) => {
    if (filter.ids && !filter.ids.includes(product.id)) return false;
    if (filter.categoryIds && !filter.categoryIds.some((id) => product.categoryIds.includes(id)))
      return false;
    if (filter.minPrice !== undefined && product.price < filter.minPrice) return false;
    if (filter.maxPrice !== undefined && product.price > filter.maxPrice) return false;
    if (filter.stock?.length && !except.stock && !filter.stock.includes(product.stock)) return false;
    return Object.entries(filter.attributes ?? {}).every(([slug, { termIds, queryType }]) => {
      if (slug === except.attribute) return true;
      return queryType === "or"
        ? termIds.some((id) => product.termIds.includes(id))
        : termIds.every((id) => product.termIds.includes(id));
    });
  });
}

const referenceOrder: Record<Orderby, (a: ListedProduct, b: ListedProduct) => number> = {
  menu_order: (a, b) => a.menuOrder - b.menuOrder || a.id - b.id,
  popularity: (a, b) => b.totalSales - a.totalSales || a.id - b.id,
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id,
  date: (a, b) => b.created - a.created || b.id - a.id,
  price: (a, b) => a.price - b.price || a.id - b.id,
  "price-desc": (a, b) => b.price - a.price || a.id - b.id,
};

describe("the listing index", () => {
  it("keeps, counts and orders as the plain rules do, while products come, change and go", () => {
    const random = randomOf(20261129);
    const products = new Map<number, ListedProduct>();
    let nextId = 1;
    for (; nextId <= 150; nextId++) products.set(nextId, randomProduct(random, nextId));
    const index = new ListingIndex([...products.values()]);

    for (let round = 0; round < 300; round++) {
      // Between questions: a new product, a changed one, or one that leaves the listings.
      const change = random.below(3);
      const ids = [...products.keys()];
      if (change === 0) {
        const product = randomProduct(random, nextId++);
        products.set(product.id, product);
        index.update(product.id, product);
      } else {
        const id = ids[random.below(ids.length)]!;
        const product = change === 1 ? randomProduct(random, id) : null;
        if (product) products.set(id, product);
        else products.delete(id);
        index.update(id, product);
      }

      const filter = randomFilter(random, ids);
      const kept = index.match(filter);
      const expected = reference(products, filter);
      expect(kept.countWith()).toBe(expected.length);
      const orderby = orderbyValues[random.below(orderbyValues.length)]!;
      const offset = random.below(4) * 5;
      expect(index.page(kept, orderby, offset, 12)).toEqual(
        expected
          .sort(referenceOrder[orderby])
          .slice(offset, offset + 12)
          .map((product) => product.id),
      );
      const counts = index.termCounts(kept, TERMS);
      for (const term of TERMS) {
        expect(counts.get(term)).toBe(expected.filter((product) => product.termIds.includes(term)).length);
      }
      const withoutStock = reference(products, filter, { stock: true });
      const stockCounts = index.stockCounts(index.match(filter, { stock: true }));
      for (const state of STOCK) {
        expect(stockCounts.get(state) ?? 0).toBe(
          withoutStock.filter((product) => product.stock === state).length,
        );
      }
      const withoutColour = reference(products, filter, { attribute: "colour" });
      expect(index.match(filter, { attribute: "colour" }).countWith()).toBe(withoutColour.length);
    }
    expect(index.size).toBe(products.size);
  });

  it("counts across many words of slots, and an unknown term keeps nothing", () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      price: i,
      stock: "instock" as const,
      categoryIds: [],
      termIds: i % 3 === 0 ? [1] : [],
      menuOrder: 0,
      totalSales: 0,
      rating: 0,
      reviewCount: 0,
      created: 0,
    }));
    const index = new ListingIndex(many);
    expect(index.match({ attributes: { colour: { termIds: [1], queryType: "and" } } }).countWith()).toBe(334);
    expect(index.match({ attributes: { colour: { termIds: [99], queryType: "or" } } }).countWith()).toBe(0);
    expect(index.page(index.match({ minPrice: 995 }), "price-desc", 0, 3)).toEqual([1000, 999, 998]);
  });
});
