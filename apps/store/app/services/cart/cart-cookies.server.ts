import { parseCookies, serializeCookie } from "../shared/cookies.server.ts";
import type { CartView } from "./cart.server.ts";

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

/**
 * The cart cookies a page response must set because the request's copy is out of date: the cart
 * changed out of the browser's sight (an order placed by the wallet's server call, a session that
 * expired, a cart merged at sign-in). Without this the fragment cache would keep showing the old
 * mini-cart, since its stored hash still equals the stale cookie. Empty when the cookies are right,
 * so a page that needs no change stays cacheable.
 */
export function cartCookiesIfChanged(cart: CartView, cookieHeader: string | null, secure: boolean): string[] {
  const sent = parseCookies(cookieHeader);
  const empty = cart.lines.length === 0;
  const hash = empty ? "" : cart.hash;
  const items = empty ? "" : String(cart.itemCount);
  if ((sent[CART_HASH_COOKIE] ?? "") === hash && (sent[ITEMS_IN_CART_COOKIE] ?? "") === items) return [];
  return cartCookies(cart, secure);
}
