import { useCallback } from "react";
import { Breadcrumbs } from "../../components/ui/breadcrumbs.tsx";
import { ListingEnd } from "../../features/catalogue/listing-end.tsx";
import { ListingToolbar, SubcategoryLinks } from "../../features/catalogue/listing-toolbar.tsx";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { useInfiniteListing } from "../../features/catalogue/use-infinite-listing.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadListing } from "./listing.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, params, new URL(request.url));
}

export function meta({ data }: Route.MetaArgs) {
  return data
    ? [
        { title: data.page > 1 ? `${data.title} – ${data.page}` : data.title },
        { name: "description", content: data.description },
      ]
    : [];
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { listing, basePath, trail, query } = loaderData;
  const suffix = query ? `?${query}` : "";
  const pageHref = useCallback(
    (page: number) => (page === 1 ? basePath : `${basePath}/page/${page}`) + suffix,
    [basePath, suffix],
  );
  const infinite = useInfiniteListing(loaderData, loaderData.key, pageHref);
  const filters = {
    action: basePath,
    categories: loaderData.categories,
    currentSlug: loaderData.currentSlug,
    query: loaderData.listingQuery,
    facets: loaderData.facets,
  };

  return (
    <div>
      <Breadcrumbs
        className="mb-2"
        trail={[
          { to: "/shop", label: t("site.shop") },
          ...trail.map((crumb) => ({ to: `/product-category/${crumb.slug}`, label: crumb.name })),
        ]}
      />
      <h1 className="mb-4 text-3xl font-semibold">{loaderData.title}</h1>
      <SubcategoryLinks categories={loaderData.subcategories} />
      <ListingToolbar listing={listing} lastPage={infinite.lastPage} filters={filters} />
      {infinite.products.length === 0 ? (
        <p>{t("catalogue.noProducts")}</p>
      ) : (
        <>
          {/* The cards' titles are level 3: the grid gets its level-2 heading, for screen readers. */}
          <h2 className="sr-only">{t("catalogue.productsHeading")}</h2>
          <ProductGrid products={infinite.products} label={loaderData.title} leading />
        </>
      )}
      <ListingEnd infinite={infinite} listing={listing} pageHref={pageHref} filters={filters} />
    </div>
  );
}
