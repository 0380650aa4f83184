/**
 * Vitrine's cart totals engine (issue 41, decision 0066): lines, coupons, shipping and taxes in,
 * every figure out, computed the way WooCommerce's `WC_Cart_Totals` computes a cart. Pure: no I/O;
 * the caller has already read the lines, the rates table, the coupons (found valid) and the chosen
 * shipping rate (priced by the shipping zones). Every figure is an integer in minor units; the work
 * is done in micro-cents with `bigint` (money-math.ts).
 *
 * The steps, as `WC_Cart_Totals::calculate`:
 * 1. Each line's price (unit price × quantity, as entered). Prices entered with tax, a taxable line
 *    and a location whose rates differ from the shop base's: the base's tax is taken out and the
 *    location's put in (`adjust_non_base_location_price`; WooCommerce's filter defaults to true).
 * 2. Subtotals: each line's tax before discounts; with prices including tax, the line's subtotal is
 *    its price less its (unrounded) tax.
 * 3. Coupons (discounts.ts) come off the prices as entered; a coupon's tax is the tax of what it took.
 * 4. Totals: each line's tax after discounts, on its discounted price.
 * 5. Shipping's tax: the rates with "shipping" ticked of shipping's class, on the cost (always
 *    entered without tax).
 * 6. Rounding: per line (each line's tax rounded to the cent) unless `roundAtSubtotal`, where line
 *    taxes stay unrounded and each rate is rounded once on its sum; the grand total is rounded once.
 */
import { applyCoupons, type CouponDiscounts, type DiscountItem, discountsByLine } from "./discounts.ts";
import { MICRO, microToCents, type RoundingMode, roundDiv, sumBig, toSafeNumber } from "./money-math.ts";
import {
  calcTaxMicro,
  matchShippingTaxRates,
  matchTaxRates,
  type PreciseShares,
  sameRates,
  shippingTaxClass,
  taxRoundingMode,
} from "./tax-rates.ts";
import type {
  CouponTotals,
  LineTotals,
  TaxLineTotals,
  TaxLocation,
  TaxRate,
  TaxSettings,
  TaxShares,
  TaxStatus,
  Totals,
  TotalsInput,
  TotalsLine,
} from "./totals-types.ts";

/** A line being worked on, in micro-cents. */
type Item = {
  line: TotalsLine;
  taxable: boolean;
  rates: TaxRate[];
  /** The line's price as the discounts see it: with tax when prices include tax (after step 1). */
  price: bigint;
  subtotal: bigint;
  subtotalTaxes: PreciseShares;
  total: bigint;
  taxes: PreciseShares;
};

/** How the engine rounds, from the settings. */
type Rounding = { atSubtotal: boolean; taxMode: RoundingMode; pricesIncludeTax: boolean };

const ZERO_SHARES: PreciseShares = new Map();

function roundingOf(settings: TaxSettings): Rounding {
  // wc_prices_include_tax() is false whenever taxes are off.
  const pricesIncludeTax = settings.enabled && settings.pricesIncludeTax;
  return {
    atSubtotal: settings.roundAtSubtotal,
    taxMode: taxRoundingMode(pricesIncludeTax),
    pricesIncludeTax,
  };
}

/** `round_line_tax`: a tax share rounded to the cent (tax rounding mode), unless rounding at subtotal. */
const lineTax = (r: Rounding, micro: bigint): bigint =>
  r.atSubtotal ? micro : microToCents(micro, r.taxMode) * MICRO;

/** `round_item_subtotal`: an amount rounded to the cent (half up), unless rounding at subtotal. */
const lineAmount = (r: Rounding, micro: bigint): bigint =>
  r.atSubtotal ? micro : microToCents(micro) * MICRO;

const cents = (micro: bigint, mode: RoundingMode = "half-up"): number =>
  toSafeNumber(microToCents(micro, mode));

/**
 * `adjust_non_base_location_price`: a price entered with the base location's tax, charged at a
 * location with other rates, loses the base's tax and gains the location's (both unrounded).
 */
function adjustForLocation(price: bigint, rates: TaxRate[], baseRates: TaxRate[]): bigint {
  if (sameRates(rates, baseRates)) return price;
  const baseTax = sumBig(calcTaxMicro(price, baseRates, true).values());
  const newTax = sumBig(calcTaxMicro(price - baseTax, rates, false).values());
  return price - baseTax + newTax;
}

/** Steps 1 and 2 for every line: its rates, its price, its subtotal and the subtotal's tax. */
function prepareItems(input: TotalsInput, r: Rounding): Item[] {
  const { settings } = input;
  const ratesByClass = new Map<string, TaxRate[]>();
  const baseByClass = new Map<string, TaxRate[]>();
  const ratesOf = (cache: Map<string, TaxRate[]>, location: TaxLocation, taxClass: string): TaxRate[] => {
    let found = cache.get(taxClass);
    if (!found) {
      found = settings.enabled ? matchTaxRates(input.rates, location, taxClass) : [];
      cache.set(taxClass, found);
    }
    return found;
  };
  return input.lines.map((line) => {
    const taxable = settings.enabled && line.taxStatus === "taxable";
    const rates = ratesOf(ratesByClass, input.location, line.taxClass);
    let price = BigInt(line.unitPrice) * BigInt(line.quantity) * MICRO;
    if (r.pricesIncludeTax && taxable) {
      price = adjustForLocation(price, rates, ratesOf(baseByClass, input.baseLocation, line.taxClass));
    }
    let subtotal = price;
    let subtotalTaxes = ZERO_SHARES;
    if (taxable) {
      subtotalTaxes = calcTaxMicro(subtotal, rates, r.pricesIncludeTax);
      if (r.pricesIncludeTax) subtotal -= sumBig(subtotalTaxes.values());
    }
    return { line, taxable, rates, price, subtotal, subtotalTaxes, total: subtotal, taxes: ZERO_SHARES };
  });
}

/** Merges shares by rate id, each share first passed through `round`. */
function mergeShares(all: PreciseShares[], round: (micro: bigint) => bigint): Map<number, bigint> {
  const merged = new Map<number, bigint>();
  for (const shares of all) {
    for (const [id, share] of shares) merged.set(id, (merged.get(id) ?? 0n) + round(share));
  }
  return merged;
}

function sharesToCents(shares: PreciseShares, mode: RoundingMode): TaxShares {
  const out: TaxShares = {};
  for (const [id, share] of shares) out[id] = cents(share, mode);
  return out;
}

const sumShares = (shares: TaxShares): number => Object.values(shares).reduce((a, b) => a + b, 0);

/**
 * What the discounts did, with their tax (`WC_Cart_Totals::calculate_discounts`): each coupon's
 * figures, and the totals as their sums (WooCommerce rounds the totals apart, which can show two
 * 0.83 coupons under a 1.65 discount; here the totals are what the coupon lines add up to).
 */
function couponTotals(
  input: TotalsInput,
  items: Item[],
  discounts: CouponDiscounts,
  r: Rounding,
): { coupons: CouponTotals[]; discountTotal: number; discountTax: number } {
  const byKey = new Map(items.map((item) => [item.line.key, item]));
  const byCode = new Map<string, CouponTotals>();
  for (const [code, byLine] of discounts) {
    let gross = 0n;
    let tax = 0n;
    for (const [key, amount] of byLine) {
      gross += amount;
      const item = byKey.get(key);
      if (item?.taxable) tax += sumBig(calcTaxMicro(amount, item.rates, r.pricesIncludeTax).values());
    }
    byCode.set(code, discountFigures(code, gross, tax, r));
  }
  const coupons = input.coupons.map(
    (coupon) => byCode.get(coupon.code) ?? { code: coupon.code, discount: 0, discountTax: 0 },
  );
  const applied = [...byCode.values()];
  return {
    coupons,
    discountTotal: applied.reduce((sum, c) => sum + c.discount, 0),
    discountTax: applied.reduce((sum, c) => sum + c.discountTax, 0),
  };
}

/**
 * A discount's figures: its tax rounded as taxes are; without tax, the discount less its tax when
 * prices include tax (so the two add up to what came off the prices as entered).
 */
function discountFigures(code: string, gross: bigint, tax: bigint, r: Rounding): CouponTotals {
  const discountTax = cents(tax, r.taxMode);
  const discount = r.pricesIncludeTax ? cents(gross) - discountTax : cents(gross);
  return { code, discount, discountTax };
}

/** Shipping's cost and tax (`get_shipping_from_cart`, the method's `calc_shipping_tax`). */
function shippingTaxes(input: TotalsInput, r: Rounding): PreciseShares {
  const { shipping, settings } = input;
  if (!shipping?.taxable || !settings.enabled) return ZERO_SHARES;
  const taxClass = shippingTaxClass(settings.shippingTaxClass, input.lines, input.taxClasses);
  const rates = matchShippingTaxRates(input.rates, input.location, taxClass);
  const taxes = calcTaxMicro(BigInt(shipping.cost) * MICRO, rates, false);
  // Shipping's taxes were entered without tax: rounded half up, like an amount (round_item_subtotal).
  return new Map([...taxes].map(([id, tax]) => [id, lineAmount(r, tax)]));
}

function lineTotals(item: Item, r: Rounding): LineTotals {
  const taxes = sharesToCents(item.taxes, r.taxMode);
  const subtotalTaxes = sharesToCents(item.subtotalTaxes, r.taxMode);
  return {
    key: item.line.key,
    subtotal: cents(item.subtotal),
    subtotalTax: sumShares(subtotalTaxes),
    total: cents(item.total),
    totalTax: sumShares(taxes),
    taxes,
    subtotalTaxes,
  };
}

/** The tax lines, one per rate met on a line or on shipping, in the order met (`get_tax_totals`). */
function taxLines(
  input: TotalsInput,
  itemTaxes: Map<number, bigint>,
  shipTaxes: Map<number, bigint>,
  r: Rounding,
): TaxLineTotals[] {
  const byId = new Map(input.rates.map((rate) => [rate.id, rate]));
  const ids = [...new Set([...itemTaxes.keys(), ...shipTaxes.keys()])];
  return ids.map((rateId) => {
    const rate = byId.get(rateId);
    return {
      rateId,
      label: rate?.name ?? "",
      rate: rate?.rate ?? "0",
      compound: rate?.compound ?? false,
      taxTotal: cents(itemTaxes.get(rateId) ?? 0n, r.taxMode),
      shippingTaxTotal: cents(shipTaxes.get(rateId) ?? 0n),
    };
  });
}

/**
 * Every figure of a cart, WooCommerce's `WC_Cart_Totals`: lines' subtotals and totals with their tax
 * by rate, each coupon's discount and its tax, shipping and its tax, the tax lines by rate, and the
 * totals. Taxes off (`settings.enabled` false): no tax anywhere and prices taken as they are.
 */
export function computeTotals(input: TotalsInput): Totals {
  const r = roundingOf(input.settings);
  const items = prepareItems(input, r);

  const discounts = applyCoupons(
    items.map(
      (item): DiscountItem => ({
        key: item.line.key,
        quantity: item.line.quantity,
        price: item.price,
        line: item.line,
      }),
    ),
    input.coupons,
  );
  const byLine = discountsByLine(discounts);
  for (const item of items) {
    item.total = item.price - (byLine.get(item.line.key) ?? 0n);
    if (item.taxable) {
      item.taxes = calcTaxMicro(item.total, item.rates, r.pricesIncludeTax);
      if (r.pricesIncludeTax) item.total -= sumBig(item.taxes.values());
    }
  }

  const subtotal = sumBig(items.map((item) => lineAmount(r, item.subtotal)));
  const itemsTotal = sumBig(items.map((item) => lineAmount(r, item.total)));
  const subtotalTaxes = mergeShares(
    items.map((item) => item.subtotalTaxes),
    (micro) => lineTax(r, micro),
  );
  const itemTaxes = mergeShares(
    items.map((item) => item.taxes),
    (micro) => lineTax(r, micro),
  );
  const shipTaxes = shippingTaxes(input, r);
  const shippingCost = BigInt(input.shipping?.cost ?? 0) * MICRO;
  const itemsTax = sumBig(itemTaxes.values());
  const shippingTax = sumBig(shipTaxes.values());
  const { coupons, discountTotal, discountTax } = couponTotals(input, items, discounts, r);
  // calculate_totals: the grand total rounded once, never below zero.
  const total = roundDiv(itemsTotal + shippingCost + itemsTax + shippingTax, MICRO);
  const shippingTaxCents = cents(shippingTax);

  return {
    lines: items.map((item) => lineTotals(item, r)),
    coupons,
    shipping: input.shipping
      ? {
          id: input.shipping.id,
          label: input.shipping.label,
          cost: input.shipping.cost,
          tax: shippingTaxCents,
          taxes: sharesToCents(shipTaxes, "half-up"),
        }
      : null,
    taxLines: taxLines(input, itemTaxes, shipTaxes, r),
    subtotal: cents(subtotal),
    subtotalTax: cents(sumBig(subtotalTaxes.values()), r.taxMode),
    discountTotal,
    discountTax,
    shippingTotal: input.shipping?.cost ?? 0,
    shippingTax: shippingTaxCents,
    totalTax: cents(itemsTax, r.taxMode) + shippingTaxCents,
    total: toSafeNumber(total < 0n ? 0n : total),
    freeShipping: input.coupons.some((coupon) => coupon.freeShipping),
  };
}

/**
 * The cart's subtotal before discounts, as coupon rules (minimum and maximum spend) need it:
 * `excl` without tax, `tax` its tax, `incl` with it, and `displayed` the one the cart shows
 * (`WC_Cart::get_displayed_subtotal`, by `settings.displayCart`), which WooCommerce compares
 * against a coupon's minimum and maximum spend. Cheaper than `computeTotals`: no coupons, no shipping.
 */
export function linesSubtotal(
  input: Pick<TotalsInput, "lines" | "location" | "baseLocation" | "rates" | "settings">,
): {
  excl: number;
  tax: number;
  incl: number;
  displayed: number;
} {
  const full: TotalsInput = { ...input, coupons: [], shipping: null };
  const r = roundingOf(input.settings);
  const items = prepareItems(full, r);
  const excl = cents(sumBig(items.map((item) => lineAmount(r, item.subtotal))));
  const taxes = mergeShares(
    items.map((item) => item.subtotalTaxes),
    (micro) => lineTax(r, micro),
  );
  const tax = cents(sumBig(taxes.values()), r.taxMode);
  const incl = excl + tax;
  const displayed = input.settings.enabled && input.settings.displayCart === "incl" ? incl : excl;
  return { excl, tax, incl, displayed };
}

/**
 * A product's price as the shop or the cart shows it, WooCommerce's `wc_get_price_including_tax`
 * (`mode` "incl") and `wc_get_price_excluding_tax` ("excl"), for one unit at `location`.
 *
 * - Not taxable (status other than "taxable", or taxes off): the price as entered.
 * - "incl", prices entered without tax: the price plus its tax (each rate rounded to the cent unless
 *   rounding at subtotal), rounded to the cent.
 * - "incl", prices entered with tax: the price as entered, unless `location`'s rates differ from the
 *   base's: then the base's tax out and the location's in.
 * - "excl", prices entered with tax: the price less the base location's tax (WooCommerce removes the
 *   base's rates, since the price was entered with them), rounded half up.
 * - "excl", prices entered without tax: the price as entered.
 */
export function displayPrice(
  price: number,
  taxClass: string,
  taxStatus: TaxStatus,
  rates: TaxRate[],
  location: TaxLocation,
  baseLocation: TaxLocation,
  settings: TaxSettings,
  mode: "incl" | "excl",
): number {
  if (!settings.enabled || taxStatus !== "taxable") return price;
  const r = roundingOf(settings);
  const amount = BigInt(price) * MICRO;
  const roundEach = (shares: PreciseShares): bigint =>
    sumBig([...shares.values()].map((share) => lineTax(r, share)));
  if (mode === "excl") {
    if (!r.pricesIncludeTax) return price;
    const baseRates = matchTaxRates(rates, baseLocation, taxClass);
    return cents(amount - sumBig(calcTaxMicro(amount, baseRates, true).values()));
  }
  const localRates = matchTaxRates(rates, location, taxClass);
  if (!r.pricesIncludeTax) {
    return cents(amount + roundEach(calcTaxMicro(amount, localRates, false)));
  }
  const baseRates = matchTaxRates(rates, baseLocation, taxClass);
  if (sameRates(localRates, baseRates)) return price;
  const baseTaxes = calcTaxMicro(amount, baseRates, true);
  const newTaxes = calcTaxMicro(amount - sumBig(baseTaxes.values()), localRates, false);
  return cents(amount - roundEach(baseTaxes) + roundEach(newTaxes));
}
