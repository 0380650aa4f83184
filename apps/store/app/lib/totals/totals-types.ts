/**
 * The cart totals engine's input and output (issue 41, decision 0066). Every figure is an integer
 * in the currency's minor units (cents); a tax rate is a decimal string with up to four decimals
 * ("21.0000"), never a binary float. The engine (`computeTotals` in totals.ts) is pure: whoever
 * calls it has already read the lines, the rates, the coupons and the chosen shipping rate.
 */

/** Where tax is charged: a customer's address, or the shop's base address. Upper-case codes. */
export type TaxLocation = { country: string; state: string; postcode: string; city: string };

/** One row of the owner's tax rates table, in WooCommerce's model (`wc/v3/taxes`). */
export type TaxRate = {
  id: number;
  /** The tax class's slug; "" is the standard class. */
  class: string;
  /** ISO country code, or "" for every country. */
  country: string;
  /** State code, or "" for every state. */
  state: string;
  /** Postcodes: exact, with a trailing "*" wildcard, or a numeric range "1000...1999"; none: all. */
  postcodes: string[];
  /** City names (matched case-insensitively); none: every city. */
  cities: string[];
  /** Percent with up to four decimals, as a string: "21.0000". */
  rate: string;
  name: string;
  /** One rate per priority level applies; lower levels first. */
  priority: number;
  /** Charged on the price plus the non-compound taxes before it. */
  compound: boolean;
  /** Also charged on shipping. */
  shipping: boolean;
  /** The owner's order of the rates inside a class. */
  order: number;
};

/** The store's tax settings, as WooCommerce has them (woocommerce_* tax options). */
export type TaxSettings = {
  enabled: boolean;
  /** Prices are entered with tax included. */
  pricesIncludeTax: boolean;
  /** Which address taxes follow. */
  basedOn: "shipping" | "billing" | "base";
  /** Shipping's tax class: "inherit" (from the cart's items) or a class slug ("" standard). */
  shippingTaxClass: string;
  /** Round tax at subtotal level instead of per line. */
  roundAtSubtotal: boolean;
  /** How prices show in the shop (listings, product pages). */
  displayShop: "incl" | "excl";
  /** How prices show in the cart and the checkout. */
  displayCart: "incl" | "excl";
  /** Tax lines one per rate ("itemized") or as one total ("single"). */
  totalsDisplay: "itemized" | "single";
};

export type TaxStatus = "taxable" | "shipping" | "none";

/** A cart line as the engine needs it. `unitPrice` is the price as entered (with or without tax). */
export type TotalsLine = {
  key: string;
  productId: number;
  variationId: number | null;
  /** The product's categories (and their ancestors), for coupons' category rules. */
  categoryIds: number[];
  quantity: number;
  unitPrice: number;
  regularPrice: number;
  onSale: boolean;
  taxStatus: TaxStatus;
  /** "" is the standard class. */
  taxClass: string;
  needsShipping: boolean;
  /** The product's shipping class id, or null. */
  shippingClassId: number | null;
};

export type CouponType = "percent" | "fixed_cart" | "fixed_product";

/** A coupon already found valid for this cart (expiry, spend, e-mails, usage are checked elsewhere). */
export type TotalsCoupon = {
  code: string;
  type: CouponType;
  /** Percent ("10", "12.5") for percent coupons, a money amount in minor units as a string otherwise. */
  amount: string;
  freeShipping: boolean;
  productIds: number[];
  excludedProductIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  excludeSaleItems: boolean;
  /** WooCommerce's "limit usage to X items" (percent and fixed product); null: no limit. */
  limitUsageToItems: number | null;
  /** The coupon's id, WooCommerce's last tie-break when ordering coupons (higher first); optional. */
  id?: number;
};

/** The shipping rate the shopper chose, as the shipping zones priced it (before tax). */
export type ShippingChoice = {
  /** "flat_rate:3", "free_shipping:4", "local_pickup:5" (method id and its instance). */
  id: string;
  label: string;
  /** Cost in minor units, without tax (WooCommerce's shipping costs are entered without tax). */
  cost: number;
  taxable: boolean;
};

export type TotalsInput = {
  lines: TotalsLine[];
  coupons: TotalsCoupon[];
  shipping: ShippingChoice | null;
  /** The location taxes follow (already chosen by `settings.basedOn`). */
  location: TaxLocation;
  /** The shop's base address: prices entered with tax include the base location's tax. */
  baseLocation: TaxLocation;
  /** The whole rates table; the engine finds the ones that match. */
  rates: TaxRate[];
  settings: TaxSettings;
  /**
   * The owner's tax class slugs in WooCommerce's order (by name), for shipping's "inherit" rule when
   * the cart's lines have several classes and none is the standard one; absent: alphabetical.
   */
  taxClasses?: string[];
};

/** One tax rate's share of a figure, by rate id. */
export type TaxShares = Record<number, number>;

export type LineTotals = {
  key: string;
  /** Before discounts, without tax. */
  subtotal: number;
  subtotalTax: number;
  /** After discounts, without tax. */
  total: number;
  totalTax: number;
  /** `totalTax` by rate. */
  taxes: TaxShares;
  /** `subtotalTax` by rate. */
  subtotalTaxes: TaxShares;
};

export type CouponTotals = { code: string; discount: number; discountTax: number };

export type TaxLineTotals = {
  rateId: number;
  /** The rate's name ("IVA"), as the order keeps it. */
  label: string;
  rate: string;
  compound: boolean;
  /** Tax on the items. */
  taxTotal: number;
  /** Tax on shipping. */
  shippingTaxTotal: number;
};

export type Totals = {
  lines: LineTotals[];
  coupons: CouponTotals[];
  shipping: { id: string; label: string; cost: number; tax: number; taxes: TaxShares } | null;
  taxLines: TaxLineTotals[];
  /** Sum of the lines' subtotals (without tax) and their tax. */
  subtotal: number;
  subtotalTax: number;
  discountTotal: number;
  discountTax: number;
  shippingTotal: number;
  shippingTax: number;
  /** Items' tax plus shipping's tax. */
  totalTax: number;
  /** What the shopper pays. */
  total: number;
  /** Whether a coupon gives free shipping. */
  freeShipping: boolean;
};

/**
 * A cart's engine input but for the location and the shipping rate: what the checkout's form prices
 * the cart with as the shopper types an address and picks a rate (the same engine as the order's).
 */
export type CheckoutPricing = Omit<TotalsInput, "location" | "shipping">;
