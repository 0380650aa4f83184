/**
 * Table tests of the totals engine (issue 41, decision 0066). Each case is named after the
 * WooCommerce rule it checks; the expected figures are worked by hand from that rule (the
 * arithmetic is in a comment where it is not obvious). Amounts are in cents.
 */
import { describe, expect, it } from "vitest";
import { computeTotals, displayPrice, linesSubtotal } from "./totals.ts";
import { coupon, FRANCE, flatRate, input, line, rate, SPAIN, settings, UK, USA } from "./totals-fixtures.ts";

const IVA = rate(21, { country: "ES", rate: "21.0000", name: "IVA" });
const IVA_REDUCED = rate(10, { country: "ES", rate: "10.0000", name: "IVA reducido", class: "reduced-rate" });
const TVA = rate(20, { country: "FR", rate: "20.0000", name: "TVA" });

describe("prices entered without tax (calc_exclusive_tax)", () => {
  it("a 20 % rate adds 20 % of the line: 10.00 → 2.00 tax, 12.00 total", () => {
    const t = computeTotals(input({ lines: [line("a", 1000)] }));
    expect(t.lines[0]).toMatchObject({ subtotal: 1000, subtotalTax: 200, total: 1000, totalTax: 200 });
    expect([t.subtotal, t.subtotalTax, t.totalTax, t.total]).toEqual([1000, 200, 200, 1200]);
    expect(t.taxLines).toEqual([
      { rateId: 1, label: "VAT", rate: "20.0000", compound: false, taxTotal: 200, shippingTaxTotal: 0 },
    ]);
  });

  it("the line is unit price × quantity before tax: 3 × 3.33 at 20 % → 9.99 + 2.00 (1.998 rounded)", () => {
    const t = computeTotals(input({ lines: [line("a", 333, 3)] }));
    expect(t.lines[0]).toMatchObject({ subtotal: 999, totalTax: 200 });
    expect(t.total).toBe(1199);
  });

  it("wc_round_tax_total rounds half up when prices exclude tax: 10 % of 0.25 = 2.5 c → 3 c", () => {
    const t = computeTotals(input({ lines: [line("a", 25)], rates: [rate(1, { rate: "10.0000" })] }));
    expect(t.lines[0]?.totalTax).toBe(3);
    expect(t.total).toBe(28);
  });

  it("a rate with four decimals is exact: 8.875 % of 100.00 = 8.875 → 8.88", () => {
    const t = computeTotals(input({ lines: [line("a", 10000)], rates: [rate(1, { rate: "8.8750" })] }));
    expect(t.totalTax).toBe(888);
  });
});

describe("prices entered with tax (calc_inclusive_tax)", () => {
  const incl = settings({ pricesIncludeTax: true });

  it("the tax inside 12.00 at 20 % is 2.00 and the line without tax 10.00", () => {
    const t = computeTotals(input({ lines: [line("a", 1200)], settings: incl }));
    expect(t.lines[0]).toMatchObject({ subtotal: 1000, subtotalTax: 200, total: 1000, totalTax: 200 });
    expect(t.total).toBe(1200);
  });

  it("wc_get_tax_rounding_mode rounds half down with prices including tax: 9.99 at 20 % → 1.66 tax, 8.33 net", () => {
    // 999 − 999 / 1.2 = 166.5 c: half down → 166; the net 832.5 rounds half up → 833; 833 + 166 = 999.
    const t = computeTotals(input({ lines: [line("a", 999)], settings: incl }));
    expect(t.lines[0]).toMatchObject({ subtotal: 833, subtotalTax: 166, total: 833, totalTax: 166 });
    expect(t.total).toBe(999);
  });

  it("two simple rates share the tax inside the price in proportion: 11.50 with 10 % + 5 % → 1.00 + 0.50", () => {
    // left = 1150; 1150 × 10 / 115 = 100, 1150 × 5 / 115 = 50.
    const rates = [rate(1, { rate: "10.0000" }), rate(2, { rate: "5.0000", priority: 2 })];
    const t = computeTotals(input({ lines: [line("a", 1150)], rates, settings: incl }));
    expect(t.lines[0]?.taxes).toEqual({ 1: 100, 2: 50 });
    expect(t.lines[0]?.total).toBe(1000);
  });
});

describe("rounding at subtotal or per line (woocommerce_tax_round_at_subtotal)", () => {
  const rates = [rate(1, { rate: "10.0000" })];
  const lines = [line("a", 105), line("b", 105), line("c", 105)];

  it("per line: each 1.05 line's 10.5 c of tax rounds to 11 c, 33 c in all, total 3.48", () => {
    const t = computeTotals(input({ lines, rates }));
    expect(t.lines.map((l) => l.totalTax)).toEqual([11, 11, 11]);
    expect([t.totalTax, t.total]).toEqual([33, 348]);
    expect(t.taxLines[0]?.taxTotal).toBe(33);
  });

  it("at subtotal: 3 × 10.5 c = 31.5 c rounded once → 32 c, total 3.47, a cent less than per line", () => {
    const t = computeTotals(input({ lines, rates, settings: settings({ roundAtSubtotal: true }) }));
    expect([t.totalTax, t.total]).toEqual([32, 347]);
    expect(t.taxLines[0]?.taxTotal).toBe(32);
  });

  it("at subtotal with prices including tax: two 9.99 lines at 20 % → 333.0 c tax, 16.65 net", () => {
    // Each line: 166.5 c of tax unrounded; per line it would be 166 + 166 = 332 (half down).
    const lines2 = [line("a", 999), line("b", 999)];
    const at = computeTotals(
      input({ lines: lines2, settings: settings({ pricesIncludeTax: true, roundAtSubtotal: true }) }),
    );
    expect([at.subtotal, at.subtotalTax, at.totalTax, at.total]).toEqual([1665, 333, 333, 1998]);
    const per = computeTotals(input({ lines: lines2, settings: settings({ pricesIncludeTax: true }) }));
    expect([per.subtotal, per.subtotalTax, per.totalTax, per.total]).toEqual([1666, 332, 332, 1998]);
  });
});

describe("compound and stacked rates", () => {
  const rates = [
    rate(1, { rate: "10.0000", name: "GST" }),
    rate(2, { rate: "5.0000", name: "PST", priority: 2, compound: true }),
  ];

  it("a compound rate is charged on the price plus the taxes before it: 100.00 → 10.00 + 5.50", () => {
    // 10 % of 100.00 = 10.00; 5 % of (100.00 + 10.00) = 5.50.
    const t = computeTotals(input({ lines: [line("a", 10000)], rates }));
    expect(t.lines[0]?.taxes).toEqual({ 1: 1000, 2: 550 });
    expect(t.total).toBe(11550);
    expect(t.taxLines.map((l) => [l.label, l.compound, l.taxTotal])).toEqual([
      ["GST", false, 1000],
      ["PST", true, 550],
    ]);
  });

  it("a compound rate inside a price comes out first: 115.50 incl → 5.50 compound, then 10.00", () => {
    // 11550 − 11550 / 1.05 = 550; what is left, 11000, holds 10 %: 11000 × 10 / 110 = 1000.
    const t = computeTotals(
      input({ lines: [line("a", 11550)], rates, settings: settings({ pricesIncludeTax: true }) }),
    );
    expect(t.lines[0]?.taxes).toEqual({ 1: 1000, 2: 550 });
    expect(t.lines[0]?.total).toBe(10000);
  });

  it("rates of two priorities both apply, a country's and a state's: 4 % + 2.5 % of 10.00", () => {
    const us = [
      rate(1, { country: "US", rate: "4.0000", name: "US" }),
      rate(2, { country: "US", state: "CA", rate: "2.5000", name: "CA", priority: 2 }),
    ];
    const t = computeTotals(input({ lines: [line("a", 1000)], rates: us, location: USA, baseLocation: USA }));
    expect(t.lines[0]?.taxes).toEqual({ 1: 40, 2: 25 });
    expect(t.total).toBe(1065);
  });

  it("one rate per priority: of two matching rates at the same priority only the more specific applies", () => {
    const both = [
      rate(1, { rate: "10.0000", name: "Anywhere" }),
      rate(2, { country: "GB", rate: "20.0000" }),
    ];
    const t = computeTotals(input({ lines: [line("a", 1000)], rates: both }));
    expect(t.lines[0]?.taxes).toEqual({ 2: 200 });
    expect(t.taxLines.map((l) => l.rateId)).toEqual([2]);
  });
});

describe("tax classes and statuses", () => {
  it("each line is taxed with its class's rates, the tax lines itemised by rate", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 1000, 1, { taxClass: "reduced-rate" })],
        rates: [IVA, IVA_REDUCED],
        location: SPAIN,
        baseLocation: SPAIN,
      }),
    );
    expect(t.taxLines.map((l) => [l.label, l.taxTotal])).toEqual([
      ["IVA", 210],
      ["IVA reducido", 100],
    ]);
    expect(t.total).toBe(2310);
  });

  it("a zero rate class charges nothing and keeps its 0 % tax line", () => {
    const zero = rate(3, { class: "zero-rate", rate: "0.0000", name: "Zero" });
    const t = computeTotals(input({ lines: [line("a", 1000, 1, { taxClass: "zero-rate" })], rates: [zero] }));
    expect(t.taxLines).toEqual([
      { rateId: 3, label: "Zero", rate: "0.0000", compound: false, taxTotal: 0, shippingTaxTotal: 0 },
    ]);
    expect(t.total).toBe(1000);
  });

  it('tax status "none": the line carries no tax, even when prices include tax', () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1210, 1, { taxStatus: "none" }), line("b", 1210)],
        rates: [IVA],
        location: SPAIN,
        baseLocation: SPAIN,
        settings: settings({ pricesIncludeTax: true }),
      }),
    );
    expect(t.lines.map((l) => [l.subtotal, l.totalTax])).toEqual([
      [1210, 0],
      [1000, 210],
    ]);
    expect(t.total).toBe(2420);
  });

  it('tax status "shipping": the line is untaxed but its class still taxes shipping', () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000, 1, { taxStatus: "shipping", taxClass: "reduced-rate" })],
        rates: [IVA, IVA_REDUCED],
        location: SPAIN,
        baseLocation: SPAIN,
        shipping: flatRate(500),
      }),
    );
    expect(t.lines[0]?.totalTax).toBe(0);
    expect(t.shipping?.taxes).toEqual({ 10: 50 });
    expect(t.total).toBe(1550);
  });

  it("taxes off (woocommerce_calc_taxes no): no tax at all, prices taken as entered", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1210)],
        rates: [IVA],
        location: SPAIN,
        baseLocation: SPAIN,
        shipping: flatRate(500),
        settings: settings({ enabled: false, pricesIncludeTax: true }),
      }),
    );
    expect([t.subtotal, t.totalTax, t.shippingTax, t.total]).toEqual([1210, 0, 0, 1710]);
    expect(t.taxLines).toEqual([]);
  });
});

describe("shipping tax (get_shipping_tax_rates)", () => {
  const rates = [
    IVA,
    IVA_REDUCED,
    rate(4, { country: "ES", class: "zero-rate", rate: "0.0000", name: "Zero" }),
  ];
  const base = { rates, location: SPAIN, baseLocation: SPAIN, shipping: flatRate(500) };

  it("inherit with a standard-class line: shipping takes the standard rate, 21 % of 5.00", () => {
    const t = computeTotals(
      input({ ...base, lines: [line("a", 1000, 1, { taxClass: "reduced-rate" }), line("b", 1000)] }),
    );
    expect(t.shipping).toMatchObject({ cost: 500, tax: 105, taxes: { 21: 105 } });
    expect(t.taxLines.find((l) => l.rateId === 21)?.shippingTaxTotal).toBe(105);
  });

  it("inherit with only reduced-rate lines: shipping takes the reduced class, 10 % of 5.00", () => {
    const t = computeTotals(input({ ...base, lines: [line("a", 1000, 1, { taxClass: "reduced-rate" })] }));
    expect(t.shipping?.taxes).toEqual({ 10: 50 });
    expect(t.total).toBe(1000 + 100 + 500 + 50);
  });

  it("inherit with several non-standard classes: the first in the owner's class order", () => {
    const lines = [
      line("a", 1000, 1, { taxClass: "zero-rate" }),
      line("b", 1000, 1, { taxClass: "reduced-rate" }),
    ];
    const byName = computeTotals(input({ ...base, lines, taxClasses: ["reduced-rate", "zero-rate"] }));
    expect(byName.shipping?.taxes).toEqual({ 10: 50 });
    const other = computeTotals(input({ ...base, lines, taxClasses: ["zero-rate", "reduced-rate"] }));
    expect(other.shipping?.taxes).toEqual({ 4: 0 });
  });

  it("inherit ignores lines that need no shipping or carry no tax", () => {
    const lines = [
      line("a", 1000, 1, { taxClass: "reduced-rate" }),
      line("b", 1000, 1, { needsShipping: false }),
      line("c", 1000, 1, { taxStatus: "none" }),
    ];
    const t = computeTotals(input({ ...base, lines }));
    expect(t.shipping?.taxes).toEqual({ 10: 50 });
  });

  it("inherit with no line whose shipping is taxable: no shipping tax", () => {
    const t = computeTotals(input({ ...base, lines: [line("a", 1000, 1, { taxStatus: "none" })] }));
    expect([t.shippingTax, t.total]).toEqual([0, 1500]);
  });

  it("a fixed shipping tax class is used whatever the lines' classes", () => {
    const t = computeTotals(
      input({ ...base, lines: [line("a", 1000)], settings: settings({ shippingTaxClass: "reduced-rate" }) }),
    );
    expect(t.shipping?.taxes).toEqual({ 10: 50 });
  });

  it('rates without "shipping" ticked are not charged on shipping', () => {
    const noShip = { ...IVA, shipping: false };
    const t = computeTotals(input({ ...base, rates: [noShip], lines: [line("a", 1000)] }));
    expect([t.shippingTax, t.totalTax, t.total]).toEqual([0, 210, 1710]);
    expect(t.taxLines).toEqual([
      { rateId: 21, label: "IVA", rate: "21.0000", compound: false, taxTotal: 210, shippingTaxTotal: 0 },
    ]);
  });

  it("a shipping rate whose tax status is none carries no tax", () => {
    const t = computeTotals(input({ ...base, shipping: flatRate(500, false), lines: [line("a", 1000)] }));
    expect(t.shippingTax).toBe(0);
  });

  it("shipping cost is entered without tax even when prices include tax", () => {
    const t = computeTotals(
      input({ ...base, lines: [line("a", 1210)], settings: settings({ pricesIncludeTax: true }) }),
    );
    expect([t.shippingTotal, t.shippingTax, t.total]).toEqual([500, 105, 1815]);
  });

  it("shipping tax is rounded half up per rate: 21 % of 4.50 = 94.5 c → 95 c", () => {
    const t = computeTotals(input({ ...base, shipping: flatRate(450), lines: [line("a", 1000)] }));
    expect(t.shippingTax).toBe(95);
  });
});

describe("percent coupons (apply_coupon_percent)", () => {
  it("10 % off each line as entered: 10.00 and 2 × 5.00 → 1.00 + 1.00", () => {
    const t = computeTotals(
      input({ lines: [line("a", 1000), line("b", 500, 2)], coupons: [coupon("TEN", "percent", "10")] }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([900, 900]);
    expect(t.coupons).toEqual([{ code: "TEN", discount: 200, discountTax: 40 }]);
    expect([t.discountTotal, t.discountTax, t.total]).toEqual([200, 40, 2160]);
  });

  it("the cents lost flooring each line are given back one at a time (apply_coupon_remainder)", () => {
    // Three 0.33 lines, 10 %: floor(3.3) = 3 c each = 9 c, but 10 % of 0.99 rounds to 10 c: 1 c more,
    // to the first line.
    const t = computeTotals(
      input({
        lines: [line("a", 33), line("b", 33), line("c", 33)],
        coupons: [coupon("TEN", "percent", "10")],
        rates: [],
      }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([29, 30, 30]);
    expect(t.discountTotal).toBe(10);
  });

  it("a fractional percentage is exact: 12.5 % of 9.99 → floor(124.875) = 124 c, then 1 c remainder", () => {
    // round(999 × 0.125) = round(124.875) = 125 > 124, so the remainder adds a cent.
    const t = computeTotals(
      input({ lines: [line("a", 999)], coupons: [coupon("C", "percent", "12.5")], rates: [] }),
    );
    expect(t.discountTotal).toBe(125);
  });

  it("limit usage to X items: 50 % off 2 of 3 units → 10.00 off 30.00", () => {
    // price_to_discount = 3000 / 3 × 2 = 2000; 50 % = 1000.
    const t = computeTotals(
      input({
        lines: [line("a", 1000, 3)],
        coupons: [coupon("HALF", "percent", "50", { limitUsageToItems: 2 })],
        rates: [],
      }),
    );
    expect(t.lines[0]?.total).toBe(2000);
  });

  it("limit usage to X items counts units over lines, largest line first", () => {
    // Lines sorted by price × quantity: b (2 × 8.00 = 16.00, key 32.00) then a (10.00). Limit 3:
    // b's 2 units (1.60) then 1 of a's (1.00).
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 800, 2)],
        coupons: [coupon("TEN", "percent", "10", { limitUsageToItems: 3 })],
        rates: [],
      }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([900, 1440]);
  });

  it("with prices including tax the discount comes off the price with tax, and its tax is split out", () => {
    // 12.00 incl, 10 % → 1.20 off; its tax 1.20 − 1.20 / 1.2 = 0.20; discount without tax 1.00.
    // Line: 10.80 incl → 9.00 net + 1.80 tax.
    const t = computeTotals(
      input({
        lines: [line("a", 1200)],
        coupons: [coupon("TEN", "percent", "10")],
        settings: settings({ pricesIncludeTax: true }),
      }),
    );
    expect(t.coupons).toEqual([{ code: "TEN", discount: 100, discountTax: 20 }]);
    expect(t.lines[0]).toMatchObject({ subtotal: 1000, subtotalTax: 200, total: 900, totalTax: 180 });
    expect(t.total).toBe(1080);
  });
});

describe("fixed coupons (apply_coupon_fixed_product, apply_coupon_fixed_cart)", () => {
  it("fixed product: the amount off each unit, never more than the line", () => {
    // a: 2 × 2.00 off = 4.00; b: 2.00 off a 1.50 line → 1.50.
    const t = computeTotals(
      input({
        lines: [line("a", 1000, 2), line("b", 150)],
        coupons: [coupon("TWO", "fixed_product", "200")],
        rates: [],
      }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([1600, 0]);
    expect(t.discountTotal).toBe(550);
  });

  it("fixed product with limit usage to X items: only X units, each capped at its price", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 300, 4)],
        coupons: [coupon("FIVE", "fixed_product", "500", { limitUsageToItems: 2 })],
        rates: [],
      }),
    );
    // min(5.00, 3.00) × 2 = 6.00.
    expect(t.discountTotal).toBe(600);
  });

  it("fixed cart: split evenly by unit, the leftover cent to the largest line first", () => {
    // 10.00 over 3 units: floor(1000 / 3) = 333 c a unit → a 333, b 666 (999); 1 c left, per unit
    // floor(1 / 3) = 0, so the remainder goes a cent at a time, to b first (price × qty 2000 × 2 is
    // the largest sort key).
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 500, 2)],
        coupons: [coupon("TENOFF", "fixed_cart", "1000")],
        rates: [],
      }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([667, 333]);
    expect(t.discountTotal).toBe(1000);
  });

  it("fixed cart on taxed lines: the discount's tax is the tax of what it took", () => {
    // 5.00 off two 10.00 lines: 2.50 each; tax 20 % of 2.50 × 2 = 1.00.
    const t = computeTotals(
      input({ lines: [line("a", 1000), line("b", 1000)], coupons: [coupon("FIVE", "fixed_cart", "500")] }),
    );
    expect(t.coupons).toEqual([{ code: "FIVE", discount: 500, discountTax: 100 }]);
    expect(t.total).toBe(1800);
  });

  it("a coupon larger than the cart takes the lines to zero and never below", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000)],
        coupons: [coupon("BIG", "fixed_cart", "5000")],
        shipping: flatRate(500),
      }),
    );
    expect(t.lines[0]).toMatchObject({ total: 0, totalTax: 0 });
    expect(t.discountTotal).toBe(1000);
    // Shipping is still owed: 5.00 + 20 % tax.
    expect(t.total).toBe(600);
  });

  it("fixed cart applies to every line, product rules aside (is_valid_for_cart)", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 1000)],
        coupons: [coupon("CART", "fixed_cart", "200", { productIds: [line("a", 0).productId] })],
        rates: [],
      }),
    );
    expect(t.lines.map((l) => l.total)).toEqual([900, 900]);
  });
});

describe("which lines a coupon applies to (is_valid_for_product)", () => {
  const lines = [
    line("a", 1000, 1, { categoryIds: [7] }),
    line("b", 1000, 1, { categoryIds: [8], variationId: 500 }),
    line("c", 1000, 1, { categoryIds: [7, 8], onSale: true }),
  ];
  const totals = (c: ReturnType<typeof coupon>) =>
    computeTotals(input({ lines, coupons: [c], rates: [] })).lines.map((l) => l.total);

  it("products named: only those lines (a variation by its own id or its product's)", () => {
    expect(totals(coupon("P", "percent", "10", { productIds: [500] }))).toEqual([1000, 900, 1000]);
    expect(totals(coupon("P", "percent", "10", { productIds: [lines[0]?.productId ?? 0] }))).toEqual([
      900, 1000, 1000,
    ]);
  });

  it("categories named: only lines in one of them", () => {
    expect(totals(coupon("C", "percent", "10", { categoryIds: [8] }))).toEqual([1000, 900, 900]);
  });

  it("excluded products are never discounted", () => {
    expect(totals(coupon("X", "percent", "10", { excludedProductIds: [500] }))).toEqual([900, 1000, 900]);
  });

  it("excluded categories win over included ones", () => {
    expect(totals(coupon("X", "percent", "10", { categoryIds: [7], excludedCategoryIds: [8] }))).toEqual([
      900, 1000, 1000,
    ]);
  });

  it("exclude sale items: lines on sale are not discounted", () => {
    expect(totals(coupon("S", "fixed_product", "100", { excludeSaleItems: true }))).toEqual([900, 900, 1000]);
  });
});

describe("several coupons (get_coupons_from_cart, sort_coupons_callback)", () => {
  it("two coupons: fixed product first, then percent on the price as entered (not sequential)", () => {
    // 2 × 10.00: fixed product 1.00 a unit = 2.00; 10 % of 20.00 = 2.00; 4.00 in all.
    const t = computeTotals(
      input({
        lines: [line("a", 1000, 2)],
        coupons: [coupon("TEN", "percent", "10"), coupon("ONE", "fixed_product", "100")],
        rates: [],
      }),
    );
    expect(t.coupons).toEqual([
      { code: "TEN", discount: 200, discountTax: 0 },
      { code: "ONE", discount: 200, discountTax: 0 },
    ]);
    expect(t.total).toBe(1600);
  });

  it("a percent coupon applies before a fixed cart one whatever the order they were added in", () => {
    // Percent first: 10 % of 10.00 = 1.00; then the 9.50 fixed cart coupon finds 9.00 left.
    const t = computeTotals(
      input({
        lines: [line("a", 1000)],
        coupons: [coupon("CART", "fixed_cart", "950"), coupon("TEN", "percent", "10")],
        rates: [],
      }),
    );
    expect(t.coupons).toEqual([
      { code: "CART", discount: 900, discountTax: 0 },
      { code: "TEN", discount: 100, discountTax: 0 },
    ]);
    expect(t.total).toBe(0);
  });

  it("a free shipping coupon sets freeShipping and leaves the shipping cost to the zones", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000)],
        coupons: [coupon("SHIP", "fixed_cart", "0", { freeShipping: true })],
        shipping: flatRate(500),
      }),
    );
    expect(t.freeShipping).toBe(true);
    expect([t.shippingTotal, t.discountTotal, t.total]).toEqual([500, 0, 1800]);
  });
});

describe("a customer outside the shop's base (adjust_non_base_location_prices)", () => {
  const incl = settings({ pricesIncludeTax: true });

  it("prices include the base's 21 %; a French customer pays the net price plus 20 %: 12.10 → 12.00", () => {
    // 1210 − 1210 / 1.21 = 210 → 10.00 net; + 20 % = 12.00.
    const t = computeTotals(
      input({
        lines: [line("a", 1210)],
        rates: [IVA, TVA],
        location: FRANCE,
        baseLocation: SPAIN,
        settings: incl,
      }),
    );
    expect(t.lines[0]).toMatchObject({
      subtotal: 1000,
      subtotalTax: 200,
      total: 1000,
      totalTax: 200,
      taxes: { 20: 200 },
    });
    expect(t.total).toBe(1200);
  });

  it("a customer where no rate applies pays the price without the base's tax: 12.10 → 10.00", () => {
    const t = computeTotals(
      input({ lines: [line("a", 1210)], rates: [IVA], location: USA, baseLocation: SPAIN, settings: incl }),
    );
    expect([t.subtotal, t.totalTax, t.total]).toEqual([1000, 0, 1000]);
    expect(t.taxLines).toEqual([]);
  });

  it("a customer at the base pays the price as entered", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1210)],
        rates: [IVA, TVA],
        location: SPAIN,
        baseLocation: SPAIN,
        settings: incl,
      }),
    );
    expect([t.subtotal, t.totalTax, t.total]).toEqual([1000, 210, 1210]);
  });
});

describe("displayed prices (wc_get_price_including_tax, wc_get_price_excluding_tax)", () => {
  const rates = [IVA, TVA];

  it("prices without tax shown with tax: 10.00 + 21 %", () => {
    expect(displayPrice(1000, "", "taxable", rates, SPAIN, SPAIN, settings(), "incl")).toBe(1210);
    expect(displayPrice(1000, "", "taxable", rates, SPAIN, SPAIN, settings(), "excl")).toBe(1000);
  });

  it("prices with tax shown without: 12.10 less the base's 21 %", () => {
    const incl = settings({ pricesIncludeTax: true });
    expect(displayPrice(1210, "", "taxable", rates, SPAIN, SPAIN, incl, "excl")).toBe(1000);
    expect(displayPrice(1210, "", "taxable", rates, SPAIN, SPAIN, incl, "incl")).toBe(1210);
  });

  it("prices with tax shown to a customer elsewhere: base tax out, theirs in (12.10 → 12.00 in France)", () => {
    const incl = settings({ pricesIncludeTax: true });
    expect(displayPrice(1210, "", "taxable", rates, FRANCE, SPAIN, incl, "incl")).toBe(1200);
    expect(displayPrice(1210, "", "taxable", rates, USA, SPAIN, incl, "incl")).toBe(1000);
  });

  it("untaxed products and taxes off show the price as entered", () => {
    expect(displayPrice(1000, "", "none", rates, SPAIN, SPAIN, settings(), "incl")).toBe(1000);
    expect(displayPrice(1000, "", "taxable", rates, SPAIN, SPAIN, settings({ enabled: false }), "incl")).toBe(
      1000,
    );
  });
});

describe("the subtotal coupon rules check (get_displayed_subtotal)", () => {
  it("gives the subtotal without and with tax, and the one the cart displays", () => {
    const base = {
      lines: [line("a", 1000), line("b", 500, 2)],
      location: UK,
      baseLocation: UK,
      rates: [rate(1, { country: "GB" })],
    };
    expect(linesSubtotal({ ...base, settings: settings() })).toEqual({
      excl: 2000,
      tax: 400,
      incl: 2400,
      displayed: 2000,
    });
    expect(linesSubtotal({ ...base, settings: settings({ displayCart: "incl" }) }).displayed).toBe(2400);
  });
});

describe("WooCommerce's own documented cases (legacy unit tests' figures)", () => {
  it("WC_Tests_Totals without its fees: 4 × 10.00 at 20 %, 10 % coupon, 10.00 flat rate → 55.20", () => {
    // Subtotal 40.00 + 8.00 tax; 10 % off = 4.00 (tax 0.80); items 36.00 + 7.20; shipping 10.00 + 2.00.
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 1000, 2), line("c", 1000, 1, { variationId: 501 })],
        coupons: [coupon("test-coupon-10", "percent", "10")],
        rates: [rate(1)],
        shipping: flatRate(1000),
      }),
    );
    expect([t.subtotal, t.subtotalTax, t.discountTotal, t.discountTax]).toEqual([4000, 800, 400, 80]);
    expect([t.shippingTotal, t.shippingTax, t.totalTax, t.total]).toEqual([1000, 200, 920, 5520]);
    expect(t.lines.reduce((sum, l) => sum + l.total, 0)).toBe(3600);
  });

  const discountOf = (lines: ReturnType<typeof line>[], c: ReturnType<typeof coupon>) =>
    computeTotals(input({ lines, coupons: [c], rates: [] })).discountTotal;
  const cart = [line("a", 1395, 3), line("b", 180, 5)];

  it("fixed product, no limit: 10.00 a unit on 3 × 13.95 and 5 × 1.80 → 30.00 + 9.00 = 39.00", () => {
    expect(discountOf(cart, coupon("test", "fixed_product", "1000"))).toBe(3900);
  });

  it("fixed product greater than the item: 20.00 a unit on 3 × 13.95 → 41.85", () => {
    expect(discountOf([line("a", 1395, 3)], coupon("test", "fixed_product", "2000"))).toBe(4185);
  });

  it("fixed product limited to 5 items over two lines: 3 × 10.00 + 2 × 1.80 = 33.60", () => {
    expect(discountOf(cart, coupon("test", "fixed_product", "1000", { limitUsageToItems: 5 }))).toBe(3360);
  });

  it("fixed product limited to 10 items, 1.00 each, 8 units in the cart → 8.00", () => {
    expect(discountOf(cart, coupon("test", "fixed_product", "100", { limitUsageToItems: 10 }))).toBe(800);
  });

  it("legacy sort: the line with the greatest price × quantity gets the limited units first → 20.00", () => {
    // 5 × 1.80 (9.00) is added first, but 3 × 13.95 sorts first: 2 units × 10.00.
    const reversed = [line("b", 180, 5), line("a", 1395, 3)];
    expect(discountOf(reversed, coupon("test", "fixed_product", "1000", { limitUsageToItems: 2 }))).toBe(
      2000,
    );
  });

  it("fixed cart 10.00 over 2 + 3 + 2 units of 10.00 → exactly 10.00", () => {
    // floor(1000 / 7) = 142 c a unit → a 284, b 426, c 284 = 994 c; the 6 c left are below a cent a
    // unit, so a cent a unit in sort order: b's 3 units (429), then a's 2 (286), then one of c's (285).
    const lines = [line("a", 1000, 2), line("b", 1000, 3), line("c", 1000, 2)];
    const t = computeTotals(input({ lines, coupons: [coupon("test", "fixed_cart", "1000")], rates: [] }));
    expect(t.discountTotal).toBe(1000);
    expect(t.lines.map((l) => l.subtotal - l.total)).toEqual([286, 429, 285]);
  });
});

describe("more rules met together", () => {
  it("sort_coupons_callback: within a type, no item limit before a limit, then the smaller amount", () => {
    // 60 % (no limit) first: 0.60; then 50 % limited to 1 item finds 0.40 left.
    const byLimit = computeTotals(
      input({
        lines: [line("a", 100)],
        coupons: [
          coupon("HALF1", "percent", "50", { limitUsageToItems: 1 }),
          coupon("SIXTY", "percent", "60"),
        ],
        rates: [],
      }),
    );
    expect(byLimit.coupons).toEqual([
      { code: "HALF1", discount: 40, discountTax: 0 },
      { code: "SIXTY", discount: 60, discountTax: 0 },
    ]);
    // 2.00 before 3.00: the 3.00 coupon finds 2.00 left of a 4.00 line.
    const byAmount = computeTotals(
      input({
        lines: [line("a", 400)],
        coupons: [coupon("THREE", "fixed_cart", "300"), coupon("TWO", "fixed_cart", "200")],
        rates: [],
      }),
    );
    expect(byAmount.coupons.map((c) => c.discount)).toEqual([200, 200]);
  });

  it("a percent coupon for a customer outside the base, prices with tax: off the adjusted price", () => {
    // 12.10 with 21 % → 12.00 in France; 10 % = 1.20 off (0.20 of it tax); line 10.80 = 9.00 + 1.80.
    const t = computeTotals(
      input({
        lines: [line("a", 1210)],
        coupons: [coupon("TEN", "percent", "10")],
        rates: [IVA, TVA],
        location: FRANCE,
        baseLocation: SPAIN,
        settings: settings({ pricesIncludeTax: true }),
      }),
    );
    expect(t.coupons).toEqual([{ code: "TEN", discount: 100, discountTax: 20 }]);
    expect(t.lines[0]).toMatchObject({ total: 900, totalTax: 180 });
    expect(t.total).toBe(1080);
  });

  it("shipping in another class than the items: its tax line carries only shipping's tax", () => {
    const t = computeTotals(
      input({
        lines: [line("a", 1000)],
        rates: [IVA, IVA_REDUCED],
        location: SPAIN,
        baseLocation: SPAIN,
        shipping: flatRate(500),
        settings: settings({ shippingTaxClass: "reduced-rate" }),
      }),
    );
    expect(t.taxLines.map((l) => [l.rateId, l.taxTotal, l.shippingTaxTotal])).toEqual([
      [21, 210, 0],
      [10, 0, 50],
    ]);
    expect([t.totalTax, t.total]).toEqual([260, 1760]);
  });

  it("at subtotal, shipping's and the items' tax are rounded apart and the total once", () => {
    // Items: 3 × 1.05 at 10 % = 31.5 c → 32 c; shipping 0.05 at 10 % = 0.5 c → 1 c (half up);
    // total = round(315 + 5 + 31.5 + 0.5) = 352.
    const t = computeTotals(
      input({
        lines: [line("a", 105), line("b", 105), line("c", 105)],
        rates: [rate(1, { rate: "10.0000" })],
        shipping: flatRate(5),
        settings: settings({ roundAtSubtotal: true }),
      }),
    );
    expect([t.totalTax, t.shippingTax, t.total]).toEqual([33, 1, 352]);
    expect(t.taxLines.map((l) => [l.taxTotal, l.shippingTaxTotal])).toEqual([[32, 1]]);
  });

  it("the discount totals are the sums of the coupon lines, each coupon's tax rounded on its own", () => {
    // Two 1.00 fixed product coupons on 10.00 lines with 21 % inside: each 1.00 holds 17.355 c of tax
    // → 0.17 + 0.83. WooCommerce would round the summed tax, 34.71 c → 0.35, under two 0.17 lines.
    const t = computeTotals(
      input({
        lines: [line("a", 1000), line("b", 1000)],
        coupons: [
          coupon("A", "fixed_product", "100", { productIds: [line("a", 0).productId] }),
          coupon("B", "fixed_product", "100", { productIds: [line("b", 0).productId] }),
        ],
        rates: [IVA],
        location: SPAIN,
        baseLocation: SPAIN,
        settings: settings({ pricesIncludeTax: true }),
      }),
    );
    expect(t.coupons).toEqual([
      { code: "A", discount: 83, discountTax: 17 },
      { code: "B", discount: 83, discountTax: 17 },
    ]);
    expect([t.discountTotal, t.discountTax]).toEqual([166, 34]);
  });

  it("the subtotal for minimum spend with prices including tax: 12.10 is 10.00 + 2.10", () => {
    const t = linesSubtotal({
      lines: [line("a", 1210)],
      location: SPAIN,
      baseLocation: SPAIN,
      rates: [IVA],
      settings: settings({ pricesIncludeTax: true, displayCart: "incl" }),
    });
    expect(t).toEqual({ excl: 1000, tax: 210, incl: 1210, displayed: 1210 });
  });
});

describe("the figures agree with each other (per-line rounding, many carts)", () => {
  // A fixed pseudo-random sequence (a linear congruential generator): the same 300 carts every run.
  let seed = 41;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const rates = [
    IVA,
    IVA_REDUCED,
    rate(5, { country: "ES", rate: "5.5000", priority: 2, compound: true, name: "Extra" }),
  ];
  const types = ["percent", "fixed_cart", "fixed_product"] as const;

  it("total = lines + their tax + shipping + its tax; tax lines sum to the tax; no line below zero", () => {
    for (let i = 0; i < 300; i++) {
      const pricesIncludeTax = next(2) === 1;
      const lines = Array.from({ length: 1 + next(4) }, (_, k) =>
        line(`l${k}`, 1 + next(5000), 1 + next(4), {
          taxClass: next(2) ? "" : "reduced-rate",
          taxStatus: next(5) === 0 ? "none" : "taxable",
          onSale: next(3) === 0,
        }),
      );
      const coupons = Array.from({ length: next(3) }, (_, k) => {
        const type = types[next(3)] ?? "percent";
        return coupon(`c${k}`, type, type === "percent" ? String(1 + next(100)) : String(next(3000)), {
          excludeSaleItems: next(4) === 0,
          limitUsageToItems: type !== "fixed_cart" && next(3) === 0 ? 1 + next(3) : null,
        });
      });
      const t = computeTotals(
        input({
          lines,
          coupons,
          rates,
          location: next(4) === 0 ? FRANCE : SPAIN,
          baseLocation: SPAIN,
          shipping: flatRate(next(1000)),
          settings: settings({ pricesIncludeTax }),
        }),
      );
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const linesTotal = sum(t.lines.map((l) => l.total + l.totalTax));
      expect(t.total).toBe(linesTotal + t.shippingTotal + t.shippingTax);
      expect(sum(t.taxLines.map((l) => l.taxTotal + l.shippingTaxTotal))).toBe(t.totalTax);
      expect(t.totalTax).toBe(sum(t.lines.map((l) => l.totalTax)) + t.shippingTax);
      expect(t.lines.every((l) => l.total >= 0 && l.total <= l.subtotal)).toBe(true);
      expect(sum(t.coupons.map((c) => c.discount))).toBe(t.discountTotal);
      expect(sum(t.coupons.map((c) => c.discountTax))).toBe(t.discountTax);
      if (!pricesIncludeTax) expect(t.discountTotal).toBe(t.subtotal - sum(t.lines.map((l) => l.total)));
    }
  });
});
