import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import { createI18n } from "../../i18n/i18n.ts";
import type { CategoryNode } from "../../lib/catalogue.ts";
import { orderbyValues } from "../../lib/orderby.ts";
import {
  descendantIds,
  findCategory,
  listProducts,
  sharedCategoryTree,
} from "../../services/catalogue/catalogue.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";

const orderbySchema = z.enum(orderbyValues).catch("menu_order");

const MAX_PAGE = 100_000;
/** Whole currency units in the address (`?min_price=10&max_price=50`), as the shop's filter widgets write them. */
const priceBound = z.coerce.number().finite().min(0).max(10_000_000).optional().catch(undefined);

export type SidebarCategory = { slug: string; name: string; children: SidebarCategory[] };

/** `/shop` and `/product-category/{slug}`, each with `/page/N`, `?orderby=` and price bounds. */
export async function loadListing(
  context: AppLoadContext,
  params: { slug?: string; page?: string },
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
  const basePath = params.slug ? `/product-category/${params.slug}` : "/shop";
  if (params.page === "1") throw redirect(basePath + url.search, 301);
  const orderby = orderbySchema.parse(url.searchParams.get("orderby") ?? "menu_order");
  const minPrice = priceBound.parse(url.searchParams.get("min_price") || undefined);
  const maxPrice = priceBound.parse(url.searchParams.get("max_price") || undefined);

  const tree = await sharedCategoryTree(context, locale);
  const found = params.slug ? findCategory(tree, params.slug) : null;
  if (params.slug && !found) {
    // A category whose address changed: its old one (and any before it) answers 301 to the new.
    const moved = await movedTo(db, `/product-category/${params.slug}`);
    const rest = params.page ? `/page/${params.page}` : "";
    throw moved ? redirect(`${moved}${rest}${url.search}`, 301) : data(null, { status: 404 });
  }

  const listing = await listProducts(db, {
    locale,
    page,
    orderby,
    categoryIds: found ? descendantIds(found.node) : undefined,
    minPrice: minPrice === undefined ? undefined : Math.round(minPrice * 100),
    maxPrice: maxPrice === undefined ? undefined : Math.round(maxPrice * 100),
    cache: context.siteCache,
  });
  if (page > listing.pageCount) throw data(null, { status: 404 });
  context.pageTags.add(PageTags.listing);
  for (const card of listing.products) context.pageTags.add(PageTags.product(card.id));

  // What pagination, infinite scroll and the category links carry along.
  const query = new URLSearchParams();
  if (orderby !== "menu_order") query.set("orderby", orderby);
  if (minPrice !== undefined) query.set("min_price", String(minPrice));
  if (maxPrice !== undefined) query.set("max_price", String(maxPrice));

  const t = createI18n(locale).t;
  const toSidebar = (nodes: CategoryNode[]): SidebarCategory[] =>
    nodes.map(({ slug, name, children }) => ({ slug, name, children: toSidebar(children) }));
  const title = found ? found.node.name : t("catalogue.shopTitle");
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
    orderby,
    minPrice: minPrice ?? null,
    maxPrice: maxPrice ?? null,
    page,
    listing,
  };
}
