import { type Database, selectRows } from "@vitrine/db";
import { type SQL, sql } from "drizzle-orm";
import type { StockFilter } from "../../lib/listing-query.ts";
import { stockOf } from "./catalogue.server.ts";
import { type ListedProduct, ListingIndex } from "./listing-index.server.ts";
import { activeSale } from "./sale-dates.server.ts";

/** Products read per statement while building: each statement stays short, so pages are served between. */
const READ_BATCH = 5000;

const PRODUCT_TAG = /^product-(\d+)$/;

/**
 * The shop's listings in one server process (decision 0061): a {@link ListingIndex} built on first
 * use or by `warm()` once the server listens, and kept in step through the change feed. A change
 * naming products (`product-N` page tags: an order's stock and sales, an owner's edit, a review)
 * makes the next listing first read those products again; any other change (categories,
 * attributes, media: changes that name no product) rebuilds the index before the next listing.
 * Whoever changes what a listing shows of a product announces it with the product's tag, as the
 * page cache already needs.
 */
export class ProductListings {
  readonly #db: Database;
  /** The index as the next listing must see it: the last build or refresh, perhaps still under way. */
  #index: Promise<ListingIndex> | undefined;
  /** Products to read again before the next listing, or every product. */
  #changed: Set<number> | "all" = new Set();
  #generation = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The change feed's page tags, or null for a change that names no product. */
  catalogueChanged(tags: readonly string[] | null): void {
    this.#generation++;
    if (this.#changed === "all") return;
    if (!tags) {
      this.#changed = "all";
      return;
    }
    for (const tag of tags) {
      const id = PRODUCT_TAG.exec(tag)?.[1];
      if (id !== undefined) this.#changed.add(Number(id));
    }
  }

  /**
   * How many catalogue changes this process has heard of: what was read from the catalogue while
   * it stays the same still holds (an import's preview).
   */
  get generation(): number {
    return this.#generation;
  }

  /** Starts building the index in the background, so the first shopper's listing does not wait for it. */
  warm(): void {
    this.current().catch(() => {});
  }

  /** The index with every announced change read. */
  current(): Promise<ListingIndex> {
    const changed = this.#changed;
    if (!this.#index || changed === "all") {
      this.#changed = new Set();
      return this.#keep(buildIndex(this.#db));
    }
    if (changed.size > 0) {
      this.#changed = new Set();
      const previous = this.#index;
      return this.#keep(previous.then((index) => refreshIndex(this.#db, index, [...changed])));
    }
    return this.#index;
  }

  /** The index as the next caller must see it; dropped if it fails, so that the next one builds afresh. */
  #keep(index: Promise<ListingIndex>): Promise<ListingIndex> {
    this.#index = index;
    index.catch(() => {
      if (this.#index === index) this.#index = undefined;
    });
    return index;
  }
}

/** Every published product, a batch at a time. */
async function buildIndex(db: Database): Promise<ListingIndex> {
  const read: ListedProduct[] = [];
  for (let lastId = 0; ; ) {
    const [bound] = await selectRows<{ id: number }>(
      db,
      sql`select id from products where id > ${lastId} order by id offset ${READ_BATCH - 1} limit 1`,
    );
    const batch = await readListed(
      db,
      bound ? sql`p.id > ${lastId} and p.id <= ${bound.id}` : sql`p.id > ${lastId}`,
    );
    read.push(...batch.values());
    if (!bound) break;
    lastId = Number(bound.id);
  }
  return new ListingIndex(read);
}

/** The index with some products read again: changed, new, unpublished or deleted. */
async function refreshIndex(db: Database, index: ListingIndex, ids: number[]): Promise<ListingIndex> {
  const read = await readListed(db, sql`p.id in ${ids}`);
  for (const id of ids) index.update(id, read.get(id) ?? null);
  return index;
}

/**
 * The published products `where` picks (a condition on `products p`), with their terms and
 * categories. Plain statements: at 100,000 products, mapping rows to Drizzle's objects costs more
 * than reading them.
 */
async function readListed(db: Database, where: SQL): Promise<Map<number, ListedProduct>> {
  // Listed when published and not kept to search results or hidden (decision 0079).
  const published = sql`p.status = 'publish' and p.catalog_visibility in ('visible', 'catalog') and ${where}`;
  const [rows, terms, links, tagged] = await Promise.all([
    selectRows<{
      id: number;
      price: number;
      stock_status: string;
      stock_quantity: number | null;
      menu_order: number;
      total_sales: number;
      rating: number;
      review_count: number;
      created: number;
    }>(
      db,
      // A grouped product sorts and filters by its cheapest published child (decision 0076).
      sql`select p.id, case when p.type = 'grouped' then coalesce((select min(coalesce(${activeSale("c")}, c.regular_price))
          from product_links l join products c on c.id = l.linked_product_id
          where l.product_id = p.id and l.kind = 'grouped' and c.status = 'publish'), 0)
        else coalesce(${activeSale("p")}, p.regular_price) end as price, p.stock_status, p.stock_quantity,
        p.menu_order, p.total_sales, round(p.average_rating * 100)::int as rating, p.review_count,
        (extract(epoch from p.created_at) * 1000000)::float8 as created
        from products p where ${published}`,
    ),
    selectRows<{ product_id: number; term_id: number }>(
      db,
      // The shop filters by global attributes only: a product's own (decision 0060) are left out.
      sql`select t.product_id, t.term_id from product_attribute_terms t
        join products p on p.id = t.product_id
        join attribute_terms term on term.id = t.term_id
        join attributes a on a.id = term.attribute_id and a.product_id is null
        where ${published}`,
    ),
    selectRows<{ product_id: number; category_id: number }>(
      db,
      sql`select c.product_id, c.category_id from product_categories c
        join products p on p.id = c.product_id where ${published}`,
    ),
    selectRows<{ product_id: number; tag_id: number }>(
      db,
      sql`select t.product_id, t.tag_id from product_tags t join products p on p.id = t.product_id where ${published}`,
    ),
  ]);
  const listed = new Map<
    number,
    ListedProduct & { termIds: number[]; categoryIds: number[]; tagIds: number[] }
  >();
  for (const row of rows) {
    const id = Number(row.id);
    listed.set(id, {
      id,
      price: Number(row.price),
      stock: stockState(row.stock_status, row.stock_quantity === null ? null : Number(row.stock_quantity)),
      categoryIds: [],
      termIds: [],
      tagIds: [],
      menuOrder: Number(row.menu_order),
      totalSales: Number(row.total_sales),
      rating: Number(row.rating),
      reviewCount: Number(row.review_count),
      created: Number(row.created),
    });
  }
  // A product changed between these statements is read again after its change is announced.
  for (const term of terms) listed.get(Number(term.product_id))?.termIds.push(Number(term.term_id));
  for (const link of links) listed.get(Number(link.product_id))?.categoryIds.push(Number(link.category_id));
  for (const tag of tagged) listed.get(Number(tag.product_id))?.tagIds.push(Number(tag.tag_id));
  return listed;
}

/** The stock state a shopper sees, by the cards' own rule (`stockOf`); low stock is in stock. */
function stockState(stockStatus: string, stockQuantity: number | null): StockFilter {
  const { state } = stockOf({ stockStatus, stockQuantity });
  return state === "lowstock" ? "instock" : state;
}
