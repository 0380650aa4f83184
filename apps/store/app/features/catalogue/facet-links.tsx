import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ListingFacets } from "../../lib/catalogue.ts";
import {
  type ListingQuery,
  listingSearch,
  toggleStock,
  toggleTerm,
  withQueryType,
} from "../../lib/listing-query.ts";

/**
 * The sidebar's attribute and stock filters as WooCommerce's layered navigation shows them: each
 * choice a link to the listing with it added or taken away, with how many products it would show.
 * Links work without JavaScript and give every filtered listing an address of its own (and a place
 * in the page cache).
 */
export function FacetLinks({
  action,
  query,
  facets,
  keep = {},
  onNavigate,
}: {
  action: string;
  query: ListingQuery;
  facets: ListingFacets;
  /** Parameters every link keeps before the filters' (a search's `s`). */
  keep?: Record<string, string>;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const href = (next: ListingQuery) => {
    const params = new URLSearchParams([...Object.entries(keep), ...listingSearch(next)]);
    return params.size > 0 ? `${action}?${params}` : action;
  };
  return (
    <>
      {facets.attributes.map((attribute) => {
        const headingId = `filter-${attribute.slug}-heading`;
        const chosen = attribute.terms.filter((term) => term.chosen).length;
        const otherType = attribute.queryType === "and" ? "or" : "and";
        return (
          <section key={attribute.slug} aria-labelledby={headingId} data-filter={attribute.slug}>
            <h3 id={headingId} className="mb-2 font-medium">
              {attribute.label}
            </h3>
            <ul className="space-y-1">
              {attribute.terms.map((term) => (
                <li key={term.slug}>
                  <FacetLink
                    to={href(toggleTerm(query, attribute.slug, term.slug))}
                    label={term.label}
                    count={term.count}
                    chosen={term.chosen}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
            {chosen > 0 && (
              <Link
                to={href(withQueryType(query, attribute.slug, otherType))}
                onClick={onNavigate}
                className="mt-1 inline-block text-sm underline hover:text-brand"
              >
                {t(otherType === "or" ? "catalogue.matchAny" : "catalogue.matchAll", {
                  attribute: attribute.label,
                })}
              </Link>
            )}
          </section>
        );
      })}
      {facets.stock.length > 0 && (
        <section aria-labelledby="filter-stock-heading" data-filter="stock_status">
          <h3 id="filter-stock-heading" className="mb-2 font-medium">
            {t("catalogue.stockFilter")}
          </h3>
          <ul className="space-y-1">
            {facets.stock.map((option) => (
              <li key={option.state}>
                <FacetLink
                  to={href(toggleStock(query, option.state))}
                  label={t(`catalogue.stockFilterState.${option.state}`)}
                  count={option.count}
                  chosen={option.chosen}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FacetLink({
  to,
  label,
  count,
  chosen,
  onNavigate,
}: {
  to: string;
  label: string;
  count: number;
  chosen: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      onClick={onNavigate}
      // Chosen filters are the current state of the listing; following one takes it away.
      aria-current={chosen ? "true" : undefined}
      className="group flex items-center gap-2 hover:text-brand aria-[current=true]:font-semibold"
    >
      <span
        aria-hidden="true"
        className="inline-flex h-4 w-4 items-center justify-center rounded border border-stone-400 text-xs group-aria-[current=true]:border-brand group-aria-[current=true]:bg-brand group-aria-[current=true]:text-white"
      >
        {chosen ? "✓" : ""}
      </span>
      <span>{label}</span>
      <span className="count text-sm text-stone-600">({count})</span>
      {chosen && <span className="sr-only">{t("catalogue.removeFilter")}</span>}
    </Link>
  );
}
