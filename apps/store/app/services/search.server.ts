import { type Database, selectRows } from "@vitrine/db";
import { type SQL, sql } from "drizzle-orm";
import { normaliseQuery } from "../features/search/search-rules.ts";
import { locales } from "../i18n/i18n.ts";
import {
  type CategoryNode,
  categoryTree,
  type Price,
  type ProductCard,
  productCardsByIds,
} from "./catalogue.server.ts";
import { MEDIA_URL_PREFIX } from "./media.server.ts";

export type SearchOptions = {
  locale: string;
  query: string;
  /** A category slug; its subcategories are included. An unknown slug matches nothing. */
  categorySlug?: string | undefined;
  limit: number;
  offset?: number;
};

export type SearchHit = { id: number; slug: string; name: string; rank: SearchRank };
/** 0: the name (or SKU) is the query; 1: the name starts with it; 2: it appears elsewhere. */
export type SearchRank = 0 | 1 | 2;
export type SearchPage = { hits: SearchHit[]; total: number };

/** `%`, `_` and `\` are literal characters in a shopper's query, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A store language as an SQL literal, so the planner sees which per-language partial index
 * (migration 0003) a condition can use; a bound parameter would hide it from a generic plan.
 */
function localeLiteral(locale: string): SQL {
  if (!(locales as readonly string[]).includes(locale))
    throw new RangeError(`Unknown store language: ${locale}`);
  return sql.raw(`'${locale}'`);
}

/** Search text of a translation: what the trigram indexes of migration 0003 are built on. */
const searchText = sql.raw(`(t.name || ' ' || t.short_description || ' ' || t.description)`);

const UNTRANSLATED_CHECK_MS = 10 * 60_000;
const untranslatedChecks = new WeakMap<Database, Map<string, { at: number; any: boolean }>>();

/**
 * Whether any product lacks text in this language (and is then read in English). Counting costs a
 * few hundred milliseconds on a large embedded catalogue, so the answer is kept for ten minutes: only
 * seeding adds products (the API edits stock, prices and status, never texts), and the answer only
 * decides whether suggestions also look at English texts for Spanish shoppers.
 */
async function hasUntranslatedProducts(db: Database, locale: string): Promise<boolean> {
  if (locale === "en") return false;
  let checks = untranslatedChecks.get(db);
  if (!checks) {
    checks = new Map();
    untranslatedChecks.set(db, checks);
  }
  const known = checks.get(locale);
  if (known && Date.now() - known.at < UNTRANSLATED_CHECK_MS) return known.any;
  // One translation per product and language (the primary key): fewer rows means some are missing.
  const [row] = await selectRows<{ any: boolean }>(
    db,
    sql`select (select count(*) from products) > (select count(*) from product_translations where locale = ${locale}) as any`,
  );
  const any = Boolean(row?.any);
  checks.set(locale, { at: Date.now(), any });
  return any;
}

/** Products in the category with this slug or any category under it (none for an unknown slug). */
function categoryFilter(categorySlug: string | undefined): SQL {
  if (!categorySlug) return sql``;
  return sql`and exists (
      select 1 from product_categories pc
      where pc.product_id = p.id and pc.category_id in (
        with recursive tree(id) as (
          select id from categories where slug = ${categorySlug}
          union all
          select c.id from categories c join tree on c.parent_id = tree.id
        )
        select id from tree))`;
}

/**
 * Published products whose name, SKU, short description or description contains the query, read in
 * the shopper's language (a product without a translation in it is read in English). Ranked: name or
 * SKU equal to the query, then name starting with it, then anything else; shorter names first
 * within a rank.
 */
export async function searchProducts(db: Database, options: SearchOptions): Promise<SearchPage> {
  const query = normaliseQuery(options.query);
  if (query === "") return { hits: [], total: 0 };
  const contains = `%${escapeLike(query)}%`;
  const startsWith = `${escapeLike(query)}%`;
  const { locale } = options;
  const offset = options.offset ?? 0;
  const inCategory = categoryFilter(options.categorySlug);

  // The two materialized scans are what the trigram indexes of migration 0002 answer, on their own:
  // joined with the language filter, the planner would rather walk the primary key.
  const rows = await selectRows<{
    id: number;
    slug: string;
    name: string;
    rank: number;
    total: string | number;
  }>(
    db,
    sql`with text_hits as materialized (
        select t.product_id, t.locale, t.name from product_translations t
        where (t.locale = ${localeLiteral(locale)} and ${searchText} ilike ${contains})
          ${locale === "en" ? sql`` : sql`or (t.locale = 'en' and ${searchText} ilike ${contains})`}
      ),
      sku_hits as materialized (
        select id from products where sku ilike ${contains}
      ),
      found as (
        select product_id as id, name, false as sku_match from text_hits h
        where h.locale = ${locale}
          or (h.locale = 'en' and not exists (
            select 1 from product_translations own where own.product_id = h.product_id and own.locale = ${locale}))
        union all
        select s.id, coalesce(l.name, f.name), true from sku_hits s
        left join product_translations l on l.product_id = s.id and l.locale = ${locale}
        left join product_translations f on f.product_id = s.id and f.locale = 'en'
      ),
      ranked as (
        select p.id, p.slug, coalesce(found.name, p.slug) as name,
          min(case
            when lower(coalesce(found.name, p.slug)) = lower(${query}) or (found.sku_match and lower(p.sku) = lower(${query})) then 0
            when coalesce(found.name, p.slug) ilike ${startsWith} then 1
            else 2
          end) as rank
        from found
        join products p on p.id = found.id
        where p.status = 'publish' ${inCategory}
        group by p.id, p.slug, coalesce(found.name, p.slug)
      )
      select id, slug, name, rank, count(*) over () as total
      from ranked
      order by rank, length(name), name, id
      limit ${options.limit} offset ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    // Past the last page the window count has no row to ride on; ask for it directly.
    total = (await searchProducts(db, { ...options, limit: 1, offset: 0 })).total;
  }
  return {
    hits: rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      rank: Number(row.rank) as SearchRank,
    })),
    total,
  };
}

/**
 * Live-search suggestions: the same matching and ranks as {@link searchProducts}, but with bounded
 * work, so a three-letter query on a large catalogue costs a few index probes rather than a sort of
 * every match. There is no total. Phase one reads names equal to or starting with the query (and a
 * whole SKU) in name order from the prefix index, so within ranks 0 and 1 names are alphabetical.
 * Phase two, only when phase one left room, takes the first other matches (names, descriptions, part
 * of a SKU) that the trigram indexes give, shortest name first among them.
 */
export async function suggestProducts(
  db: Database,
  options: Omit<SearchOptions, "offset">,
): Promise<SearchHit[]> {
  const query = normaliseQuery(options.query);
  if (query === "") return [];
  const { locale, limit } = options;
  const lowered = query.toLowerCase();
  const own = localeLiteral(locale);
  const inCategory = categoryFilter(options.categorySlug);
  const fallback = await hasUntranslatedProducts(db, locale);
  // A product with no text in the shopper's language is read in English.
  const untranslated = sql`not exists (
      select 1 from product_translations own where own.product_id = t.product_id and own.locale = ${own})`;
  const readable = fallback
    ? sql`(t.locale = ${own} or (t.locale = 'en' and ${untranslated}))`
    : sql`t.locale = ${own}`;
  const namePrefix = (language: SQL, extra: SQL) =>
    sql`(select p.id, p.slug, t.name, false as sku_match from product_translations t
          join products p on p.id = t.product_id
          where t.locale = ${language} and lower(t.name) like lower(${`${escapeLike(query)}%`}) ${extra}
            and p.status = 'publish' ${inCategory}
          order by lower(t.name) using ~<~, p.id
          limit ${limit})`;

  const prefixRows = await selectRows<{ id: number; slug: string; name: string; sku_match: boolean }>(
    db,
    sql`${namePrefix(own, sql``)}
        ${fallback ? sql`union all ${namePrefix(sql.raw("'en'"), sql`and ${untranslated}`)}` : sql``}
        union all
        (select p.id, p.slug, coalesce(t.name, p.slug), true from products p
          left join product_translations t on t.product_id = p.id and ${readable}
          where lower(p.sku) = lower(${query}) and p.status = 'publish' ${inCategory}
          limit 1)`,
  );
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0;
  const hits = new Map<number, SearchHit>();
  const prefixHits = prefixRows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    rank: (row.sku_match || row.name.toLowerCase() === lowered ? 0 : 1) as SearchRank,
  }));
  for (const hit of prefixHits.sort((a, b) => a.rank - b.rank || byName(a, b) || a.id - b.id)) {
    if (!hits.has(hit.id)) hits.set(hit.id, hit);
  }
  if (hits.size < limit) {
    const contains = `%${escapeLike(query)}%`;
    const wanted = limit + hits.size;
    const textMatches = (language: SQL, extra: SQL) =>
      sql`(select p.id, p.slug, t.name from product_translations t
            join products p on p.id = t.product_id
            where t.locale = ${language} and ${searchText} ilike ${contains} ${extra}
              and p.status = 'publish' ${inCategory}
            limit ${wanted})`;
    const otherRows = await selectRows<{ id: number; slug: string; name: string }>(
      db,
      sql`${textMatches(own, sql``)}
          ${fallback ? sql`union all ${textMatches(sql.raw("'en'"), sql`and ${untranslated}`)}` : sql``}
          union all
          (select p.id, p.slug, coalesce(t.name, p.slug) from products p
            left join product_translations t on t.product_id = p.id and ${readable}
            where p.sku ilike ${contains} and p.status = 'publish' ${inCategory}
            limit ${wanted})`,
    );
    const others = otherRows
      .map((row) => ({ id: Number(row.id), slug: row.slug, name: row.name }))
      .filter((row) => !hits.has(row.id))
      .sort((a, b) => a.name.length - b.name.length || byName(a, b) || a.id - b.id);
    for (const row of others) if (!hits.has(row.id)) hits.set(row.id, { ...row, rank: 2 });
  }
  return [...hits.values()].slice(0, limit);
}

/** A page of full results as product cards, in ranking order. */
export async function searchProductCards(
  db: Database,
  options: SearchOptions,
): Promise<{ products: ProductCard[]; total: number }> {
  const page = await searchProducts(db, options);
  return {
    products: await productCardsByIds(
      db,
      page.hits.map((hit) => hit.id),
      options.locale,
    ),
    total: page.total,
  };
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

export type SuggestionDetails = { price: Price; img: string };

/**
 * Price and thumbnail of each product, in one statement: a suggestion list is asked for on every
 * pause in typing, so it stays at two queries (the search and this).
 */
export async function suggestionDetails(
  db: Database,
  ids: number[],
): Promise<Map<number, SuggestionDetails>> {
  const details = new Map<number, SuggestionDetails>();
  if (ids.length === 0) return details;
  const rows = await selectRows<{
    id: number;
    regular: number;
    sale: number | null;
    low: number | null;
    high: number | null;
    path: string | null;
  }>(
    db,
    sql`select p.id, p.regular_price as regular, p.sale_price as sale,
        (select min(coalesce(v.sale_price, v.regular_price)) from variations v where v.product_id = p.id) as low,
        (select max(coalesce(v.sale_price, v.regular_price)) from variations v where v.product_id = p.id) as high,
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
      img: row.path === null ? "" : MEDIA_URL_PREFIX + row.path,
    });
  }
  return details;
}
