export { type AffiliateLinkRow, AffiliateLinks } from "./affiliate-links.tsx";
export { type CategoryRecord, CategoryTree } from "./category-tree.tsx";
export { type MediaItem, MediaLibrary } from "./media-library.tsx";
export { OrderList } from "./order-list.tsx";
export { OrderPage } from "./order-page.tsx";
export { PageBuilder, type PageBuilderChoices, type PageRecord } from "./page-builder.tsx";
export { PageList, type PageRow } from "./page-list.tsx";
export { type AttributeChoice, type MediaChoice, ProductForm, type ProductRecord } from "./product-form.tsx";
export { type CategoryOption, type ProductRow, ProductTable } from "./product-table.tsx";
