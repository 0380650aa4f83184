/** The page selectors the cart fragments are keyed by (spec §3): shared by the server and the browser. */
export const MINI_CART_SELECTOR = "div.widget_shopping_cart_content";
export const CART_COUNT_SELECTOR = "span.cart-count";
