/**
 * Table tests of the rates matching and `calc_tax` (issue 41, decision 0066), each named after
 * WooCommerce's rule (`WC_Tax::find_rates`, `calc_exclusive_tax`, `calc_inclusive_tax`,
 * `get_shipping_tax_rates`). Tax shares are in micro-cents: 1 cent = 1,000,000.
 */
import { describe, expect, it } from "vitest";
import { parseRate } from "./money-math.ts";
import {
  calcTax,
  matchShippingTaxRates,
  matchTaxRates,
  postcodeMatches,
  roundTax,
  shippingTaxClass,
} from "./tax-rates.ts";
import { rate, SPAIN, UK, USA } from "./totals-fixtures.ts";

const ids = (rates: { id: number }[]) => rates.map((r) => r.id);

describe("matching rates to a location (WC_Tax::find_rates)", () => {
  it('a rate with country "" matches every country; one with a country only that country', () => {
    const rates = [rate(1, { country: "ES" }), rate(2, { priority: 2 })];
    expect(ids(matchTaxRates(rates, SPAIN, ""))).toEqual([1, 2]);
    expect(ids(matchTaxRates(rates, UK, ""))).toEqual([2]);
  });

  it("a rate with a state matches only that state; states and countries compare in upper case", () => {
    const rates = [
      rate(1, { country: "US", state: "CA" }),
      rate(2, { country: "US", state: "NY", priority: 2 }),
    ];
    expect(ids(matchTaxRates(rates, USA, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...USA, country: "us", state: "ca" }, ""))).toEqual([1]);
  });

  it("only the rates of the line's tax class match", () => {
    const rates = [rate(1), rate(2, { class: "reduced-rate", priority: 2 })];
    expect(ids(matchTaxRates(rates, UK, "reduced-rate"))).toEqual([2]);
    expect(ids(matchTaxRates(rates, UK, ""))).toEqual([1]);
  });

  it("no country, no rates (find_rates returns nothing without a country)", () => {
    expect(matchTaxRates([rate(1)], { country: "", state: "", postcode: "", city: "" }, "")).toEqual([]);
  });

  it("postcode with a trailing * wildcard matches the postcodes that start with it", () => {
    const rates = [rate(1, { postcodes: ["460*"] })];
    expect(ids(matchTaxRates(rates, { ...SPAIN, postcode: "46001" }, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, postcode: "47001" }, ""))).toEqual([]);
  });

  it("postcode range a...b matches the numbers between, both ends included", () => {
    const rates = [rate(1, { postcodes: ["46000...46999"] })];
    expect(ids(matchTaxRates(rates, { ...SPAIN, postcode: "46000" }, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, postcode: "46999" }, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, postcode: "47000" }, ""))).toEqual([]);
  });

  it("postcodes compare without spaces and case (wc_normalize_postcode)", () => {
    expect(postcodeMatches("sw1a 1aa", "SW1A1AA")).toBe(true);
    expect(postcodeMatches("SW1A*", "SW1A1AA")).toBe(true);
    expect(postcodeMatches("*", "ANYTHING")).toBe(true);
    expect(postcodeMatches("SW2*", "SW1A1AA")).toBe(false);
  });

  it("a postcode range with letters compares letter by letter as numbers (wc_make_numeric_postcode)", () => {
    // A=01 … Z=26, digits as two digits: "AB1" → 010201, between "AA1" (010101) and "AC1" (010301).
    expect(postcodeMatches("AA1...AC1", "AB1")).toBe(true);
    expect(postcodeMatches("AA1...AC1", "AD1")).toBe(false);
  });

  it("cities match whatever their case; a rate with cities skips other cities", () => {
    const rates = [rate(1, { cities: ["VALENCIA", "Alicante"] })];
    expect(ids(matchTaxRates(rates, { ...SPAIN, city: "valencia" }, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, city: "ALICANTE" }, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, city: "Madrid" }, ""))).toEqual([]);
  });

  it("a rate with postcodes and cities needs both to match", () => {
    const rates = [rate(1, { postcodes: ["46*"], cities: ["VALENCIA"] })];
    expect(ids(matchTaxRates(rates, SPAIN, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, { ...SPAIN, city: "Gandia" }, ""))).toEqual([]);
  });

  it("one rate per priority, the most specific first: country before any, state before any, postcodes", () => {
    const rates = [
      rate(1, { name: "any" }),
      rate(2, { country: "ES", name: "country" }),
      rate(3, { country: "ES", state: "V", name: "state" }),
      rate(4, { country: "ES", state: "V", postcodes: ["46001"], name: "postcode" }),
    ];
    expect(matchTaxRates(rates, SPAIN, "").map((r) => r.name)).toEqual(["postcode"]);
    expect(matchTaxRates(rates.slice(0, 3), SPAIN, "").map((r) => r.name)).toEqual(["state"]);
    expect(matchTaxRates(rates.slice(0, 2), SPAIN, "").map((r) => r.name)).toEqual(["country"]);
  });

  it("between equally specific rates of one priority, the owner's order decides", () => {
    const rates = [rate(1, { country: "ES", order: 2 }), rate(2, { country: "ES", order: 1 })];
    expect(ids(matchTaxRates(rates, SPAIN, ""))).toEqual([2]);
  });

  it("matched rates come sorted by priority", () => {
    const rates = [rate(1, { priority: 3 }), rate(2, { priority: 1 }), rate(3, { priority: 2 })];
    expect(ids(matchTaxRates(rates, UK, ""))).toEqual([2, 3, 1]);
  });
});

describe("calc_tax", () => {
  it("calc_exclusive_tax: 20 % of 9.99 is 199.8 c, kept unrounded", () => {
    expect(calcTax(999, [rate(1)], false)).toEqual({ 1: 199_800_000 });
  });

  it("calc_inclusive_tax: 9.99 with 20 % inside holds 166.5 c (WooCommerce's own 1.665 example)", () => {
    expect(calcTax(999, [rate(1)], true)).toEqual({ 1: 166_500_000 });
  });

  it("shares are rounded to WooCommerce's six decimals of a cent, half up: 10.00 incl 7 % → 65.420561 c", () => {
    // 1000 × 7 / 107 = 65.4205607… c → 65.420561 c.
    expect(calcTax(1000, [rate(1, { rate: "7.0000" })], true)).toEqual({ 1: 65_420_561 });
  });

  it("calc_exclusive_tax with a compound rate: charged on price plus the taxes before it", () => {
    const rates = [rate(1, { rate: "10.0000" }), rate(2, { rate: "5.0000", priority: 2, compound: true })];
    expect(calcTax(1000, rates, false)).toEqual({ 1: 100_000_000, 2: 55_000_000 });
  });

  it("two compound rates compound on each other, in priority order", () => {
    // 10 % of 10.00 = 1.00; compound 10 %: (10 + 1) × 10 % = 1.10; compound 10 %: (10 + 1 + 1.1) × 10 % = 1.21.
    const rates = [
      rate(1, { rate: "10.0000" }),
      rate(2, { rate: "10.0000", priority: 2, compound: true }),
      rate(3, { rate: "10.0000", priority: 3, compound: true }),
    ];
    expect(calcTax(1000, rates, false)).toEqual({ 1: 100_000_000, 2: 110_000_000, 3: 121_000_000 });
    // And back out of 13.31: the same shares.
    expect(calcTax(1331, rates, true)).toEqual({ 1: 100_000_000, 2: 110_000_000, 3: 121_000_000 });
  });

  it("WC_Tests_Tax::test_calc_compound_tax: Quebec's 5 % GST and 8.5 % compound PST", () => {
    const rates = [
      rate(1, { country: "CA", rate: "5.0000", name: "GST" }),
      rate(2, { country: "CA", state: "QC", rate: "8.5000", name: "PST", priority: 2, compound: true }),
    ];
    const quebec = { country: "CA", state: "QC", postcode: "12345", city: "" };
    expect(ids(matchTaxRates(rates, quebec, ""))).toEqual([1, 2]);
    // Without tax: 5 % of 100 = 5.00; 8.5 % of 105 = 8.925.
    expect(calcTax(10000, rates, false)).toEqual({ 1: 500_000_000, 2: 892_500_000 });
    // With tax: 100 − 100 / 1.085 = 7.8341 (783.4101382… c); 92.1659 − 92.1659 / 1.05 = 4.3889 (438.8852315… c).
    expect(calcTax(10000, rates, true)).toEqual({ 1: 438_885_232, 2: 783_410_138 });
  });

  it("WC_Tests_Tax::test_find_rates: a GB rate matches any GB state, postcode and city", () => {
    const gb = rate(1, { country: "GB" });
    const where = { country: "GB", state: "Cambs", postcode: "PE14 1XX", city: "Somewhere" };
    expect(ids(matchTaxRates([gb], where, ""))).toEqual([1]);
    expect(calcTax(1000, matchShippingTaxRates([gb], where, ""), false)).toEqual({ 1: 200_000_000 });
  });

  it("wc_round_tax_total: half up without tax in prices, half down with it", () => {
    expect(roundTax(2_500_000, false)).toBe(3);
    expect(roundTax(2_500_000, true)).toBe(2);
    expect(roundTax(2_500_001, true)).toBe(3);
  });

  it("rates are decimal strings with up to four decimals, never floats", () => {
    expect(parseRate("21.0000")).toBe(210_000n);
    expect(parseRate("8.875")).toBe(88_750n);
    expect(() => parseRate("8.87501")).toThrow();
    expect(() => parseRate("-1")).toThrow();
  });
});

describe("shipping's tax class and rates (get_shipping_tax_rates)", () => {
  const l = (
    taxClass: string,
    over: Partial<{ taxStatus: "taxable" | "shipping" | "none"; needsShipping: boolean }> = {},
  ) => ({
    taxClass,
    taxStatus: "taxable" as const,
    needsShipping: true,
    ...over,
  });

  it("a configured class wins; inherit takes standard when a line has it", () => {
    expect(shippingTaxClass("reduced-rate", [l("")])).toBe("reduced-rate");
    expect(shippingTaxClass("inherit", [l("reduced-rate"), l("")])).toBe("");
  });

  it("inherit with one class takes it; with several, the first in the owner's order", () => {
    expect(shippingTaxClass("inherit", [l("reduced-rate")])).toBe("reduced-rate");
    expect(
      shippingTaxClass("inherit", [l("zero-rate"), l("reduced-rate")], ["reduced-rate", "zero-rate"]),
    ).toBe("reduced-rate");
  });

  it("inherit in an empty cart is standard; with no shipping-taxable line there is none", () => {
    expect(shippingTaxClass("inherit", [])).toBe("");
    expect(
      shippingTaxClass("inherit", [l("", { taxStatus: "none" }), l("", { needsShipping: false })]),
    ).toBeNull();
  });

  it("shipping rates are the matched rates with shipping ticked, no fallback", () => {
    const rates = [rate(1, { shipping: false }), rate(2, { priority: 2 })];
    expect(ids(matchShippingTaxRates(rates, UK, ""))).toEqual([2]);
    expect(matchShippingTaxRates(rates, UK, null)).toEqual([]);
  });
});
