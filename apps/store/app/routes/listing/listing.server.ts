import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { createI18n } from "../../i18n/i18n.ts";
import type { CategoryNode } from "../../lib/catalogue.ts";
import { listingSearch } from "../../lib/listing-query.ts";
import {
  descendantIds,
  findCategory,
  listProducts,
  sharedCategoryTree,
} from "../../services/catalogue/catalogue.server.ts";
import {
  listingFacets,
  resolveAttributeFilters,
  sharedAttributeCatalogue,
} from "../../services/catalogue/listing-filters.server.ts";
import { parseListingQuery } from "../../services/catalogue/listing-query.server.ts";
import { tagBySlug } from "../../services/catalogue/tags.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";

const MAX_PAGE = 100_000;

export type SidebarCategory = { slug: string; name: string; children: SidebarCategory[] };

/**
 * `/shop`, `/product-category/{slug}` and `/product-tag/{tag}`, each with `/page/N`, `?orderby=` and the sidebar's filters
 * (price, stock, attribute terms: lib/listing-query.ts).
 */
export async function loadListing(
  context: AppLoadContext,
  params: { slug?: string; tag?: string; page?: string },
  url: URL,
) {
  const { db, locale } = context;
  const page = params.page === undefined ? 1 : Number(params.page);
  if (
    !Number.isInteger(page) ||
    page < 1 ||
    page > MAX_PAGE ||
    (params.page !== undefined && !/^\d+$/.test(params.page))
  ) {
    throw data(null, { status: 404 });
  }
  const basePath = params.slug
    ? `/product-category/${params.slug}`
    : params.tag
      ? `/product-tag/${params.tag}`
      : "/shop";
  if (params.page === "1") throw redirect(basePath + url.search, 301);
  const asked = parseListingQuery(url.searchParams);

  const [tree, attributeCatalogue, index, tag] = await Promise.all([
    sharedCategoryTree(context, locale),
    sharedAttributeCatalogue(context, locale),
    context.productListings.current(),
    params.tag ? tagBySlug(db, params.tag, locale) : null,
  ]);
  if (params.tag && !tag) throw data(null, { status: 404 });
  const found = params.slug ? findCategory(tree, params.slug) : null;
  if (params.slug && !found) {
    // A category whose address changed: its old one (and any before it) answers 301 to the new.
    const moved = await movedTo(db, `/product-category/${params.slug}`);
    const rest = params.page ? `/page/${params.page}` : "";
    throw moved ? redirect(`${moved}${rest}${url.search}`, 301) : data(null, { status: 404 });
  }

  const attributes = resolveAttributeFilters(attributeCatalogue, asked.attributes);
  const filter = {
    categoryIds: found ? descendantIds(found.node) : undefined,
    tagIds: tag ? [tag.id] : undefined,
    minPrice: asked.minPrice === null ? undefined : Math.round(asked.minPrice * 100),
    maxPrice: asked.maxPrice === null ? undefined : Math.round(asked.maxPrice * 100),
    attributes: attributes.filter,
    stock: asked.stock,
  };
  const facets = listingFacets(index, attributeCatalogue, filter);
  const listing = await listProducts(db, index, {
    ...filter,
    locale,
    page,
    orderby: asked.orderby,
    cache: context.siteCache,
    prices: await context.shownPrices(),
  });
  if (page > listing.pageCount) throw data(null, { status: 404 });
  context.pageTags.add(PageTags.listing);
  for (const card of listing.products) context.pageTags.add(PageTags.product(card.id));

  // What pagination, infinite scroll, the sort and the sidebar's links carry along: the query as
  // understood (unknown terms left out), in one order.
  const listingQuery = { ...asked, attributes: attributes.query };
  const query = listingSearch(listingQuery);

  const t = createI18n(locale).t;
  const toSidebar = (nodes: CategoryNode[]): SidebarCategory[] =>
    nodes.map(({ slug, name, children }) => ({ slug, name, children: toSidebar(children) }));
  const title = found
    ? found.node.name
    : tag
      ? t("catalogue.tagTitle", { name: tag.name })
      : t("catalogue.shopTitle");
  return {
    title,
    /** For search engines' result snippets (meta description). */
    description: t("catalogue.metaDescription", {
      title,
      count: listing.total,
      store: context.settings.name,
    }),
    currentSlug: found?.node.slug ?? null,
    trail: found ? found.trail.map(({ slug, name }) => ({ slug, name })) : [],
    subcategories: (found ? found.node.children : tree).map(({ slug, name }) => ({ slug, name })),
    categories: toSidebar(tree),
    basePath,
    query: query.toString(),
    /** Which list this page belongs to: the same for every page of one listing, filter and sort. */
    key: `${basePath}?${query}`,
    listingQuery,
    facets,
    page,
    listing,
  };
}
