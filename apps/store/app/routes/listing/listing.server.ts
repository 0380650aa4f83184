import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { orderbySchema } from "../../features/catalogue/orderby.ts";
import { createI18n } from "../../i18n/i18n.ts";
import { categoryTree, descendantIds, findCategory, listProducts } from "../../services/catalogue.server.ts";

const MAX_PAGE = 100_000;

/** `/shop` and `/product-category/{slug}`, each with `/page/N` and `?orderby=`. */
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

  const tree = await categoryTree(db, locale);
  const found = params.slug ? findCategory(tree, params.slug) : null;
  if (params.slug && !found) throw data(null, { status: 404 });

  const listing = await listProducts(db, {
    locale,
    page,
    orderby,
    categoryIds: found ? descendantIds(found.node) : undefined,
  });
  if (page > listing.pageCount) throw data(null, { status: 404 });

  const t = createI18n(locale).t;
  return {
    title: found ? found.node.name : t("catalogue.shopTitle"),
    trail: found ? found.trail.map(({ slug, name }) => ({ slug, name })) : [],
    subcategories: (found ? found.node.children : tree).map(({ slug, name }) => ({ slug, name })),
    basePath,
    orderby,
    page,
    listing,
  };
}
