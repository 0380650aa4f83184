import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  CART_COUNT_SELECTOR,
  CartCount,
  MINI_CART_SELECTOR,
  MiniCartContent,
} from "../features/cart/mini-cart-content.tsx";
import { createI18n, type Locale } from "../i18n/i18n.ts";
import type { CartView } from "./cart.server.ts";

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
