import type { TaxSettings, Totals } from "./totals-types.ts";

/**
 * The figures every totals table shows, whoever computed them: a cart's (the engine, just now) or
 * an order's (the engine's figures as the order stored them). All in minor units.
 */
export type TotalsSummary = Pick<
  Totals,
  | "subtotal"
  | "subtotalTax"
  | "discountTotal"
  | "discountTax"
  | "shippingTotal"
  | "shippingTax"
  | "totalTax"
  | "total"
> & {
  /** The chosen shipping rate's name; null when none is chosen yet. */
  shippingLabel: string | null;
  coupons: Array<{ code: string; discount: number; discountTax: number }>;
  /** Each rate's tax, items' and shipping's together. */
  taxLines: Array<{ label: string; amount: number }>;
};

/** How the store shows totals (its tax settings): with or without tax, and tax by rate or as one. */
export type TotalsDisplay = { taxEnabled: boolean; mode: "incl" | "excl"; itemized: boolean };

/** A tax figure as a totals row names it: a rate's name, or null for the one "Tax" line (and a rate without a name). */
export type TaxFigure = { label: string | null; amount: number };

export type TotalsRow =
  | { kind: "subtotal"; amount: number }
  /** What a coupon took off, as a positive amount (shown negative). */
  | { kind: "coupon"; code: string; amount: number }
  | { kind: "shipping"; label: string; amount: number }
  | { kind: "tax"; tax: TaxFigure }
  /** `includedTax`: the tax a total shown with tax includes ("includes $2.10 VAT"). */
  | { kind: "total"; amount: number; includedTax: TaxFigure[] };

/**
 * The rows of a totals table, as WooCommerce's cart and order totals show them: the subtotal,
 * each coupon, the shipping, the tax (by rate when itemised; only when prices show without tax),
 * and the total, which says the tax it includes when prices show with it.
 */
export function totalsRows(summary: TotalsSummary, display: TotalsDisplay): TotalsRow[] {
  const withTax = display.taxEnabled && display.mode === "incl";
  const taxes: TaxFigure[] = !display.taxEnabled
    ? []
    : display.itemized
      ? summary.taxLines
          .filter((line) => line.amount !== 0)
          // A rate saved without a name (WooCommerce's importer lets one through) is called "Tax",
          // as WooCommerce's rate label calls it.
          .map((line) => ({ label: line.label.trim() === "" ? null : line.label, amount: line.amount }))
      : summary.totalTax !== 0
        ? [{ label: null, amount: summary.totalTax }]
        : [];
  return [
    { kind: "subtotal", amount: summary.subtotal + (withTax ? summary.subtotalTax : 0) },
    ...summary.coupons.map(
      (coupon): TotalsRow => ({
        kind: "coupon",
        code: coupon.code,
        amount: coupon.discount + (withTax ? coupon.discountTax : 0),
      }),
    ),
    ...(summary.shippingLabel === null
      ? []
      : [
          {
            kind: "shipping" as const,
            label: summary.shippingLabel,
            amount: summary.shippingTotal + (withTax ? summary.shippingTax : 0),
          },
        ]),
    ...(withTax ? [] : taxes.map((tax): TotalsRow => ({ kind: "tax", tax }))),
    { kind: "total", amount: summary.total, includedTax: withTax ? taxes : [] },
  ];
}

/** The engine's figures as a totals table reads them. */
export function summaryOfTotals(totals: Totals): TotalsSummary {
  return {
    subtotal: totals.subtotal,
    subtotalTax: totals.subtotalTax,
    discountTotal: totals.discountTotal,
    discountTax: totals.discountTax,
    shippingTotal: totals.shippingTotal,
    shippingTax: totals.shippingTax,
    totalTax: totals.totalTax,
    total: totals.total,
    shippingLabel: totals.shipping?.label ?? null,
    coupons: totals.coupons.map(({ code, discount, discountTax }) => ({ code, discount, discountTax })),
    taxLines: totals.taxLines.map((line) => ({
      label: line.label,
      amount: line.taxTotal + line.shippingTaxTotal,
    })),
  };
}

/** How the store's tax settings say a cart's or an order's totals show. */
export function totalsDisplayOf(taxes: TaxSettings): TotalsDisplay {
  return { taxEnabled: taxes.enabled, mode: taxes.displayCart, itemized: taxes.totalsDisplay === "itemized" };
}

/** A line's amount as a totals table shows it: before discounts, with its tax when prices show with tax. */
export function lineAmount(line: { subtotal: number; subtotalTax: number }, display: TotalsDisplay): number {
  return line.subtotal + (display.taxEnabled && display.mode === "incl" ? line.subtotalTax : 0);
}
