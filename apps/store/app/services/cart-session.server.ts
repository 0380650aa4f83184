import type { AppContext } from "../context.server.ts";
import { type CartOwner, type CartView, emptyCart, loadCart } from "./cart.server.ts";
import { cartCookies } from "./cart-cookies.server.ts";
import { type Fragments, renderCartFragments } from "./cart-fragments.server.tsx";
import { createNonce } from "./nonce.server.ts";
import type { Session } from "./session.server.ts";

export const REMOVE_ITEM_NONCE = "remove_item";

export function ownerOf(session: Session): CartOwner {
  return { sessionId: session.id, userId: session.userId };
}

/** The current shopper's cart, or the empty cart when there is no session (never creates one). */
export async function currentCart(context: AppContext): Promise<{ session: Session | null; cart: CartView }> {
  const session = await context.session.get();
  return {
    session,
    cart: session ? await loadCart(context.db, ownerOf(session), context.locale) : emptyCart,
  };
}

/** Everything an answer that may have changed the cart carries: fragments, hash and the cookies. */
export function cartAnswer(
  context: AppContext,
  session: Session | null,
  cart: CartView,
  secure: boolean,
): { fragments: Fragments; cart_hash: string; cookies: string[] } {
  return {
    fragments: renderCartFragments(cart, {
      locale: context.locale,
      currency: context.settings.currency,
      removeNonce: session ? createNonce(session.nonceSecret, REMOVE_ITEM_NONCE) : "",
    }),
    cart_hash: cart.hash,
    cookies: cartCookies(cart, secure),
  };
}

/** Response headers after a form post that may have changed the cart: session and cart cookies. */
export async function cartHeaders(context: AppContext, request: Request): Promise<Headers> {
  const headers = context.session.headers();
  const { cart } = await currentCart(context);
  for (const cookie of cartCookies(cart, new URL(request.url).protocol === "https:"))
    headers.append("Set-Cookie", cookie);
  return headers;
}
