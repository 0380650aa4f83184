import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { PageLinks } from "../../components/ui/pagination.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ShopSidebar } from "./shop-sidebar.tsx";
import type { InfiniteListing } from "./use-infinite-listing.ts";

/**
 * Below a listing's grid: the page links and the filters' section until hydration, then the
 * infinite scroll's sentinel. A component of its own, so that hydration's switch redraws this and
 * not the grid above it.
 */
export function ListingEnd({
  infinite,
  listing,
  pageHref,
  filters,
}: {
  infinite: InfiniteListing;
  listing: { page: number; pageCount: number };
  pageHref: (page: number) => string;
  filters: ComponentProps<typeof ShopSidebar>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  if (hydrated) {
    return infinite.hasMore ? (
      <Sentinel onReached={infinite.loadMore}>{infinite.loading ? t("catalogue.loadingMore") : ""}</Sentinel>
    ) : null;
  }
  return (
    <>
      {listing.pageCount > 1 && (
        <PageLinks
          label={t("catalogue.pagination")}
          page={listing.page}
          pages={listing.pageCount}
          href={pageHref}
        />
      )}
      <ShopSidebar {...filters} />
    </>
  );
}

/**
 * The infinite scroll's sentinel: coming within 400 px of the screen asks for the next page, and
 * so does a new `onReached` while it is still that close (a page loaded that did not fill the
 * screen). It keeps its element to itself: a state set from its ref would redraw the whole listing
 * in the task that mounts it.
 */
function Sentinel({ onReached, children }: { onReached: () => void; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onReached(),
      { rootMargin: "400px 0px" },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [onReached]);
  return (
    <div ref={element} className="py-8 text-center text-sm text-stone-600" aria-live="polite">
      {children}
    </div>
  );
}
