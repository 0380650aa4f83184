/**
 * Which tax rates apply where, and how much tax a price carries (issue 41, decision 0066), the way
 * WooCommerce's `WC_Tax` does it: `find_rates`/`get_matched_tax_rates` for the matching,
 * `calc_tax` (`calc_exclusive_tax`, `calc_inclusive_tax`) for the sums, and
 * `get_shipping_tax_rates` for shipping's class. Pure: the rates table comes in as an argument.
 */
import {
  addR,
  centsToMicro,
  MICRO,
  mulR,
  parseRate,
  RATE_SCALE,
  type Ratio,
  type RoundingMode,
  ratio,
  roundDiv,
  roundR,
  subR,
  toSafeNumber,
} from "./money-math.ts";
import type { TaxLocation, TaxRate, TaxShares, TaxStatus } from "./totals-types.ts";

/** A postcode as WooCommerce compares it (`wc_normalize_postcode`): upper case, no spaces or dashes. */
export const normalizePostcode = (postcode: string): string =>
  postcode.trim().toUpperCase().replace(/[\s-]/g, "");

const isNumeric = (s: string): boolean => /^\d+$/.test(s);

/** `wc_make_numeric_postcode`: every character as two digits (digits themselves, letters A=01…Z=26). */
function numericPostcode(postcode: string): string {
  let out = "";
  for (const ch of postcode) {
    if (/\d/.test(ch)) out += ch.padStart(2, "0");
    else if (/[A-Z]/.test(ch)) out += String(ch.charCodeAt(0) - 64).padStart(2, "0");
    else out += "00";
  }
  return out;
}

/**
 * Whether one of a rate's postcode entries takes in `postcode` (already normalised), as
 * `wc_get_wildcard_postcodes` plus `wc_postcode_location_matcher` decide: an exact match; a trailing
 * `*` for any postcode that starts with what comes before it ("46*", and "*" alone for every
 * postcode); a range `a...b` compared as numbers (postcodes with letters are turned into numbers
 * letter by letter first, as WooCommerce does).
 */
export function postcodeMatches(entry: string, postcode: string): boolean {
  const pattern = entry.trim().toUpperCase();
  if (pattern.includes("...")) {
    const parts = pattern.split("...").map((p) => normalizePostcode(p));
    if (parts.length !== 2) return false;
    const [min = "", max = ""] = parts;
    if (isNumeric(min) && isNumeric(max)) {
      if (!isNumeric(postcode)) return false;
      const value = BigInt(postcode);
      return value >= BigInt(min) && value <= BigInt(max);
    }
    const compare = numericPostcode(postcode);
    if (compare === "") return false;
    const lo = BigInt(numericPostcode(min).padEnd(compare.length, "0") || "0");
    const hi = BigInt(numericPostcode(max).padEnd(compare.length, "0") || "0");
    const value = BigInt(compare);
    return value >= lo && value <= hi;
  }
  const normal = normalizePostcode(pattern);
  if (normal.endsWith("*")) return postcode.startsWith(normal.slice(0, -1));
  return normal === postcode;
}

function rateMatches(rate: TaxRate, location: TaxLocation, taxClass: string): boolean {
  const country = location.country.trim().toUpperCase();
  const state = location.state.trim().toUpperCase();
  if (rate.class !== taxClass) return false;
  if (rate.country !== "" && rate.country.toUpperCase() !== country) return false;
  if (rate.state !== "" && rate.state.toUpperCase() !== state) return false;
  if (rate.postcodes.length > 0) {
    const postcode = normalizePostcode(location.postcode);
    if (!rate.postcodes.some((entry) => postcodeMatches(entry, postcode))) return false;
  }
  if (rate.cities.length > 0) {
    const city = location.city.trim().toUpperCase();
    if (!rate.cities.some((c) => c.trim().toUpperCase() === city)) return false;
  }
  return true;
}

/** `sort_rates_callback`'s order, the owner's `order` before the id as the last word. */
function compareRates(a: TaxRate, b: TaxRate): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  if (a.country !== b.country) {
    if (a.country === "") return 1;
    if (b.country === "") return -1;
    return a.country < b.country ? -1 : 1;
  }
  if (a.state !== b.state) {
    if (a.state === "") return 1;
    if (b.state === "") return -1;
    return a.state < b.state ? -1 : 1;
  }
  if (a.postcodes.length !== b.postcodes.length) return b.postcodes.length - a.postcodes.length;
  if (a.cities.length !== b.cities.length) return b.cities.length - a.cities.length;
  if (a.order !== b.order) return a.order - b.order;
  return a.id - b.id;
}

/**
 * The rates of `taxClass` that apply at `location`, WooCommerce's `WC_Tax::find_rates`: a rate
 * matches when its class is the class, its country and state are the location's or "" (any), its
 * postcodes (if any) take in the location's postcode (exact, `*` wildcard, `a...b` range) and its
 * cities (if any) include the location's city, case aside. The matches are sorted by priority, then
 * the more specific first (a country before "", a state before "", more postcodes, more cities),
 * then the owner's order; only the first of each priority is kept. No country: no rates.
 */
export function matchTaxRates(rates: TaxRate[], location: TaxLocation, taxClass: string): TaxRate[] {
  if (location.country.trim() === "") return [];
  const found = rates.filter((rate) => rateMatches(rate, location, taxClass)).sort(compareRates);
  const priorities = new Set<number>();
  const matched: TaxRate[] = [];
  for (const rate of found) {
    if (priorities.has(rate.priority)) continue;
    priorities.add(rate.priority);
    matched.push(rate);
  }
  return matched;
}

/** Whether two matched lists are the same rates (WooCommerce compares the arrays with `!==`). */
export const sameRates = (a: TaxRate[], b: TaxRate[]): boolean =>
  a.length === b.length && a.every((rate, i) => rate.id === b[i]?.id && rate.rate === b[i]?.rate);

/** Tax by rate id in micro-cents, in the order of the rates given. */
export type PreciseShares = Map<number, bigint>;

/**
 * `WC_Tax::calc_exclusive_tax`: each simple rate charged on the price, then each compound rate on
 * the price plus the (unrounded) taxes before it. Every share is rounded to micro-cents, half away
 * from zero, at the end, as `WC_Tax::round` does.
 */
function exclusiveTax(price: Ratio, rates: TaxRate[]): PreciseShares {
  const shares = new Map<number, Ratio>();
  let before: Ratio = ratio(0n);
  for (const rate of rates) {
    if (rate.compound) continue;
    const tax = mulR(price, ratio(parseRate(rate.rate), RATE_SCALE));
    shares.set(rate.id, addR(shares.get(rate.id) ?? ratio(0n), tax));
    before = addR(before, tax);
  }
  for (const rate of rates) {
    if (!rate.compound) continue;
    const tax = mulR(addR(price, before), ratio(parseRate(rate.rate), RATE_SCALE));
    shares.set(rate.id, addR(shares.get(rate.id) ?? ratio(0n), tax));
    before = addR(before, tax);
  }
  return roundShares(rates, shares);
}

/**
 * `WC_Tax::calc_inclusive_tax`: the compound rates, last first, are taken out of the price
 * (`p − p / (1 + r)`); what is left carries the simple rates together, each its share
 * (`left × r / (1 + Σr)`).
 */
function inclusiveTax(price: Ratio, rates: TaxRate[]): PreciseShares {
  const shares = new Map<number, Ratio>();
  let left = price;
  for (const rate of [...rates].reverse()) {
    if (!rate.compound) continue;
    const r = parseRate(rate.rate);
    const tax = mulR(left, ratio(r, RATE_SCALE + r));
    shares.set(rate.id, addR(shares.get(rate.id) ?? ratio(0n), tax));
    left = subR(left, tax);
  }
  const simple = rates.filter((rate) => !rate.compound);
  let sum = 0n;
  for (const rate of simple) sum += parseRate(rate.rate);
  for (const rate of simple) {
    const tax = mulR(left, ratio(parseRate(rate.rate), RATE_SCALE + sum));
    shares.set(rate.id, addR(shares.get(rate.id) ?? ratio(0n), tax));
  }
  return roundShares(rates, shares);
}

function roundShares(rates: TaxRate[], shares: Map<number, Ratio>): PreciseShares {
  const out: PreciseShares = new Map();
  for (const rate of rates) {
    const share = shares.get(rate.id);
    if (share && !out.has(rate.id)) out.set(rate.id, roundR(share));
  }
  return out;
}

/**
 * The engine's `calc_tax` on an amount in micro-cents: the tax each rate takes, in micro-cents,
 * unrounded at the cent. `priceIncludesTax` says whether the amount already carries the taxes.
 */
export function calcTaxMicro(amount: bigint, rates: TaxRate[], priceIncludesTax: boolean): PreciseShares {
  const price = ratio(amount);
  return priceIncludesTax ? inclusiveTax(price, rates) : exclusiveTax(price, rates);
}

/**
 * `WC_Tax::calc_tax` on an amount in minor units: the tax each rate takes, by rate id, in
 * **micro-cents** (millionths of a minor unit, WooCommerce's internal precision), not yet rounded
 * to the cent. Turn a share into cents with `roundTax`.
 *
 * @example calcTax(1000, [iva21], false) // { [iva21.id]: 210_000_000 } = 2.10 on 10.00
 */
export function calcTax(amount: number, rates: TaxRate[], priceIncludesTax: boolean): TaxShares {
  const out: TaxShares = {};
  for (const [id, share] of calcTaxMicro(centsToMicro(amount), rates, priceIncludesTax)) {
    out[id] = toSafeNumber(share);
  }
  return out;
}

/**
 * A tax share in micro-cents rounded to minor units, WooCommerce's `wc_round_tax_total`: half up
 * (away from zero) when prices are entered without tax, half down when they include it
 * (`wc_get_tax_rounding_mode`, WC_TAX_ROUNDING_MODE "auto").
 */
export const roundTax = (micro: number | bigint, pricesIncludeTax: boolean): number =>
  toSafeNumber(roundDiv(BigInt(micro), MICRO, taxRoundingMode(pricesIncludeTax)));

/** `wc_get_tax_rounding_mode`: half down when prices are entered with tax, half up otherwise. */
export const taxRoundingMode = (pricesIncludeTax: boolean): RoundingMode =>
  pricesIncludeTax ? "half-down" : "half-up";

/** What shipping's tax class needs to know of a cart line. */
export type ShippingTaxLine = { taxStatus: TaxStatus; taxClass: string; needsShipping: boolean };

/**
 * Shipping's tax class, `WC_Tax::get_shipping_tax_rates`: the configured class unless it is
 * "inherit"; inheriting, the classes of the lines whose shipping is taxable (they need shipping and
 * their status is "taxable" or "shipping") decide: the standard class if one of them has it, the
 * only class if there is one, else the first of `classOrder` (the owner's classes in WooCommerce's
 * order, by name) among them. An empty cart takes the standard class; a cart without such lines has
 * no shipping tax (null).
 */
export function shippingTaxClass(
  configured: string,
  lines: ShippingTaxLine[],
  classOrder?: string[],
): string | null {
  if (configured !== "inherit") return configured;
  if (lines.length === 0) return "";
  const classes = [
    ...new Set(
      lines
        .filter(
          (line) => line.needsShipping && (line.taxStatus === "taxable" || line.taxStatus === "shipping"),
        )
        .map((line) => line.taxClass),
    ),
  ];
  if (classes.length === 0) return null;
  if (classes.includes("")) return "";
  if (classes.length === 1) return classes[0] ?? "";
  const order = classOrder ?? [...classes].sort();
  return order.find((slug) => classes.includes(slug)) ?? "";
}

/**
 * The rates charged on shipping at `location`, `WC_Tax::find_shipping_rates`: the matched rates of
 * shipping's class that have "shipping" ticked. No fallback to the standard class: a class whose
 * rates do not apply to shipping charges no shipping tax.
 */
export function matchShippingTaxRates(
  rates: TaxRate[],
  location: TaxLocation,
  taxClass: string | null,
): TaxRate[] {
  if (taxClass === null) return [];
  return matchTaxRates(rates, location, taxClass).filter((rate) => rate.shipping);
}
