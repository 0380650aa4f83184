export { AddToCartForm } from "./add-to-cart-form.tsx";
export { Gallery } from "./gallery.tsx";
export { ProductDetails } from "./product-details.tsx";
export { type ProductSelection, productSelection } from "./product-selection.ts";
export { ProductSummary } from "./product-summary.tsx";
export type { ReviewFormState } from "./reviews.tsx";
export { StickyBar } from "./sticky-bar.tsx";
export { VariationSelects } from "./variation-selects.tsx";
