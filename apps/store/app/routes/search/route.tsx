import { Pagination } from "../../components/ui/pagination.tsx";
import { FacetLinks } from "../../features/catalogue/facet-links.tsx";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadSearchResults } from "./search-page.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearchResults(context, new URL(request.url));
}

export function meta({ data }: Route.MetaArgs) {
  // Result pages are endless variations of the catalogue: search engines should follow, not index.
  return [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, follow" }];
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, title, products, total, page, pageCount, pageLinks, previous, next } = loaderData;
  const filtered = loaderData.facets.attributes.length > 0 || loaderData.facets.stock.length > 0;
  return (
    <div>
      <h1 className="mb-4 text-3xl font-semibold">{title}</h1>
      {query === "" ? (
        <p>{t("search.emptyQuery")}</p>
      ) : total === 0 ? (
        <p>{t("search.empty", { query })}</p>
      ) : (
        <>
          <p className="mb-6 text-sm text-stone-600">{t("search.resultCount", { count: total })}</p>
          <h2 className="sr-only">{t("catalogue.productsHeading")}</h2>
          <ProductGrid products={products} label={title} leading />
        </>
      )}
      {pageCount > 1 && (
        <Pagination
          label={t("search.pagination")}
          current={page}
          pages={pageLinks}
          previous={previous}
          next={next}
        />
      )}
      {query !== "" && filtered && (
        <aside
          aria-labelledby="search-filters-heading"
          className="mt-12 space-y-6 border-t border-stone-200 pt-6"
        >
          <h2 id="search-filters-heading" className="text-lg font-semibold">
            {t("catalogue.filters")}
          </h2>
          <FacetLinks
            action="/search"
            query={loaderData.listingQuery}
            facets={loaderData.facets}
            keep={loaderData.keep}
          />
        </aside>
      )}
    </div>
  );
}
