import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { createI18n } from "../../i18n/i18n.ts";
import { normaliseQuery } from "../../lib/search-rules.ts";
import { PER_PAGE } from "../../services/catalogue/catalogue.server.ts";
import { searchProductCards } from "../../services/catalogue/search.server.ts";

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

/** `/search?s=Q[&product_cat=SLUG][&page=N]`: the full results behind the header search. */
export async function loadSearchResults(context: AppLoadContext, url: URL) {
  const { db, locale, productSearch, siteCache } = context;
  const parsed = paramsSchema.parse({
    s: url.searchParams.get("s") ?? "",
    product_cat: url.searchParams.get("product_cat") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
  const query = normaliseQuery(parsed.s);
  const page = parsed.page;
  const results = query
    ? await searchProductCards(
        db,
        productSearch,
        {
          locale,
          query,
          categorySlug: parsed.product_cat,
          limit: PER_PAGE,
          offset: (page - 1) * PER_PAGE,
        },
        siteCache,
      )
    : { products: [], total: 0 };
  const pageCount = Math.max(1, Math.ceil(results.total / PER_PAGE));
  if (page > pageCount) throw data(null, { status: 404 });

  const { t } = createI18n(locale);
  const pageQuery = (n: number) => {
    const next = new URLSearchParams({ s: query });
    if (parsed.product_cat) next.set("product_cat", parsed.product_cat);
    if (n > 1) next.set("page", String(n));
    return `/search?${next}`;
  };
  return {
    query,
    title: query ? t("search.resultsTitle", { query }) : t("search.title"),
    products: results.products,
    total: results.total,
    page,
    pageCount,
    pageLinks: pageWindow(page, pageCount).map((n) => ({ page: n, href: pageQuery(n) })),
    previous: page > 1 ? pageQuery(page - 1) : null,
    next: page < pageCount ? pageQuery(page + 1) : null,
  };
}

/** The first, the last, and two either side of the current page: a common word can match thousands of pages. */
export function pageWindow(page: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount]);
  for (let n = Math.max(1, page - 2); n <= Math.min(pageCount, page + 2); n++) pages.add(n);
  return [...pages].sort((a, b) => a - b);
}
