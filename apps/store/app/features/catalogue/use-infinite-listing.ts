import { useCallback, useEffect, useMemo, useState } from "react";
import { useFetcher, useNavigationType } from "react-router";
import { mountedAfterHydration } from "../../components/ui/use-hydrated.ts";
import type { ProductCard } from "../../lib/catalogue.ts";

type Page = { page: number; products: ProductCard[] };
type Stored = { key: string; pages: Page[] };
type ListingData = { key: string; listing: { page: number; pageCount: number; products: ProductCard[] } };

/** What `useInfiniteListing` gives its listing: the products so far and the sentinel that loads more. */
export type InfiniteListing = ReturnType<typeof useInfiniteListing>;

const STORAGE_KEY = "vitrine_infinite_listing";

function readStored(key: string, lastPage: number): Page[] | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Stored | null;
    if (stored?.key === key && stored.pages.at(-1)?.page === lastPage) return stored.pages;
  } catch {
    // Unreadable storage is the same as none.
  }
  return null;
}

/**
 * Infinite scroll over the listing's pages: `loadMore` (called by the listing's sentinel when it
 * is reached) loads the next page through the route's own loader, appends it, and moves the
 * address to that page. The pages seen are kept in
 * session storage so that coming back (browser back) rebuilds the same list and scroll restoration
 * lands on the same spot.
 */
export function useInfiniteListing(data: ListingData, key: string, pageHref: (page: number) => string) {
  const navigationType = useNavigationType();
  const fetcher = useFetcher<ListingData>();
  const first: Page = { page: data.listing.page, products: data.listing.products };
  const identity = `${key}|${data.listing.page}`;
  // The hydration render must match the server's HTML, so stored pages are used only after it.
  const [state, setState] = useState(() => ({
    identity,
    pages:
      navigationType === "POP" && mountedAfterHydration()
        ? (readStored(key, data.listing.page) ?? [first])
        : [first],
  }));
  // A new listing (another category, filter, sort or page) starts over, in this very render.
  let pages = state.pages;
  if (state.identity !== identity) {
    pages = [first];
    setState({ identity, pages });
  }
  const setPages = (next: Page[]) => setState({ identity, pages: next });

  const lastPage = pages.at(-1)!.page;
  const hasMore = lastPage < data.listing.pageCount;

  useEffect(() => {
    const loaded = fetcher.data?.listing;
    if (!loaded || fetcher.data?.key !== key || pages.some((page) => page.page === loaded.page)) return;
    const next = [...pages, { page: loaded.page, products: loaded.products }];
    setPages(next);
    window.history.replaceState(window.history.state, "", pageHref(loaded.page));
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key, pages: next } satisfies Stored));
    } catch {
      // Storage full or blocked: back navigation then shows the single page, still correct.
    }
  }, [fetcher.data, pages, key, pageHref]);

  const loadMore = useCallback(() => {
    if (fetcher.state === "idle" && hasMore) fetcher.load(pageHref(lastPage + 1));
  }, [fetcher, hasMore, lastPage, pageHref]);

  const products = useMemo(() => pages.flatMap((page) => page.products), [pages]);
  return { products, loadMore, hasMore, loading: fetcher.state !== "idle", lastPage };
}
