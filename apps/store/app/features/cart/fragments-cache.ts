import { CART_COUNT_SELECTOR, MINI_CART_SELECTOR } from "./cart-selectors.ts";

export type Fragments = Record<string, string>;

/** Spec §9: stored fragments are trusted for 24 hours after `wc_cart_created`. */
export const FRAGMENT_LIFETIME_MS = 86_400_000;

/** What session storage held when the page loaded; null where nothing (or nothing readable) was stored. */
export type StoredCart = {
  hash: string | null;
  fragments: Fragments | null;
  created: number | null;
};

/**
 * Spec §4 "Cart fragments cache": stored fragments may be used only when the stored hash equals the
 * cookie's, they are under 24 hours old, and they include the mini-cart.
 */
export function isFragmentCacheValid(stored: StoredCart, cookieHash: string, now: number): boolean {
  if ((stored.hash ?? "") !== cookieHash) return false;
  if (stored.created === null || !Number.isFinite(stored.created)) return false;
  const age = now - stored.created;
  if (age < 0 || age >= FRAGMENT_LIFETIME_MS) return false;
  return typeof stored.fragments?.[MINI_CART_SELECTOR] === "string";
}

export type LoadDecision =
  | { kind: "use"; refreshInMs: number }
  | { kind: "refresh" }
  /** No cart cookie and nothing stored: the server-rendered (empty) mini-cart is already right. */
  | { kind: "skip" };

export function decideOnLoad(stored: StoredCart, cookieHash: string, now: number): LoadDecision {
  if (isFragmentCacheValid(stored, cookieHash, now)) {
    return { kind: "use", refreshInMs: (stored.created ?? now) + FRAGMENT_LIFETIME_MS - now };
  }
  const nothingStored = !stored.hash && stored.fragments === null;
  return cookieHash === "" && nothingStored ? { kind: "skip" } : { kind: "refresh" };
}

/** Reads what session storage gives back; anything malformed counts as not stored. */
export function parseStoredCart(raw: {
  hash: string | null;
  fragments: string | null;
  created: string | null;
}): StoredCart {
  let fragments: Fragments | null = null;
  try {
    const parsed: unknown = raw.fragments === null ? null : JSON.parse(raw.fragments);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const entries = Object.entries(parsed as Record<string, unknown>);
      if (entries.every(([, value]) => typeof value === "string"))
        fragments = Object.fromEntries(entries) as Fragments;
    }
  } catch {
    fragments = null;
  }
  const created = raw.created === null || raw.created === "" ? null : Number(raw.created);
  return {
    hash: raw.hash,
    fragments,
    created: created !== null && Number.isFinite(created) ? created : null,
  };
}

/** The item count carried by the cart-count fragment (`data-count`), or null when it has none. */
export function countFromFragments(fragments: Fragments | null): number | null {
  const html = fragments?.[CART_COUNT_SELECTOR];
  const match = html?.match(/data-count="(\d+)"/);
  return match ? Number(match[1]) : null;
}

/** One cookie's value from a `document.cookie` string; "" when absent. */
export function readCookie(cookieString: string, name: string): string {
  for (const part of cookieString.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return rest.join("=");
      }
    }
  }
  return "";
}
