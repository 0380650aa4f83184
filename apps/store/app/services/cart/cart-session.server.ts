import type { AppContext } from "../../context.server.ts";
import type { Session } from "../shared/session.server.ts";
import type { CartOwner, CartView } from "./cart.server.ts";
import { cartCookies, cartCookiesIfChanged } from "./cart-cookies.server.ts";

export const REMOVE_ITEM_NONCE = "remove_item";

export function ownerOf(session: Session): CartOwner {
  return { sessionId: session.id, userId: session.userId };
}

/**
 * Response headers after a form post that may have changed the cart: session and cart cookies. The
 * cart is read unless the caller knows it already.
 */
export async function cartHeaders(context: AppContext, request: Request, known?: CartView): Promise<Headers> {
  const headers = context.session.headers();
  const cart = known ?? (await context.cart.current()).cart;
  for (const cookie of cartCookies(cart, new URL(request.url).protocol === "https:"))
    headers.append("Set-Cookie", cookie);
  return headers;
}

/** Response headers of a page: the session's cookie, and the cart cookies when the browser's copy is stale. */
export function pageHeaders(context: AppContext, cart: CartView, request: Request): Headers {
  const headers = context.session.headers();
  const secure = new URL(request.url).protocol === "https:";
  for (const cookie of cartCookiesIfChanged(cart, request.headers.get("Cookie"), secure))
    headers.append("Set-Cookie", cookie);
  return headers;
}
