import type { TotalsSummary } from "./totals/totals-rows.ts";

/** An address as an order keeps it (CONTRACTS.md field names: `first_name`, `address_1`, …). */
export type OrderAddress = Record<string, string | undefined>;

/** An address as the lines it is printed in: name, company, street, town, state, country, contact. */
export function addressLines(address: OrderAddress): string[] {
  return [
    `${address.first_name ?? ""} ${address.last_name ?? ""}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    `${address.postcode ?? ""} ${address.city ?? ""}`.trim(),
    address.state,
    address.country,
    address.email,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

export type OrderLineView = {
  id: number;
  name: string;
  quantity: number;
  /** Before discounts, without tax, and its tax (what the order's lines show). */
  subtotal: number;
  subtotalTax: number;
  /** After discounts, without tax. */
  total: number;
  /** The chosen attribute values of a variation, by attribute label. */
  attributes: Record<string, string>;
  /** How many of its items were ordered beyond the stock, the customer told (decision 0080). */
  backordered: number;
};

/**
 * A line's meta as WooCommerce's `wc_display_item_meta` lists it under the name, on every page and
 * mail that shows the order: a variation's chosen values, then "Backordered: n" (decision 0080).
 */
export function orderLineMeta(
  line: { attributes?: Record<string, string>; backordered?: number },
  backorderedLabel: string,
): Array<{ label: string; value: string }> {
  return [
    ...Object.entries(line.attributes ?? {}).map(([label, value]) => ({ label, value })),
    ...((line.backordered ?? 0) > 0 ? [{ label: backorderedLabel, value: String(line.backordered) }] : []),
  ];
}

/** An order as its shopper sees it: the confirmation page and the account's order page. */
export type OrderView = {
  id: number;
  status: string;
  /** ISO 8601. */
  date: string;
  subtotal: number;
  shippingTotal: number;
  total: number;
  /** The order's figures as its totals table shows them (computed when it was placed). */
  totals: TotalsSummary;
  paymentMethod: string;
  billing: OrderAddress;
  shipping: OrderAddress;
  customerNote: string;
  lines: OrderLineView[];
  /** Money given back on the order, oldest first (the order's own figures never change). */
  refunds: OrderRefundView[];
};

/** A refund as the shopper sees it: how much, and why when the store said. */
export type OrderRefundView = { id: number; amount: number; reason: string };

/** One row of the account's order list. */
export type OrderSummary = { id: number; date: string; status: string; total: number };

/** An order's tax line as stored: one rate's tax on the items and on shipping. */
export type OrderTaxLine = {
  id: number;
  rateId: number | null;
  label: string;
  rate: string;
  compound: boolean;
  taxTotal: number;
  shippingTaxTotal: number;
};

/** A coupon an order used, and what it took off. */
export type OrderCouponLine = { id: number; code: string; discount: number; discountTax: number };

/** An order's stored figures as a totals table reads them. */
export function orderTotalsSummary(
  order: Omit<TotalsSummary, "subtotalTax" | "shippingLabel" | "coupons" | "taxLines"> & {
    shippingLabel: string;
    shippingMethod: string | null;
    lines: Array<{ subtotalTax: number }>;
    taxLines: OrderTaxLine[];
    couponLines: OrderCouponLine[];
  },
): TotalsSummary {
  return {
    subtotal: order.subtotal,
    subtotalTax: order.lines.reduce((sum, line) => sum + line.subtotalTax, 0),
    discountTotal: order.discountTotal,
    discountTax: order.discountTax,
    shippingTotal: order.shippingTotal,
    shippingTax: order.shippingTax,
    totalTax: order.totalTax,
    total: order.total,
    // An order placed before shipping rates had names shows its method's id.
    shippingLabel: order.shippingMethod === null ? null : order.shippingLabel || order.shippingMethod,
    coupons: order.couponLines.map(({ code, discount, discountTax }) => ({ code, discount, discountTax })),
    taxLines: order.taxLines.map((line) => ({
      label: line.label,
      amount: line.taxTotal + line.shippingTaxTotal,
    })),
  };
}
