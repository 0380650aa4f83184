export { type AffiliateLinkRow, AffiliateLinks } from "./links/affiliate-links.tsx";
export { type MediaItem, MediaLibrary } from "./media/media-library.tsx";
export { MenuEditor, type MenuEditorChoices, type MenuSummary } from "./menus/menu-editor.tsx";
export { OrderList } from "./orders/order-list.tsx";
export { OrderPage } from "./orders/order-page.tsx";
export { PageBuilder, type PageBuilderChoices, type PageRecord } from "./pages/page-builder.tsx";
export { PageList, type PageRow } from "./pages/page-list.tsx";
export { ApiTokenList, CustomerList } from "./people/people-lists.tsx";
export { InviteForm, StaffList } from "./people/people-staff.tsx";
export { PersonPage } from "./people/person-page.tsx";
export { type CategoryRecord, CategoryTree } from "./products/category-tree.tsx";
export {
  type AttributeChoice,
  type MediaChoice,
  ProductForm,
  type ProductRecord,
} from "./products/product-form.tsx";
export { type CategoryOption, type ProductRow, ProductTable } from "./products/product-table.tsx";
export { AnalyticsReport } from "./reports/analytics-report.tsx";
export { AttributionReport } from "./reports/attribution-report.tsx";
export { BackOfficeDashboard } from "./reports/dashboard.tsx";
export { SessionReplay } from "./reports/session-replay.tsx";
export { SettingsForm } from "./settings/settings-form.tsx";
export type { EditableSettings } from "./settings/settings-patch.ts";
