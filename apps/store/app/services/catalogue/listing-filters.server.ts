import { attributes, attributeTerms, type Database } from "@vitrine/db";
import { asc, eq, isNull } from "drizzle-orm";
import type { ListingFacets } from "../../lib/catalogue.ts";
import { type ListingQuery, stockFilterValues } from "../../lib/listing-query.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import { pickTranslation } from "../shared/translations.server.ts";
import type { ListingFilter, ListingIndex } from "./listing-index.server.ts";

/**
 * The shop's layered navigation, as WooCommerce's: a listing narrowed by category, price, stock and
 * attribute terms (`filter_color=blue,red`, each attribute matching all its chosen terms, or any with
 * `query_type_color=or`), and how many products of the listing each term and stock status would
 * give. The listing and its counts come from one in-memory index (listing-index.server.ts), so the
 * two never disagree.
 */

/** The attributes and their terms, by slug: what an address's filter names are looked up in. */
export type AttributeCatalogue = Array<{
  id: number;
  slug: string;
  label: string;
  terms: Array<{ id: number; slug: string; label: string }>;
}>;

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

/**
 * The sidebar's filters for a listing: each attribute's terms with the number of products choosing
 * them would show (terms that would show none are left out unless chosen), and the same for stock.
 * Every term counted with all filters, except an "or" attribute's own terms, counted without its own
 * filter; the stock states counted without the stock filter.
 */
export function listingFacets(
  index: ListingIndex,
  catalogue: AttributeCatalogue,
  filter: ListingFilter,
): ListingFacets {
  const kept = index.match(filter);
  const attributeFacets = catalogue.map((attribute) => {
    const chosen = filter.attributes?.[attribute.slug];
    const within = chosen?.queryType === "or" ? index.match(filter, { attribute: attribute.slug }) : kept;
    const counts = index.termCounts(
      within,
      attribute.terms.map((term) => term.id),
    );
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
  const stockCounts = index.stockCounts(filter.stock?.length ? index.match(filter, { stock: true }) : kept);
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

/** How many of a search's results (in rank order) the shop's filters narrow, at most. */
export const FILTERED_SEARCH_LIMIT = 5000;

/**
 * A search's results narrowed by the shop's filters: `rankedIds` (the search's hits, best first)
 * that the filter keeps, still in rank order, and the filters' counts over them.
 */
export function filterRanked(
  index: ListingIndex,
  catalogue: AttributeCatalogue,
  rankedIds: readonly number[],
  filter: ListingFilter,
): { ids: number[]; facets: ListingFacets } {
  const within = { ...filter, ids: rankedIds };
  const kept = index.match(within);
  return {
    ids: rankedIds.filter((id) => index.has(id, kept)),
    facets: listingFacets(index, catalogue, within),
  };
}
