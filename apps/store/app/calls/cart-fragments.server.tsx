import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppContext } from "../context.server.ts";
import {
  CART_COUNT_SELECTOR,
  CartCount,
  MINI_CART_SELECTOR,
  MiniCartContent,
} from "../features/cart/mini-cart-content.tsx";
import { createI18n, type Locale } from "../i18n/i18n.ts";
import type { CartView } from "../lib/cart.ts";
import { cartCookies } from "../services/cart/cart-cookies.server.ts";
import { REMOVE_ITEM_NONCE } from "../services/cart/cart-session.server.ts";
import { createNonce } from "../services/shared/nonce.server.ts";
import type { Session } from "../services/shared/session.server.ts";

export type Fragments = Record<string, string>;

/** Page selector → replacement HTML, rendered by the components the page itself uses. */
export function renderCartFragments(
  cart: CartView,
  options: { locale: Locale; currency: string; removeNonce: string },
): Fragments {
  const i18n = createI18n(options.locale);
  const render = (node: React.ReactNode) =>
    renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  return {
    [MINI_CART_SELECTOR]: render(
      <MiniCartContent
        cart={cart}
        currency={options.currency}
        locale={options.locale}
        removeNonce={options.removeNonce}
      />,
    ),
    [CART_COUNT_SELECTOR]: render(<CartCount count={cart.itemCount} />),
  };
}

/** Everything an answer that may have changed the cart carries: fragments, hash and the cookies. */
export async function cartAnswer(
  context: AppContext,
  session: Session | null,
  cart: CartView,
  secure: boolean,
): Promise<{ fragments: Fragments; cart_hash: string; cookies: string[] }> {
  const options = {
    locale: context.locale,
    currency: context.settings.currency,
    removeNonce: session ? createNonce(session.nonceSecret, REMOVE_ITEM_NONCE) : "",
  };
  // Rendered once per cart content, language, currency and session (whose nonce the remove links
  // carry); a catalogue or settings change empties the cache, so names and prices stay current.
  const key = `fragments:${options.locale}:${options.currency}:${cart.hash}:${options.removeNonce}`;
  const fragments = await context.siteCache.get(key, async () => renderCartFragments(cart, options));
  return { fragments, cart_hash: cart.hash, cookies: cartCookies(cart, secure) };
}
