import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { orderbyValues } from "../../features/catalogue/orderby.ts";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
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
  const { listing, orderby, basePath, trail } = loaderData;
  const query = orderby === "menu_order" ? "" : `?orderby=${orderby}`;
  const pageHref = (page: number) => (page === 1 ? basePath : `${basePath}/page/${page}`) + query;
  const from = (listing.page - 1) * listing.perPage + 1;
  const to = Math.min(listing.total, listing.page * listing.perPage);
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
        <ul className="mb-6 flex flex-wrap gap-2" aria-label={t("catalogue.categories")}>
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
        <p className="woocommerce-result-count text-sm text-stone-600">
          {listing.total === 1
            ? t("catalogue.resultCount", { count: 1 })
            : t("catalogue.resultCount", { count: listing.total, from, to })}
        </p>
        <Form method="get" action={basePath} className="woocommerce-ordering flex items-center gap-2">
          <label htmlFor="orderby" className="sr-only">
            {t("catalogue.sortLabel")}
          </label>
          <select
            id="orderby"
            name="orderby"
            defaultValue={orderby}
            className="rounded border border-stone-300 px-2 py-1"
          >
            {orderbyValues.map((value) => (
              <option key={value} value={value}>
                {t(`catalogue.orderby.${value}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded border border-stone-300 px-3 py-1">
            {t("catalogue.sortApply")}
          </button>
        </Form>
      </div>
      {listing.products.length === 0 ? (
        <p>{t("catalogue.noProducts")}</p>
      ) : (
        <ProductGrid products={listing.products} label={loaderData.title} />
      )}
      {listing.pageCount > 1 && (
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
    </div>
  );
}
