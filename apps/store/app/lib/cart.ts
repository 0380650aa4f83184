import type { ImageView } from "./media.ts";

export type CartLineView = {
  key: string;
  productId: number;
  variationId: number | null;
  slug: string;
  name: string;
  attributes: Array<{ label: string; value: string }>;
  image: ImageView | null;
  unitPrice: number;
  regularPrice: number;
  quantity: number;
  /** The most this line may hold: the stock left, or null when stock is not tracked. */
  maxQuantity: number | null;
  total: number;
};

export type CartView = {
  /** Changes whenever the cart's content changes, and only then; empty for an empty cart. */
  hash: string;
  lines: CartLineView[];
  itemCount: number;
  subtotal: number;
  total: number;
};

export const MAX_LINE_QUANTITY = 9999;

export const emptyCart: CartView = { hash: "", lines: [], itemCount: 0, subtotal: 0, total: 0 };
