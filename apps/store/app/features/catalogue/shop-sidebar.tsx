import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Drawer } from "../../components/ui/drawer.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ListingFacets } from "../../lib/catalogue.ts";
import { EMPTY_QUERY, isFiltered, type ListingQuery, listingSearch } from "../../lib/listing-query.ts";
import { FacetLinks } from "./facet-links.tsx";

type Category = { slug: string; name: string; children: Category[] };
type Filters = {
  action: string;
  categories: Category[];
  currentSlug: string | null;
  query: ListingQuery;
  facets: ListingFacets;
};

/** `?…` for a query, or nothing for none. */
export function searchSuffix(params: URLSearchParams): string {
  return params.size > 0 ? `?${params}` : "";
}

/** Hidden fields for a query's parameters a form does not set itself, so submitting keeps them. */
export function HiddenQueryFields({ query, omit }: { query: ListingQuery; omit: string[] }) {
  return [...listingSearch(query, omit)].map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

export const SHOP_SIDEBAR_ID = "shop-sidebar";

/**
 * The shop's filters (categories, price, attribute terms, stock). With JavaScript they live in an off-canvas panel that
 * opens from its button or from any link to `#shop-sidebar`; without it they are a plain section at
 * the end of the page that such a link scrolls to.
 */
export function ShopSidebar(filters: Filters) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // Only the interactive panel listens; the server-rendered section is replaced once hydrated.
    if (!hydrated) return;
    const openFromHash = () => {
      if (window.location.hash === `#${SHOP_SIDEBAR_ID}`) {
        setOpen(true);
        // The hash did its job; leaving it would reopen the panel on the next visit to this entry.
        window.history.replaceState(
          window.history.state,
          "",
          window.location.pathname + window.location.search,
        );
      }
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href$="#${SHOP_SIDEBAR_ID}"]`);
      if (!link) return;
      event.preventDefault();
      setOpen(true);
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("hashchange", openFromHash);
      document.removeEventListener("click", onClick);
    };
  }, [hydrated]);

  if (!hydrated) {
    return (
      <aside
        id={SHOP_SIDEBAR_ID}
        aria-labelledby="shop-sidebar-heading"
        className="mt-12 border-t border-stone-200 pt-6"
      >
        <h2 id="shop-sidebar-heading" className="mb-4 text-lg font-semibold">
          {t("catalogue.filters")}
        </h2>
        <FilterPanel {...filters} />
      </aside>
    );
  }
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title={t("catalogue.filters")}
      closeLabel={t("catalogue.closeFilters")}
      id={SHOP_SIDEBAR_ID}
      trigger={
        <Button variant="secondary" size="sm">
          {t("catalogue.filters")}
        </Button>
      }
    >
      <FilterPanel {...filters} onNavigate={() => setOpen(false)} />
    </Drawer>
  );
}

function FilterPanel({
  action,
  categories,
  currentSlug,
  query,
  facets,
  onNavigate,
}: Filters & { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const suffix = searchSuffix(listingSearch(query));
  const renderCategories = (nodes: Category[]) => (
    <ul className="space-y-1 pl-3">
      {nodes.map((node) => (
        <li key={node.slug}>
          <Link
            to={`/product-category/${node.slug}${suffix}`}
            aria-current={node.slug === currentSlug ? "page" : undefined}
            onClick={onNavigate}
            className="hover:text-brand aria-[current=page]:font-semibold aria-[current=page]:text-brand"
          >
            {node.name}
          </Link>
          {node.children.length > 0 && renderCategories(node.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-6">
      <nav aria-label={t("catalogue.categories")}>
        <h3 className="mb-2 font-medium">{t("catalogue.categories")}</h3>
        <Link to={`/shop${suffix}`} onClick={onNavigate} className="hover:text-brand">
          {t("catalogue.allProducts")}
        </Link>
        {renderCategories(categories)}
      </nav>
      <FacetLinks action={action} query={query} facets={facets} onNavigate={onNavigate} />
      <Form method="get" action={action} onSubmit={onNavigate} className="space-y-2">
        <h3 className="font-medium">{t("catalogue.priceFilter")}</h3>
        <HiddenQueryFields query={query} omit={["min_price", "max_price"]} />
        <div className="flex items-end gap-2">
          <label className="text-sm">
            {t("catalogue.minPrice")}
            <input
              type="number"
              name="min_price"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={query.minPrice ?? ""}
              className="block w-24 rounded border border-stone-300 px-2 py-1"
            />
          </label>
          <label className="text-sm">
            {t("catalogue.maxPrice")}
            <input
              type="number"
              name="max_price"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={query.maxPrice ?? ""}
              className="block w-24 rounded border border-stone-300 px-2 py-1"
            />
          </label>
        </div>
        <Button type="submit" size="sm">
          {t("catalogue.applyFilter")}
        </Button>
      </Form>
      {isFiltered(query) && (
        <Link
          to={action + searchSuffix(listingSearch({ ...EMPTY_QUERY, orderby: query.orderby }))}
          onClick={onNavigate}
          className="inline-block text-sm underline hover:text-brand"
        >
          {t("catalogue.clearFilters")}
        </Link>
      )}
    </div>
  );
}
