// The cart feature's public face: what pages, the header and other features may use.
export { AddToCartButton } from "./add-to-cart-button.tsx";
export { CART_EVENTS } from "./cart-client.ts";
export { type CartClientConfig, type CartSettings, cartClientConfig } from "./cart-config.ts";
export { CartTable } from "./cart-table.tsx";
export { CartCheckoutBar, CartTotals, EmptyCart } from "./cart-totals.tsx";
export { HeaderCart } from "./header-cart.tsx";
export { isCartLinePending } from "./mini-cart-actions.ts";
export { useCartLines, useUpdatedCartTotals } from "./use-cart-lines.ts";
