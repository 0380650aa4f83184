import type { StockFilter } from "../../lib/listing-query.ts";
import type { Orderby } from "../../lib/orderby.ts";

/**
 * The shop's listings answered from memory (decision 0061): which published products a filter keeps,
 * how many of them each attribute term and stock state has, and one page of them in any sort order,
 * with no database work. Keeping it in step with the database is `listings.server.ts`'s job; this
 * module is pure.
 *
 * Each product has a slot; each term, category and stock state is a bit set over the slots, so a
 * filter is a few word-wise ANDs and ORs and a count is a population count. Each sort order is a list
 * of the slots, kept sorted as products change, so a page is read by walking it.
 */

/** What a listing needs of one published product. */
export type ListedProduct = {
  id: number;
  /** The price a shopper pays (the sale price when on sale), in minor units. */
  price: number;
  stock: StockFilter;
  categoryIds: readonly number[];
  termIds: readonly number[];
  /** Its product tags (decision 0076): a tag's listing page keeps the products having it. */
  tagIds?: readonly number[];
  menuOrder: number;
  totalSales: number;
  /** The average rating in hundredths (4.25 is 425): compared exactly, as the database does. */
  rating: number;
  reviewCount: number;
  /** Creation time in microseconds, the database's precision: the newest first compares exactly. */
  created: number;
};

/** What narrows a listing, with the address's slugs resolved to ids. */
export type ListingFilter = {
  /** Only these products (a search's results). */
  ids?: readonly number[];
  categoryIds?: readonly number[];
  /** Only products having any of these tags (a tag's page). */
  tagIds?: readonly number[];
  /** Bounds on the price a shopper pays (the sale price when on sale), in minor units. */
  minPrice?: number;
  maxPrice?: number;
  /** By attribute slug: its chosen terms' ids and how they combine ("and": every one; "or": any). */
  attributes?: Record<string, { termIds: readonly number[]; queryType: "and" | "or" }>;
  stock?: readonly StockFilter[];
};

/** Leaves one attribute's filter, or the stock filter, out: what an "or" attribute's counts need. */
export type FilterExcept = { attribute?: string; stock?: true };

const WORD_BITS = 32;

/** A set of slots, one bit each, growing as slots are added. */
export class SlotSet {
  words: Uint32Array;

  constructor(slots = 0) {
    this.words = new Uint32Array(Math.ceil(slots / WORD_BITS));
  }

  static all(live: SlotSet): SlotSet {
    const copy = new SlotSet();
    copy.words = live.words.slice();
    return copy;
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word]! |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (slot & 31));
  }

  /** Keeps only the slots `other` has too. */
  intersect(other: SlotSet | undefined): void {
    const words = this.words;
    const theirs = other?.words;
    for (let i = 0; i < words.length; i++) words[i]! &= theirs?.[i] ?? 0;
  }

  /** Adds every slot `other` has. */
  unite(other: SlotSet | undefined): void {
    if (!other) return;
    if (other.words.length > this.words.length) {
      const grown = new Uint32Array(other.words.length);
      grown.set(this.words);
      this.words = grown;
    }
    const words = this.words;
    other.words.forEach((word, i) => {
      words[i]! |= word;
    });
  }

  /** How many slots this set and `other` both have (all of this set's without `other`). */
  countWith(other?: SlotSet): number {
    let total = 0;
    const words = this.words;
    const theirs = other?.words;
    for (let i = 0; i < words.length; i++) {
      const word = theirs ? words[i]! & (theirs[i] ?? 0) : words[i]!;
      if (word !== 0) total += popcount(word);
    }
    return total;
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

type Compare = (a: ListedProduct, b: ListedProduct) => number;

/** Each sort order as the database's `order by` (catalogue.server.ts `orderClause`) has it. */
const ORDERS: Record<Orderby, Compare> = {
  menu_order: (a, b) => a.menuOrder - b.menuOrder || a.id - b.id,
  popularity: (a, b) => b.totalSales - a.totalSales || a.id - b.id,
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id,
  date: (a, b) => b.created - a.created || b.id - a.id,
  price: (a, b) => a.price - b.price || a.id - b.id,
  "price-desc": (a, b) => b.price - a.price || a.id - b.id,
};
const orderNames = Object.keys(ORDERS) as Orderby[];

/** The published products, by slot, with the sets and orders over them. */
export class ListingIndex {
  readonly #products: (ListedProduct | undefined)[] = [];
  readonly #slotOf = new Map<number, number>();
  /** Slots freed by products that left, reused by the next ones to come. */
  readonly #free: number[] = [];
  readonly #live = new SlotSet();
  readonly #byTerm = new Map<number, SlotSet>();
  readonly #byCategory = new Map<number, SlotSet>();
  readonly #byTag = new Map<number, SlotSet>();
  readonly #byStock = new Map<StockFilter, SlotSet>();
  /** Each order's slots, sorted. */
  readonly #orders = new Map<Orderby, number[]>();

  constructor(products: readonly ListedProduct[]) {
    for (const product of products) this.#place(product);
    for (const name of orderNames) {
      const compare = ORDERS[name];
      const slots = [...this.#slotOf.values()];
      slots.sort((a, b) => compare(this.#products[a]!, this.#products[b]!));
      this.#orders.set(name, slots);
    }
  }

  get size(): number {
    return this.#slotOf.size;
  }

  /** Takes a product's new state, or (null) its leaving the listings: unpublished or deleted. */
  update(id: number, product: ListedProduct | null): void {
    const slot = this.#slotOf.get(id);
    if (slot !== undefined) {
      this.#unplace(slot);
      for (const slots of this.#orders.values()) {
        const at = slots.indexOf(slot);
        if (at >= 0) slots.splice(at, 1);
      }
    }
    if (!product) return;
    const placed = this.#place(product);
    for (const name of orderNames) this.#insertSorted(this.#orders.get(name)!, placed, ORDERS[name]);
  }

  /** The slots a filter keeps, leaving out one attribute's filter or the stock filter if asked. */
  match(filter: ListingFilter, except: FilterExcept = {}): SlotSet {
    const kept = SlotSet.all(this.#live);
    if (filter.ids) kept.intersect(this.#slotsOf(filter.ids));
    if (filter.categoryIds) kept.intersect(this.#union(this.#byCategory, filter.categoryIds));
    if (filter.tagIds) kept.intersect(this.#union(this.#byTag, filter.tagIds));
    for (const [slug, { termIds, queryType }] of Object.entries(filter.attributes ?? {})) {
      if (slug === except.attribute) continue;
      if (queryType === "or") kept.intersect(this.#union(this.#byTerm, termIds));
      else for (const termId of termIds) kept.intersect(this.#byTerm.get(termId));
    }
    if (filter.stock && filter.stock.length > 0 && !except.stock) {
      kept.intersect(this.#union(this.#byStock, filter.stock));
    }
    const { minPrice, maxPrice } = filter;
    if (minPrice !== undefined || maxPrice !== undefined) {
      this.#products.forEach((product, slot) => {
        if (!product || !kept.has(slot)) return;
        if (
          (minPrice !== undefined && product.price < minPrice) ||
          (maxPrice !== undefined && product.price > maxPrice)
        )
          kept.delete(slot);
      });
    }
    return kept;
  }

  /** How many of the kept slots have each term. */
  termCounts(kept: SlotSet, termIds: Iterable<number>): Map<number, number> {
    const counts = new Map<number, number>();
    for (const termId of termIds) {
      const slots = this.#byTerm.get(termId);
      counts.set(termId, slots ? kept.countWith(slots) : 0);
    }
    return counts;
  }

  /** How many of the kept slots are in each stock state. */
  stockCounts(kept: SlotSet): Map<StockFilter, number> {
    return new Map([...this.#byStock].map(([state, slots]) => [state, kept.countWith(slots)]));
  }

  /** The ids of the kept products from `offset` on, at most `limit`, in the order asked for. */
  page(kept: SlotSet, orderby: Orderby, offset: number, limit: number): number[] {
    const ids: number[] = [];
    let skip = offset;
    for (const slot of this.#orders.get(orderby)!) {
      if (!kept.has(slot)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      ids.push(this.#products[slot]!.id);
      if (ids.length === limit) break;
    }
    return ids;
  }

  /** Whether the product is listed: published and known to the index. */
  has(id: number, kept?: SlotSet): boolean {
    const slot = this.#slotOf.get(id);
    return slot !== undefined && (kept ? kept.has(slot) : true);
  }

  #place(product: ListedProduct): number {
    const slot = this.#free.pop() ?? this.#products.length;
    this.#products[slot] = product;
    this.#slotOf.set(product.id, slot);
    this.#live.add(slot);
    for (const termId of product.termIds) this.#setOf(this.#byTerm, termId).add(slot);
    for (const categoryId of product.categoryIds) this.#setOf(this.#byCategory, categoryId).add(slot);
    for (const tagId of product.tagIds ?? []) this.#setOf(this.#byTag, tagId).add(slot);
    this.#setOf(this.#byStock, product.stock).add(slot);
    return slot;
  }

  #unplace(slot: number): void {
    const product = this.#products[slot]!;
    this.#live.delete(slot);
    for (const termId of product.termIds) this.#byTerm.get(termId)?.delete(slot);
    for (const categoryId of product.categoryIds) this.#byCategory.get(categoryId)?.delete(slot);
    for (const tagId of product.tagIds ?? []) this.#byTag.get(tagId)?.delete(slot);
    this.#byStock.get(product.stock)?.delete(slot);
    this.#slotOf.delete(product.id);
    this.#products[slot] = undefined;
    this.#free.push(slot);
  }

  #insertSorted(slots: number[], slot: number, compare: Compare): void {
    const product = this.#products[slot]!;
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.#products[slots[middle]!]!, product) < 0) low = middle + 1;
      else high = middle;
    }
    slots.splice(low, 0, slot);
  }

  #setOf<K>(sets: Map<K, SlotSet>, key: K): SlotSet {
    let set = sets.get(key);
    if (!set) {
      set = new SlotSet();
      sets.set(key, set);
    }
    return set;
  }

  #union<K>(sets: Map<K, SlotSet>, keys: readonly K[]): SlotSet {
    const union = new SlotSet();
    for (const key of keys) union.unite(sets.get(key));
    return union;
  }

  #slotsOf(ids: readonly number[]): SlotSet {
    const set = new SlotSet();
    for (const id of ids) {
      const slot = this.#slotOf.get(id);
      if (slot !== undefined) set.add(slot);
    }
    return set;
  }
}
