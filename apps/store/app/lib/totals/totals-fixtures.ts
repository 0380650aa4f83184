/**
 * Builders for the totals engine's table tests (totals.test.ts, tax-rates.test.ts): a line, a rate,
 * a coupon and an input with WooCommerce's defaults, each overridable. Test support only.
 */

import { TAX_SETTINGS_DEFAULTS } from "../tax-settings.ts";
import type {
  TaxLocation,
  TaxRate,
  TaxSettings,
  TotalsCoupon,
  TotalsInput,
  TotalsLine,
} from "./totals-types.ts";

export const SPAIN: TaxLocation = { country: "ES", state: "V", postcode: "46001", city: "Valencia" };
export const FRANCE: TaxLocation = { country: "FR", state: "", postcode: "75001", city: "Paris" };
export const USA: TaxLocation = { country: "US", state: "CA", postcode: "90210", city: "Beverly Hills" };
export const UK: TaxLocation = { country: "GB", state: "", postcode: "SW1A 1AA", city: "London" };

/** WooCommerce's defaults: taxes on, prices without tax, per-line rounding, shipping inherits. */
export const settings = (over: Partial<TaxSettings> = {}): TaxSettings => ({
  ...TAX_SETTINGS_DEFAULTS,
  ...over,
});

export const rate = (id: number, over: Partial<TaxRate> = {}): TaxRate => ({
  id,
  class: "",
  country: "",
  state: "",
  postcodes: [],
  cities: [],
  rate: "20.0000",
  name: "VAT",
  priority: 1,
  compound: false,
  shipping: true,
  order: id,
  ...over,
});

export const line = (
  key: string,
  unitPrice: number,
  quantity = 1,
  over: Partial<TotalsLine> = {},
): TotalsLine => ({
  key,
  productId: key.charCodeAt(0),
  variationId: null,
  categoryIds: [],
  quantity,
  unitPrice,
  regularPrice: unitPrice,
  onSale: false,
  taxStatus: "taxable",
  taxClass: "",
  needsShipping: true,
  shippingClassId: null,
  ...over,
});

export const coupon = (
  code: string,
  type: TotalsCoupon["type"],
  amount: string,
  over: Partial<TotalsCoupon> = {},
): TotalsCoupon => ({
  code,
  type,
  amount,
  freeShipping: false,
  productIds: [],
  excludedProductIds: [],
  categoryIds: [],
  excludedCategoryIds: [],
  excludeSaleItems: false,
  limitUsageToItems: null,
  ...over,
});

/** A cart in the United Kingdom with one 20 % standard rate, unless told otherwise. */
export const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [],
  coupons: [],
  shipping: null,
  location: UK,
  baseLocation: UK,
  rates: [rate(1, { country: "GB" })],
  settings: settings(),
  ...over,
});

export const flatRate = (cost: number, taxable = true) => ({
  id: "flat_rate:1",
  label: "Flat rate",
  cost,
  taxable,
});
