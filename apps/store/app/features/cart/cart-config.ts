/**
 * The cart settings the browser gets: an explicit list, built by the root loader, so nothing else of
 * the server's configuration reaches the page.
 */
export type CartClientConfig = {
  /** Session (and local, for other tabs) storage key of the stored cart hash. */
  cart_hash_key: string;
  /** Session storage key of the stored fragments. */
  fragment_name: string;
  /** Milliseconds before a fragment refresh request is given up. */
  request_timeout: number;
  /** The cart calls' address, `%%endpoint%%` standing for the call's name. */
  wc_ajax_url: string;
  /** The theme's ajax address (`/ajax`), for `vitrine_ajax_cart_item_alter_quantity`. */
  ajax_url: string;
  cart_url: string;
  checkout_url: string;
  shop_url: string;
  cart_redirect_after_add: "yes" | "no";
  /** Open the mini-cart (or the cart drawer on small screens) after an add. */
  cart_reveal_after_add: boolean;
  /** On screens up to 849 px wide the cart opens as a drawer instead of a dropdown. */
  off_canvas_cart: boolean;
  currency: string;
};

export type CartSettings = {
  cart_redirect_after_add: "yes" | "no";
  cart_reveal_after_add: boolean;
  off_canvas_cart: boolean;
  currency: string;
};

/** Eight hex digits of FNV-1a: short, stable, enough to keep two stores on one origin apart. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export const FRAGMENT_REQUEST_TIMEOUT_MS = 5000;

/**
 * The hash key is per store so that every tab of the store signals the others; the fragment name is
 * per store and language, because fragments are rendered HTML: after a language switch the stored
 * ones are not used and fresh ones are fetched in the new language.
 */
export function cartClientConfig(origin: string, locale: string, settings: CartSettings): CartClientConfig {
  const store = shortHash(origin);
  return {
    cart_hash_key: `wc_cart_hash_${store}`,
    fragment_name: `wc_fragments_${store}_${locale}`,
    request_timeout: FRAGMENT_REQUEST_TIMEOUT_MS,
    wc_ajax_url: "/?wc-ajax=%%endpoint%%",
    ajax_url: "/ajax",
    cart_url: "/cart",
    checkout_url: "/checkout",
    shop_url: "/shop",
    cart_redirect_after_add: settings.cart_redirect_after_add,
    cart_reveal_after_add: settings.cart_reveal_after_add,
    off_canvas_cart: settings.off_canvas_cart,
    currency: settings.currency,
  };
}

export function endpointUrl(config: Pick<CartClientConfig, "wc_ajax_url">, endpoint: string): string {
  return config.wc_ajax_url.replace("%%endpoint%%", encodeURIComponent(endpoint));
}
