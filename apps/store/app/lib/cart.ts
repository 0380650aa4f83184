import type { ImageView } from "./media.ts";
import type { Backorders } from "./stock-rules.ts";
import type { TotalsSummary } from "./totals/totals-rows.ts";
import type { TaxStatus } from "./totals/totals-types.ts";

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
  /** The most this line may hold: the stock left, or null when stock is not tracked or may be backordered. */
  maxQuantity: number | null;
  /** The product's (or variation's) stock and backorders: whether the line is backordered (decision 0080). */
  stockQuantity: number | null;
  backorders: Backorders;
  /** The stock left when it is at the product's low-stock threshold or under (0 at most), else null. */
  lowStockRemaining: number | null;
  /** `unitPrice` × quantity, the price as entered (with or without tax, as the store enters them). */
  total: number;
  /** Its tax status and class (a variation's class, or its product's). */
  taxStatus: TaxStatus;
  taxClass: string;
  shippingClassId: number | null;
  /** Nothing to ship (a virtual product or variation, decision 0076). */
  virtual: boolean;
  /** The unit price as the cart shows it (with or without tax, by the store's settings). */
  displayPrice: number;
  /** Before discounts, without tax, and its tax: the totals engine's figures for the line. */
  subtotal: number;
  subtotalTax: number;
  /** After discounts, without tax, and its tax. */
  discountedTotal: number;
  discountedTax: number;
};

export type CartView = {
  /** Changes whenever the cart's content changes, and only then; empty for an empty cart. */
  hash: string;
  lines: CartLineView[];
  itemCount: number;
  /** The lines before discounts, as the cart shows them (with or without tax). */
  subtotal: number;
  /** What the shopper pays, tax, discounts and any chosen shipping included. */
  total: number;
  /** Every figure of the cart's totals table, from the totals engine (decision 0066). */
  totals: TotalsSummary;
  /** The codes applied to the cart, in the order applied. */
  coupons: string[];
  /** Whether an applied coupon grants free shipping (the zones' free shipping may then be offered). */
  freeShipping: boolean;
  /** Whether any line ships: a cart of virtual lines only asks for no shipping (decision 0076). */
  needsShipping: boolean;
};

export const MAX_LINE_QUANTITY = 9999;

/** The totals of a cart without lines. */
export const NO_TOTALS: TotalsSummary = {
  subtotal: 0,
  subtotalTax: 0,
  discountTotal: 0,
  discountTax: 0,
  shippingTotal: 0,
  shippingTax: 0,
  totalTax: 0,
  total: 0,
  shippingLabel: null,
  coupons: [],
  taxLines: [],
};

export const emptyCart: CartView = {
  hash: "",
  lines: [],
  itemCount: 0,
  subtotal: 0,
  total: 0,
  totals: NO_TOTALS,
  coupons: [],
  freeShipping: false,
  needsShipping: false,
};
