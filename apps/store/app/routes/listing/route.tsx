import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { ShopSidebar } from "../../features/catalogue/shop-sidebar.tsx";
import { SortForm } from "../../features/catalogue/sort-form.tsx";
import { useInfiniteListing } from "../../features/catalogue/use-infinite-listing.ts";
import type { Route } from "./+types/route";
import { loadListing } from "./listing.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, params, new URL(request.url));
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: data.page > 1 ? `${data.title} – ${data.page}` : data.title }] : [];
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { listing, basePath, trail, query } = loaderData;
  const suffix = query ? `?${query}` : "";
  const pageHref = useCallback(
    (page: number) => (page === 1 ? basePath : `${basePath}/page/${page}`) + suffix,
    [basePath, suffix],
  );
  const infinite = useInfiniteListing(loaderData, loaderData.key, pageHref);
  const from = (listing.page - 1) * listing.perPage + 1;
  const to = Math.min(listing.total, infinite.lastPage * listing.perPage);

  return (
    <div>
      <nav aria-label={t("site.breadcrumb")} className="mb-2 text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/">{t("site.home")}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/shop">{t("site.shop")}</Link>
          </li>
          {trail.map((crumb) => (
            <li key={crumb.slug} className="flex gap-1">
              <span aria-hidden="true">/</span>
              <Link to={`/product-category/${crumb.slug}`}>{crumb.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mb-4 text-3xl font-semibold">{loaderData.title}</h1>
      {loaderData.subcategories.length > 0 && (
        <ul className="mb-6 flex flex-wrap gap-2" aria-label={t("catalogue.subcategories")}>
          {loaderData.subcategories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/product-category/${category.slug}`}
                className="rounded-full border border-stone-300 px-3 py-1 text-sm hover:border-brand"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p className="woocommerce-result-count text-sm text-stone-600" aria-live="polite">
          {listing.total === 1
            ? t("catalogue.resultCount", { count: 1 })
            : t("catalogue.resultCount", { count: listing.total, from, to })}
        </p>
        <div className="flex items-center gap-3">
          {hydrated ? (
            <ShopSidebar
              action={basePath}
              categories={loaderData.categories}
              currentSlug={loaderData.currentSlug}
              orderby={loaderData.orderby}
              minPrice={loaderData.minPrice}
              maxPrice={loaderData.maxPrice}
            />
          ) : (
            <a href="#shop-sidebar" className="rounded border border-stone-300 px-3 py-1">
              {t("catalogue.filters")}
            </a>
          )}
          <SortForm
            action={basePath}
            orderby={loaderData.orderby}
            minPrice={loaderData.minPrice}
            maxPrice={loaderData.maxPrice}
          />
        </div>
      </div>
      {infinite.products.length === 0 ? (
        <p>{t("catalogue.noProducts")}</p>
      ) : (
        <ProductGrid products={infinite.products} label={loaderData.title} />
      )}
      {hydrated && infinite.hasMore && (
        <div ref={infinite.sentinel} className="py-8 text-center text-sm text-stone-600" aria-live="polite">
          {infinite.loading ? t("catalogue.loadingMore") : ""}
        </div>
      )}
      {!hydrated && listing.pageCount > 1 && (
        <nav aria-label={t("catalogue.pagination")} className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {listing.page > 1 && (
              <li>
                <Link to={pageHref(listing.page - 1)} rel="prev" className="block rounded border px-3 py-1">
                  {t("catalogue.previous")}
                </Link>
              </li>
            )}
            {Array.from({ length: listing.pageCount }, (_, index) => index + 1).map((page) => (
              <li key={page}>
                {page === listing.page ? (
                  <span
                    aria-current="page"
                    className="block rounded border border-brand bg-brand px-3 py-1 text-white"
                  >
                    <span className="sr-only">{t("catalogue.pageN", { page })}</span>
                    <span aria-hidden="true">{page}</span>
                  </span>
                ) : (
                  <Link
                    to={pageHref(page)}
                    className="block rounded border px-3 py-1"
                    aria-label={t("catalogue.pageN", { page })}
                  >
                    {page}
                  </Link>
                )}
              </li>
            ))}
            {listing.page < listing.pageCount && (
              <li>
                <Link to={pageHref(listing.page + 1)} rel="next" className="block rounded border px-3 py-1">
                  {t("catalogue.next")}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
      {!hydrated && (
        <ShopSidebar
          action={basePath}
          categories={loaderData.categories}
          currentSlug={loaderData.currentSlug}
          orderby={loaderData.orderby}
          minPrice={loaderData.minPrice}
          maxPrice={loaderData.maxPrice}
        />
      )}
    </div>
  );
}
