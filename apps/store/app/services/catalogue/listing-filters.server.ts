import {
  attributes,
  attributeTerms,
  type Database,
  productAttributeTerms,
  productCategories,
  products,
} from "@vitrine/db";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { ListingFacets } from "../../lib/catalogue.ts";
import { type ListingQuery, type StockFilter, stockFilterValues } from "../../lib/listing-query.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import { pickTranslation } from "../shared/translations.server.ts";

/**
 * The shop's layered navigation, as WooCommerce's: a listing narrowed by category, price, stock and
 * attribute terms (`filter_color=blue,red`, each attribute matching all its chosen terms, or any with
 * `query_type_color=or`), and how many products of the listing each term and stock status would
 * give. One `where` for the listing and its counts, so the two never disagree.
 */

/** The attributes and their terms, by slug: what an address's filter names are looked up in. */
export type AttributeCatalogue = Array<{
  id: number;
  slug: string;
  label: string;
  terms: Array<{ id: number; slug: string; label: string }>;
}>;

/** What narrows a listing, with the address's slugs resolved to ids. */
export type ListingFilter = {
  /** Only these products (a search's results). */
  ids?: number[];
  categoryIds?: number[];
  /** Bounds on the price a shopper pays (the sale price when on sale), in minor units. */
  minPrice?: number;
  maxPrice?: number;
  /** By attribute slug: its chosen terms' ids and how they combine. */
  attributes?: Record<string, { termIds: number[]; queryType: "and" | "or" }>;
  stock?: StockFilter[];
};

/** The price a shopper pays: the sale price when on sale. */
export const effectivePrice = sql`coalesce(${products.salePrice}, ${products.regularPrice})`;

/** The stock status a shopper sees (catalogue.server.ts `stockOf`: a count of 0 is out of stock). */
const stockState = sql<StockFilter>`case
  when ${products.stockStatus} = 'outofstock' or ${products.stockQuantity} = 0 then 'outofstock'
  when ${products.stockStatus} = 'onbackorder' then 'onbackorder'
  else 'instock' end`;

const hasTerm = (termIds: number[]) =>
  sql`exists (select 1 from ${productAttributeTerms} where ${productAttributeTerms.productId} = ${products.id} and ${inArray(productAttributeTerms.termId, termIds)})`;

/**
 * The listing's condition on `products`. `except` leaves out one attribute's filter, or the stock
 * filter: an "or" attribute's counts say what choosing one more of its terms would give.
 */
export function listingWhere(filter: ListingFilter, except?: { attribute?: string; stock?: true }): SQL {
  const conditions: SQL[] = [eq(products.status, "publish")];
  if (filter.ids) conditions.push(filter.ids.length > 0 ? inArray(products.id, filter.ids) : sql`false`);
  if (filter.categoryIds) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, filter.categoryIds)})`,
    );
  }
  if (filter.minPrice !== undefined) conditions.push(sql`${effectivePrice} >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql`${effectivePrice} <= ${filter.maxPrice}`);
  for (const [slug, { termIds, queryType }] of Object.entries(filter.attributes ?? {})) {
    if (slug === except?.attribute) continue;
    if (queryType === "or") conditions.push(hasTerm(termIds));
    else for (const termId of termIds) conditions.push(hasTerm([termId]));
  }
  if (filter.stock && filter.stock.length > 0 && !except?.stock) {
    conditions.push(sql`${stockState} in ${filter.stock}`);
  }
  return and(...conditions)!;
}

async function loadAttributeCatalogue(db: Database, locale: string): Promise<AttributeCatalogue> {
  const [attributeRows, termRows] = await Promise.all([
    // Global attributes only: a product's own (decision 0060) are not the shop's filters.
    db.select().from(attributes).where(isNull(attributes.productId)).orderBy(asc(attributes.id)),
    db
      .select({ attributeTerms })
      .from(attributeTerms)
      .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
      .where(isNull(attributes.productId))
      .orderBy(asc(attributeTerms.attributeId), asc(attributeTerms.position), asc(attributeTerms.id))
      .then((rows) => rows.map((row) => row.attributeTerms)),
  ]);
  return attributeRows.map((attribute) => {
    const terms = termRows
      .filter((term) => term.attributeId === attribute.id)
      .map((term) => ({
        id: term.id,
        slug: term.slug,
        label: pickTranslation(term.label, locale, term.slug),
      }));
    if (attribute.orderby === "name") terms.sort((a, b) => a.label.localeCompare(b.label, locale));
    return {
      id: attribute.id,
      slug: attribute.slug,
      label: pickTranslation(attribute.label, locale, attribute.slug),
      terms,
    };
  });
}

/** The attribute catalogue as every page of a process shares it, until the change feed announces a change. */
export function sharedAttributeCatalogue(
  context: { db: Database; siteCache: SiteCache },
  locale: string,
): Promise<AttributeCatalogue> {
  return context.siteCache.get(`attributes:${locale}`, () => loadAttributeCatalogue(context.db, locale));
}

/**
 * The address's attribute filters as ids. A filter naming an attribute or terms the store does not
 * have is left out: a stale shared link shows the listing rather than nothing.
 */
export function resolveAttributeFilters(
  catalogue: AttributeCatalogue,
  chosen: ListingQuery["attributes"],
): { filter: NonNullable<ListingFilter["attributes"]>; query: ListingQuery["attributes"] } {
  const filter: NonNullable<ListingFilter["attributes"]> = {};
  const query: ListingQuery["attributes"] = {};
  for (const [slug, { terms, queryType }] of Object.entries(chosen)) {
    const attribute = catalogue.find((candidate) => candidate.slug === slug);
    const known = attribute?.terms.filter((term) => terms.includes(term.slug)) ?? [];
    if (known.length === 0) continue;
    filter[slug] = { termIds: known.map((term) => term.id), queryType };
    query[slug] = { terms: known.map((term) => term.slug).sort(), queryType };
  }
  return { filter, query };
}

/** How many of the listing's products have each term, with `where` applied. */
async function termCounts(db: Database, where: SQL, termIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ termId: productAttributeTerms.termId, count: sql<number>`count(*)::int` })
    .from(productAttributeTerms)
    .innerJoin(products, eq(products.id, productAttributeTerms.productId))
    .where(termIds ? and(where, inArray(productAttributeTerms.termId, termIds)) : where)
    .groupBy(productAttributeTerms.termId);
  return new Map(rows.map((row) => [row.termId, row.count]));
}

/** How many products the listing has: its stock counts, of the chosen states or of all of them. */
export function listingTotal(facets: ListingFacets): number {
  const chosen = facets.stock.filter((option) => option.chosen);
  return (chosen.length > 0 ? chosen : facets.stock).reduce((sum, option) => sum + option.count, 0);
}

/**
 * The sidebar's filters for a listing: each attribute's terms with the number of products choosing
 * them would show (terms that would show none are left out unless chosen), and the same for stock.
 * Side by side: one count over every term with all filters, one per "or" attribute without its own
 * filter, and one for stock without the stock filter.
 */
export async function listingFacets(
  db: Database,
  catalogue: AttributeCatalogue,
  filter: ListingFilter,
): Promise<ListingFacets> {
  const orAttributes = Object.entries(filter.attributes ?? {})
    .filter(([, chosen]) => chosen.queryType === "or")
    .map(([slug]) => slug);
  const [all, stockRows, ...perOr] = await Promise.all([
    termCounts(db, listingWhere(filter)),
    db
      .select({ state: stockState, count: sql<number>`count(*)::int` })
      .from(products)
      .where(listingWhere(filter, { stock: true }))
      .groupBy(stockState),
    ...orAttributes.map((slug) =>
      termCounts(
        db,
        listingWhere(filter, { attribute: slug }),
        catalogue.find((attribute) => attribute.slug === slug)?.terms.map((term) => term.id),
      ),
    ),
  ]);
  const attributeFacets = catalogue.map((attribute) => {
    const chosen = filter.attributes?.[attribute.slug];
    const orIndex = orAttributes.indexOf(attribute.slug);
    const counts = orIndex === -1 ? all : perOr[orIndex]!;
    return {
      slug: attribute.slug,
      label: attribute.label,
      queryType: chosen?.queryType ?? "and",
      terms: attribute.terms
        .map((term) => ({
          slug: term.slug,
          label: term.label,
          count: counts.get(term.id) ?? 0,
          chosen: chosen?.termIds.includes(term.id) ?? false,
        }))
        .filter((term) => term.count > 0 || term.chosen),
    };
  });
  const stockCounts = new Map(stockRows.map((row) => [row.state, row.count]));
  return {
    attributes: attributeFacets.filter((attribute) => attribute.terms.length > 0),
    stock: stockFilterValues
      .map((state) => ({
        state,
        count: stockCounts.get(state) ?? 0,
        chosen: filter.stock?.includes(state) ?? false,
      }))
      .filter((option) => option.count > 0 || option.chosen),
  };
}

/** How many of a search's results (in rank order) the shop's filters narrow it to, at most. */
export const FILTERED_SEARCH_LIMIT = 5000;

/**
 * A search's results narrowed by the shop's filters: `rankedIds` (the search's hits, best first)
 * that the filter keeps, still in rank order, and the filters' counts over them.
 */
export async function filterRanked(
  db: Database,
  catalogue: AttributeCatalogue,
  rankedIds: number[],
  filter: ListingFilter,
): Promise<{ ids: number[]; facets: ListingFacets }> {
  const within = { ...filter, ids: rankedIds };
  const narrows =
    filter.minPrice !== undefined ||
    filter.maxPrice !== undefined ||
    (filter.stock?.length ?? 0) > 0 ||
    Object.keys(filter.attributes ?? {}).length > 0;
  const [kept, facets] = await Promise.all([
    // The search answers published products only: without a filter, every hit stays.
    narrows ? db.select({ id: products.id }).from(products).where(listingWhere(within)) : null,
    listingFacets(db, catalogue, within),
  ]);
  if (!kept) return { ids: rankedIds, facets };
  const keep = new Set(kept.map((row) => row.id));
  return { ids: rankedIds.filter((id) => keep.has(id)), facets };
}
