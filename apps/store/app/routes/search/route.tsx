import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import type { Route } from "./+types/route";
import { loadSearchResults } from "./search.server.ts";

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
          <ProductGrid products={products} label={title} />
        </>
      )}
      {pageCount > 1 && (
        <nav aria-label={t("search.pagination")} className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {previous && (
              <li>
                <Link to={previous} rel="prev" className="block rounded border px-3 py-1">
                  {t("catalogue.previous")}
                </Link>
              </li>
            )}
            {pageLinks.map((link) =>
              link.page === page ? (
                <li key={link.page}>
                  <span
                    aria-current="page"
                    className="block rounded border border-brand bg-brand px-3 py-1 text-white"
                  >
                    <span className="sr-only">{t("catalogue.pageN", { page: link.page })}</span>
                    <span aria-hidden="true">{link.page}</span>
                  </span>
                </li>
              ) : (
                <li key={link.page}>
                  <Link
                    to={link.href}
                    className="block rounded border px-3 py-1"
                    aria-label={t("catalogue.pageN", { page: link.page })}
                  >
                    {link.page}
                  </Link>
                </li>
              ),
            )}
            {next && (
              <li>
                <Link to={next} rel="next" className="block rounded border px-3 py-1">
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
