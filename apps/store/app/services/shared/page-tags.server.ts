/**
 * Names for what a shared page shows, so that a change drops exactly the cached pages that show it.
 * A page's loaders add its names to `context.pageTags`; the page cache keeps them with the page and
 * sends them as `Surrogate-Key`, the header CDNs purge by. A page with no names is dropped by every
 * change (nothing says it is safe to keep).
 */
export const PageTags = {
  /** A product's own page, and every listing or home block whose card shows it. */
  product: (id: number) => `product-${id}`,
  /** Every listing page: its members, their order and their count. */
  listing: "listing",
  /** The home page's blocks. */
  home: "home",
  /** A content page (the home page's too): its title and blocks (decision 0034). */
  page: (id: number) => `page-${id}`,
} as const;

/** Tags travel in the change feed and in a header: lowercase words and hyphens only. */
export const TAG_PATTERN = /^[a-z0-9-]{1,64}$/;
