import type { CartView } from "./cart.server.ts";
import { serializeCookie } from "./cookies.server.ts";

export const CART_HASH_COOKIE = "woocommerce_cart_hash";
export const ITEMS_IN_CART_COOKIE = "woocommerce_items_in_cart";

/**
 * The two cookies caches and scripts read to know a cart exists and whether their copy of it is
 * current. Readable by scripts (the fragment cache compares the hash), cleared when the cart empties.
 */
export function cartCookies(cart: CartView, secure: boolean): string[] {
  const empty = cart.lines.length === 0;
  const options = { path: "/", secure, sameSite: "Lax" as const, ...(empty ? { maxAge: 0 } : {}) };
  return [
    serializeCookie(CART_HASH_COOKIE, empty ? "" : cart.hash, options),
    serializeCookie(ITEMS_IN_CART_COOKIE, empty ? "" : String(cart.itemCount), options),
  ];
}
