// The catalogue feature's public face: what pages and other features may use.

export { ListingToolbar, SubcategoryLinks } from "./listing-toolbar.tsx";
export { ProductCard, ProductGrid } from "./product-card.tsx";
export { ShopSidebar } from "./shop-sidebar.tsx";
export { SortForm } from "./sort-form.tsx";
export { useInfiniteListing } from "./use-infinite-listing.ts";
