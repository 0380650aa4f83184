import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { createI18n } from "../../i18n/i18n.ts";
import { EMPTY_QUERY, listingSearch } from "../../lib/listing-query.ts";
import { pagesAround } from "../../lib/paging.ts";
import { normaliseQuery } from "../../lib/search-rules.ts";
import { PER_PAGE, productCardsByIds } from "../../services/catalogue/catalogue.server.ts";
import {
  FILTERED_SEARCH_LIMIT,
  filterRanked,
  resolveAttributeFilters,
  sharedAttributeCatalogue,
} from "../../services/catalogue/listing-filters.server.ts";
import { parseListingQuery } from "../../services/catalogue/listing-query.server.ts";

const MAX_PAGE = 10_000;

const paramsSchema = z.object({
  s: z.string().max(1000).catch(""),
  product_cat: z
    .string()
    .max(200)
    .regex(/^[\p{L}\p{N}_-]+$/u)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

/**
 * `/search?s=Q[&product_cat=SLUG][&page=N]`: the full results behind the header search, in rank
 * order, narrowed by the shop's attribute, stock and price filters (`filter_color=…`, decision 0059),
 * whose counts are over the results.
 */
export async function loadSearchResults(context: AppLoadContext, url: URL) {
  const { db, locale, productSearch } = context;
  const parsed = paramsSchema.parse({
    s: url.searchParams.get("s") ?? "",
    product_cat: url.searchParams.get("product_cat") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
  const query = normaliseQuery(parsed.s);
  const page = parsed.page;
  // The sort is the search's own (relevance): only the filters are read from the address.
  const asked = { ...parseListingQuery(url.searchParams), orderby: EMPTY_QUERY.orderby };
  const catalogue = await sharedAttributeCatalogue(context, locale);
  const attributes = resolveAttributeFilters(catalogue, asked.attributes);
  const hits = query
    ? await productSearch.search({
        locale,
        query,
        categorySlug: parsed.product_cat,
        limit: FILTERED_SEARCH_LIMIT,
      })
    : { hits: [], total: 0 };
  const narrowed = filterRanked(
    await context.productListings.current(),
    catalogue,
    hits.hits.map((hit) => hit.id),
    {
      minPrice: asked.minPrice === null ? undefined : Math.round(asked.minPrice * 100),
      maxPrice: asked.maxPrice === null ? undefined : Math.round(asked.maxPrice * 100),
      attributes: attributes.filter,
      stock: asked.stock,
    },
  );
  const results = {
    products: await productCardsByIds(
      db,
      narrowed.ids.slice((page - 1) * PER_PAGE, page * PER_PAGE),
      locale,
      context.siteCache,
      await context.shownPrices(),
    ),
    total: narrowed.ids.length,
  };
  const pageCount = Math.max(1, Math.ceil(results.total / PER_PAGE));
  if (page > pageCount) throw data(null, { status: 404 });

  const { t } = createI18n(locale);
  const listingQuery = { ...asked, attributes: attributes.query };
  /** What every link of the results carries: the search, its category, and the filters. */
  const searchParams = new URLSearchParams({ s: query });
  if (parsed.product_cat) searchParams.set("product_cat", parsed.product_cat);
  const pageQuery = (n: number) => {
    const next = new URLSearchParams([...searchParams, ...listingSearch(listingQuery)]);
    if (n > 1) next.set("page", String(n));
    return `/search?${next}`;
  };
  return {
    query,
    title: query ? t("search.resultsTitle", { query }) : t("search.title"),
    products: results.products,
    total: results.total,
    listingQuery,
    facets: narrowed.facets,
    /** The search's own parameters, which the filters' links keep. */
    keep: Object.fromEntries(searchParams),
    page,
    pageCount,
    pageLinks: pagesAround(page, pageCount).map((n) => ({ page: n, href: pageQuery(n) })),
    previous: page > 1 ? pageQuery(page - 1) : null,
    next: page < pageCount ? pageQuery(page + 1) : null,
  };
}
