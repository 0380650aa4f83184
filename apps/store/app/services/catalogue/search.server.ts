import { categories, type Database, selectRows } from "@vitrine/db";
import { type SQL, sql } from "drizzle-orm";
import { locales } from "../../i18n/i18n.ts";
import type { CategoryNode, Price } from "../../lib/catalogue.ts";
import { normaliseQuery } from "../../lib/search-rules.ts";
import type { TaxStatus } from "../../lib/totals/totals-types.ts";
import { mediaAddress } from "../media/media-address.server.ts";
import { FALLBACK_LOCALE } from "../shared/translations.server.ts";
import type { EnteredPrices } from "../taxes/shown-prices.server.ts";
import { categoryTree } from "./catalogue.server.ts";
import { activeSale } from "./sale-dates.server.ts";
import {
  type IndexedCategory,
  type IndexedProduct,
  type IndexedText,
  type SearchHit,
  SearchIndex,
  type SearchPage,
} from "./search-index.server.ts";

export type { SearchHit, SearchPage, SearchRank } from "./search-index.server.ts";

export type SearchOptions = {
  locale: string;
  query: string;
  /** A category slug; its subcategories are included. An unknown slug matches nothing. */
  categorySlug?: string | undefined;
  limit: number;
  offset?: number;
};

/** `%`, `_` and `\` are literal characters in a shopper's query, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Products read per statement while building the index: each statement stays short, so pages are
 * served in between (on PGlite every statement runs on the server's own thread).
 */
const READ_BATCH = 1000;
/**
 * A refresh also reads the products changed in the minute before the previous read: longer than a
 * write takes to commit after it stamps `updated_at`, and than two servers' clocks disagree.
 */
const CHANGE_OVERLAP_MS = 60_000;
/** Products whose suggestion details are kept: the popular ones, in a few hundred kilobytes. */
const DETAILS_KEPT = 5000;

/** The index, and how far into the catalogue's changes it has read. */
type Snapshot = {
  index: SearchIndex;
  /** The newest `updated_at` read, and when (this server's clock) the last read began. */
  newestChange: number;
  readAt: number;
  lastId: number;
};

/**
 * The catalogue's search in one server process (decision 0020): an in-memory {@link SearchIndex},
 * built on first use or by `warm()` once the server listens. Every change the change feed announces
 * (from this process or any other on the database) makes the next search first read the products
 * whose `updated_at` moved, or that are new: a new status, SKU, slug or category is taken in place;
 * new products or changed texts rebuild the index. Whoever changes a product's search-relevant data
 * (texts, categories, status, SKU) stamps its `updated_at` and announces a change.
 */
export class ProductSearch {
  readonly #db: Database;
  /** The index as the next search must see it: the last build or refresh, perhaps still under way. */
  #snapshot: Promise<Snapshot> | undefined;
  #stale = false;
  /** Suggestion details by product, read once until the catalogue changes (the oldest go first). */
  #details = new Map<number, SuggestionDetails>();
  /** Counts changes, so that details read before one are not kept after it. */
  #changes = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The catalogue may have changed: the next search reads what did first. */
  catalogueChanged(): void {
    this.#stale = true;
    this.#changes++;
    this.#details.clear();
  }

  /** Starts building the index in the background, so the first shopper's search does not wait for it. */
  warm(): void {
    this.#current().catch(() => {});
  }

  /**
   * Published products whose name, SKU, short description or description contains the query, read
   * in the shopper's language (a product without a translation in it is read in English). Ranked:
   * name or SKU equal to the query, then name starting with it, then anything else; shorter names
   * first within a rank.
   */
  async search(options: SearchOptions): Promise<SearchPage> {
    const query = normaliseQuery(options.query);
    if (query === "") return { hits: [], total: 0 };
    return (await this.#current()).search({ ...options, query });
  }

  /**
   * Live-search suggestions: the same matches and ranks as {@link search}, the names equal to or
   * starting with the query alphabetically first, then the other matches as the full results order
   * them.
   */
  async suggest(options: Omit<SearchOptions, "offset">): Promise<SearchHit[]> {
    const query = normaliseQuery(options.query);
    if (query === "") return [];
    return (await this.#current()).suggest({ ...options, query });
  }

  /**
   * Price and thumbnail of each product, for the suggestion list. A list is asked for on every pause
   * in typing, so a product's are read once (with the others missing, in one statement) and kept
   * until the catalogue changes, as the page cache keeps the pages that show them.
   */
  async suggestionDetails(ids: number[]): Promise<Map<number, SuggestionDetails>> {
    const found = new Map<number, SuggestionDetails>();
    for (const id of ids) {
      const kept = this.#details.get(id);
      if (kept) found.set(id, kept);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    const changes = this.#changes;
    const read = await readSuggestionDetails(this.#db, missing);
    for (const [id, details] of read) {
      found.set(id, details);
      if (changes === this.#changes) this.#details.set(id, details);
    }
    for (const id of this.#details.keys()) {
      if (this.#details.size <= DETAILS_KEPT) break;
      this.#details.delete(id);
    }
    return found;
  }

  async #current(): Promise<SearchIndex> {
    if (!this.#snapshot) {
      this.#stale = false;
      this.#snapshot = this.#forgetIfFailed(buildSnapshot(this.#db));
    } else if (this.#stale) {
      this.#stale = false;
      const previous = this.#snapshot;
      this.#snapshot = this.#forgetIfFailed(previous.then((snapshot) => refreshSnapshot(this.#db, snapshot)));
    }
    return (await this.#snapshot).index;
  }

  /** A failed build or refresh is dropped, so that the next search builds afresh. */
  #forgetIfFailed(snapshot: Promise<Snapshot>): Promise<Snapshot> {
    snapshot.catch(() => {
      if (this.#snapshot === snapshot) this.#snapshot = undefined;
    });
    return snapshot;
  }
}

/** Every product, a batch at a time, into a new index. */
async function buildSnapshot(db: Database): Promise<Snapshot> {
  const readAt = Date.now();
  const read: IndexedProduct[] = [];
  let newestChange = 0;
  let lastId = 0;
  for (let more = true; more; ) {
    const [bound] = await selectRows<{ id: number }>(
      db,
      sql`select id from products where id > ${lastId} order by id offset ${READ_BATCH - 1} limit 1`,
    );
    more = bound !== undefined;
    const batch = await readProducts(
      db,
      bound ? sql`p.id > ${lastId} and p.id <= ${bound.id}` : sql`p.id > ${lastId}`,
    );
    read.push(...batch.products);
    newestChange = Math.max(newestChange, batch.newestChange);
    lastId = bound ? Number(bound.id) : Math.max(lastId, batch.lastId);
  }
  const index = await SearchIndex.build(read, await readCategories(db), {
    locales,
    fallbackLocale: FALLBACK_LOCALE,
  });
  return { index, newestChange, readAt, lastId };
}

/** The snapshot with what changed since it was read: in place when it can be, else rebuilt. */
async function refreshSnapshot(db: Database, snapshot: Snapshot): Promise<Snapshot> {
  const readAt = Date.now();
  const since = new Date(Math.min(snapshot.newestChange, snapshot.readAt - CHANGE_OVERLAP_MS));
  const changed = await readProducts(
    db,
    sql`(p.updated_at >= ${since.toISOString()}::timestamptz or p.id > ${snapshot.lastId})`,
  );
  if (!changed.products.every((product) => snapshot.index.update(product))) return buildSnapshot(db);
  snapshot.index.replaceCategories(await readCategories(db));
  return {
    index: snapshot.index,
    newestChange: Math.max(snapshot.newestChange, changed.newestChange),
    readAt,
    lastId: Math.max(snapshot.lastId, changed.lastId),
  };
}

/**
 * The products `where` picks (a condition on `products p`), with their texts and categories. Plain
 * statements: at 100,000 products, mapping rows to Drizzle's objects costs more than reading them.
 */
async function readProducts(
  db: Database,
  where: SQL,
): Promise<{ products: IndexedProduct[]; newestChange: number; lastId: number }> {
  const rows = await selectRows<{
    id: number;
    slug: string;
    sku: string | null;
    status: string;
    catalog_visibility: string;
    updated_at: Date | string;
  }>(
    db,
    sql`select p.id, p.slug, p.sku, p.status, p.catalog_visibility, p.updated_at from products p where ${where}`,
  );
  const texts = await selectRows<{
    product_id: number;
    locale: string;
    name: string;
    short_description: string;
    description: string;
  }>(
    db,
    sql`select t.product_id, t.locale, t.name, t.short_description, t.description
      from product_translations t join products p on p.id = t.product_id where ${where}`,
  );
  const links = await selectRows<{ product_id: number; category_id: number }>(
    db,
    sql`select c.product_id, c.category_id
      from product_categories c join products p on p.id = c.product_id where ${where}`,
  );
  const products = new Map<
    number,
    IndexedProduct & { categoryIds: number[]; texts: Record<string, IndexedText> }
  >();
  let newestChange = 0;
  let lastId = 0;
  for (const row of rows) {
    const id = Number(row.id);
    products.set(id, {
      id,
      slug: row.slug,
      sku: row.sku,
      // Found by a search when published and not kept to the shop's listings or hidden (decision 0079).
      published:
        row.status === "publish" &&
        (row.catalog_visibility === "visible" || row.catalog_visibility === "search"),
      categoryIds: [],
      texts: {},
    });
    newestChange = Math.max(newestChange, new Date(row.updated_at).getTime());
    lastId = Math.max(lastId, id);
  }
  // A product added between these statements is missing from `rows`: the next refresh reads it.
  for (const text of texts) {
    const product = products.get(Number(text.product_id));
    if (product)
      product.texts[text.locale] = {
        name: text.name,
        shortDescription: text.short_description,
        description: text.description,
      };
  }
  for (const link of links) {
    products.get(Number(link.product_id))?.categoryIds.push(Number(link.category_id));
  }
  return { products: [...products.values()], newestChange, lastId };
}

function readCategories(db: Database): Promise<IndexedCategory[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, slug: categories.slug })
    .from(categories);
}

export type CategoryOption = { slug: string; name: string; depth: number };

/** The category select beside the search box: every category, subcategories indented under theirs. */
export async function searchCategoryOptions(db: Database, locale: string): Promise<CategoryOption[]> {
  const flatten = (nodes: CategoryNode[], depth: number): CategoryOption[] =>
    nodes.flatMap((node) => [
      { slug: node.slug, name: node.name, depth },
      ...flatten(node.children, depth + 1),
    ]);
  return flatten(await categoryTree(db, locale), 0);
}

/** `price` as entered; `entered` what the shopper's shown prices start from (decision 0071). */
export type SuggestionDetails = { price: Price; entered: EnteredPrices; img: string };

/** Price and thumbnail of each product, in one statement. */
async function readSuggestionDetails(db: Database, ids: number[]): Promise<Map<number, SuggestionDetails>> {
  const details = new Map<number, SuggestionDetails>();
  if (ids.length === 0) return details;
  const rows = await selectRows<{
    id: number;
    regular: number;
    sale: number | null;
    low: number | null;
    high: number | null;
    tax_status: TaxStatus;
    tax_class: string;
    ranges: Array<[string, number, number]> | null;
    path: string | null;
  }>(
    db,
    sql`select p.id, p.regular_price as regular, ${activeSale("p")} as sale,
        (select min(coalesce(${activeSale("v")}, v.regular_price)) from variations v where v.product_id = p.id) as low,
        (select max(coalesce(${activeSale("v")}, v.regular_price)) from variations v where v.product_id = p.id) as high,
        p.tax_status, p.tax_class,
        (select json_agg(json_build_array(r.tax_class, r.low, r.high))
          from (select coalesce(nullif(v.tax_class, 'parent'), p.tax_class) as tax_class,
              min(coalesce(${activeSale("v")}, v.regular_price)) as low,
              max(coalesce(${activeSale("v")}, v.regular_price)) as high
            from variations v where v.product_id = p.id group by 1) as r) as ranges,
        (select s.path from product_images i
           join media_sizes s on s.media_id = i.media_id and s.format = 'jpeg'
           where i.product_id = p.id
           order by i.position, s.width limit 1) as path
      from products p
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  for (const row of rows) {
    const own = row.sale ?? row.regular;
    details.set(Number(row.id), {
      price: {
        regular: row.regular,
        sale: row.sale,
        min: row.low === null ? own : Number(row.low),
        max: row.high === null ? own : Number(row.high),
      },
      entered: {
        regular: row.regular,
        sale: row.sale,
        taxStatus: row.tax_status,
        taxClass: row.tax_class,
        ranges: row.ranges,
      },
      img: row.path === null ? "" : mediaAddress(row.path),
    });
  }
  return details;
}
