import { useLayoutEffect, useState } from "react";
import { Link } from "react-router";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Listing } from "../../lib/catalogue.ts";
import { SHOP_SIDEBAR_ID, ShopSidebar } from "./shop-sidebar.tsx";
import { SortForm } from "./sort-form.tsx";

type Filters = Parameters<typeof ShopSidebar>[0];

/** Spec §9: the result count catches up with appended items this long after they arrive. */
export const RESULT_COUNT_REFRESH_MS = 2000;

/** The last page the count includes: pages appended by infinite scroll count 2 s later; a new listing at once. */
function useCountedPage(lastPage: number): number {
  const [counted, setCounted] = useState(lastPage);
  // Set while the appended page is committed, so the 2 s count from when the items appear.
  useLayoutEffect(() => {
    if (lastPage <= counted) {
      if (lastPage < counted) setCounted(lastPage);
      return;
    }
    const timer = setTimeout(() => setCounted(lastPage), RESULT_COUNT_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [lastPage, counted]);
  return Math.min(counted, lastPage);
}

/**
 * Above a listing: the result count ("Showing 1–12 of 40", up to the last page loaded), the filters
 * button (a link to the filters at the end of the page without JavaScript) and the sort.
 */
export function ListingToolbar({
  listing,
  lastPage,
  filters,
}: {
  listing: Pick<Listing, "total" | "page" | "perPage">;
  lastPage: number;
  filters: Filters;
}) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const counted = useCountedPage(lastPage);
  const from = (listing.page - 1) * listing.perPage + 1;
  const to = Math.min(listing.total, counted * listing.perPage);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <p className="woocommerce-result-count text-sm text-stone-600" aria-live="polite">
        {listing.total === 1
          ? t("catalogue.resultCount", { count: 1 })
          : t("catalogue.resultCount", { count: listing.total, from, to })}
      </p>
      <div className="flex items-center gap-3">
        {hydrated ? (
          <ShopSidebar {...filters} />
        ) : (
          <a href={`#${SHOP_SIDEBAR_ID}`} className="rounded border border-stone-300 px-3 py-1">
            {t("catalogue.filters")}
          </a>
        )}
        <SortForm action={filters.action} query={filters.query} />
      </div>
    </div>
  );
}

/** The categories under the current one (or the top ones on the shop page), as chips. */
export function SubcategoryLinks({ categories }: { categories: Array<{ slug: string; name: string }> }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <ul className="mb-6 flex flex-wrap gap-2" aria-label={t("catalogue.subcategories")}>
      {categories.map((category) => (
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
  );
}
