export { AddToCartForm } from "./add-to-cart-form.tsx";
export { Gallery } from "./gallery.tsx";
export { ProductSidebar } from "./product-sidebar.tsx";
export { type ProductTab, ProductTabs } from "./product-tabs.tsx";
export { type ReviewFormState, ReviewLink, ReviewsSection } from "./reviews.tsx";
export { blockedReason, findVariation, type SelectionState, selectionStateOf } from "./selection.ts";
export { StickyBar } from "./sticky-bar.tsx";
export { VariationSelects } from "./variation-selects.tsx";
