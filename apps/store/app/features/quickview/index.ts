// Only the button: the dialog and the product components load on first use, not with a listing.
export { QuickViewButton } from "./quickview-button.tsx";
export type { QuickViewData } from "./quickview-data.ts";
