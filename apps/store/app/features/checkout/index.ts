// The checkout feature's public face: what the checkout page uses.
export { CheckoutForm } from "./checkout-form.tsx";
export type { CheckoutPageData, CheckoutResult } from "./checkout-view.ts";
export { TermsText } from "./terms.tsx";
