/**
 * The store's affiliate links (spec §2, §9; decision 0035), as pages draw them. Kept apart from
 * `analytics.ts` (and its Zod schemas) because every page's menus and footer use it: nothing here
 * may weigh on the first script.
 */

/** Spec §9: links under these paths are affiliate links, labelled "affiliate". */
export const AFFILIATE_PREFIXES = ["/go/", "/recommend/"] as const;

/** Whether a path of the store's is an affiliate link's. */
export function isAffiliatePath(pathname: string): boolean {
  return AFFILIATE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Whether `href` is one of the store's affiliate links (`/go/…`, `/recommend/…`): a path, or an
 * address on `storeOrigin` when it is known.
 */
export function isAffiliateHref(href: string, storeOrigin = "http://store.invalid"): boolean {
  let url: URL;
  try {
    url = new URL(href, storeOrigin);
  } catch {
    return false;
  }
  return url.origin === new URL(storeOrigin).origin && isAffiliatePath(url.pathname);
}

/** Search engines' rule for paid links: an affiliate link says it is sponsored and passes no rank. */
export const AFFILIATE_REL = "sponsored nofollow";

/**
 * What a router link to `href` adds when it is an affiliate link: the paid-link `rel`, and a whole
 * document navigation (the redirect leaves the store, and each follow counts on the server).
 */
export function affiliateLinkProps(href: string): { rel?: string; reloadDocument?: boolean } {
  return isAffiliateHref(href) ? { rel: AFFILIATE_REL, reloadDocument: true } : {};
}
