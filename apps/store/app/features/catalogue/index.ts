// The catalogue feature's public face: what pages and other features may use.

export { ListingToolbar, SubcategoryLinks } from "./listing-toolbar.tsx";
export { Price } from "./price.tsx";
export { ProductCard, ProductGrid } from "./product-card.tsx";
export { ShopSidebar } from "./shop-sidebar.tsx";
export { SortForm } from "./sort-form.tsx";
export { StockStatus } from "./stock-status.tsx";
export { useInfiniteListing } from "./use-infinite-listing.ts";
export { useMoney } from "./use-money.ts";
