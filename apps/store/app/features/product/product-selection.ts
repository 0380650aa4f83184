import type { Price, ProductPage, Stock, VariationView } from "../../lib/catalogue.ts";
import type { ImageView } from "../../lib/media.ts";
import { purchaseLimit } from "../../lib/stock-rules.ts";
import { blockedReason, type SelectionState } from "../../lib/variation-selection.ts";

export type ProductSelection = {
  variable: boolean;
  /** The chosen variation's stock for a variable product (null until one is chosen), else the product's. */
  stock: Stock | null;
  /** Why buying is blocked (a translation key), or null. */
  reason: string | null;
  images: ImageView[];
  maxQuantity: number | undefined;
  price: Price;
};

/** What the product page shows and allows for the current choice of variation. */
export function productSelection(
  product: ProductPage,
  variation: VariationView | null,
  selectionState: SelectionState,
): ProductSelection {
  const variable = product.type === "variable";
  const stock = variable ? (variation?.stock ?? null) : product.stock;
  const inStock = stock !== null && stock.state !== "outofstock";
  return {
    variable,
    stock,
    reason: blockedReason(selectionState, inStock),
    // A chosen variation's picture takes the first slide's place (spec §4 "Variation display").
    images: variation?.image ? [variation.image, ...product.images.slice(1)] : product.images,
    // No limit where the stock is not counted or may be backordered (decision 0080).
    maxQuantity: stock ? purchaseLimit(stock) : undefined,
    price: variation ? variation.price : product.price,
  };
}
