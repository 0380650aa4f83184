import { describe, expect, it } from "vitest";
import { type TotalsSummary, totalsRows } from "./totals-rows.ts";

/** 2 × 10.00 at 21 %, a 2.00 coupon, 5.00 shipping taxed at 21 %: 18.00 + 3.78 + 5.00 + 1.05. */
const summary: TotalsSummary = {
  subtotal: 2000,
  subtotalTax: 420,
  discountTotal: 200,
  discountTax: 42,
  shippingTotal: 500,
  shippingTax: 105,
  totalTax: 483,
  total: 2783,
  shippingLabel: "Flat rate",
  coupons: [{ code: "spring", discount: 200, discountTax: 42 }],
  taxLines: [
    { label: "IVA", amount: 483 },
    { label: "Eco", amount: 0 },
  ],
};

describe("a totals table's rows", () => {
  it("shows figures without tax, then each rate's tax, when prices show without tax (a rate with nothing left out)", () => {
    expect(totalsRows(summary, { taxEnabled: true, mode: "excl", itemized: true })).toEqual([
      { kind: "subtotal", amount: 2000 },
      { kind: "coupon", code: "spring", amount: 200 },
      { kind: "shipping", label: "Flat rate", amount: 500 },
      { kind: "tax", tax: { label: "IVA", amount: 483 } },
      { kind: "total", amount: 2783, includedTax: [] },
    ]);
  });

  it("shows one tax row for all rates when the store shows tax as a single total", () => {
    expect(totalsRows(summary, { taxEnabled: true, mode: "excl", itemized: false })).toContainEqual({
      kind: "tax",
      tax: { label: null, amount: 483 },
    });
  });

  it("shows figures with their tax, and the tax the total includes, when prices show with tax", () => {
    expect(totalsRows(summary, { taxEnabled: true, mode: "incl", itemized: true })).toEqual([
      { kind: "subtotal", amount: 2420 },
      { kind: "coupon", code: "spring", amount: 242 },
      { kind: "shipping", label: "Flat rate", amount: 605 },
      { kind: "total", amount: 2783, includedTax: [{ label: "IVA", amount: 483 }] },
    ]);
  });

  it("names a rate without a name as the one tax line is named, as WooCommerce's rate label does", () => {
    const unnamed = { ...summary, taxLines: [{ label: " ", amount: 483 }] };
    expect(totalsRows(unnamed, { taxEnabled: true, mode: "excl", itemized: true })).toContainEqual({
      kind: "tax",
      tax: { label: null, amount: 483 },
    });
    expect(totalsRows(unnamed, { taxEnabled: true, mode: "incl", itemized: true }).at(-1)).toEqual({
      kind: "total",
      amount: 2783,
      includedTax: [{ label: null, amount: 483 }],
    });
  });

  it("shows no tax at all when taxes are off, and no shipping row before a rate is chosen", () => {
    const rows = totalsRows(
      { ...summary, shippingLabel: null },
      { taxEnabled: false, mode: "incl", itemized: true },
    );
    expect(rows).toEqual([
      { kind: "subtotal", amount: 2000 },
      { kind: "coupon", code: "spring", amount: 200 },
      { kind: "total", amount: 2783, includedTax: [] },
    ]);
  });
});
