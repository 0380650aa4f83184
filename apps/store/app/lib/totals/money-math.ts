/**
 * The totals engine's arithmetic (decision 0066): no binary floating point ever touches money.
 *
 * - Figures the engine gives out are integers in the currency's minor units ("cents").
 * - Inside, amounts are kept in **micro-cents** (a millionth of a minor unit) as `bigint`: the
 *   precision WooCommerce rounds its internal tax shares to (`WC_Tax::round`, six decimals of the
 *   cent-scaled figures `WC_Cart_Totals` works in), so an unrounded tax share here is exactly the
 *   one WooCommerce keeps, minus its float noise.
 * - Exact intermediate values (a rate times a price, a price divided by `1 + rate`) are rationals
 *   (`Ratio`) and are rounded to micro-cents once, half away from zero, as PHP's `round()` does.
 */

/** Micro-cents in one minor unit. */
export const MICRO = 1_000_000n;

/** An exact fraction `n / d` with `d > 0`. */
export type Ratio = { n: bigint; d: bigint };

/**
 * How a half is rounded. `half-up` is PHP's `PHP_ROUND_HALF_UP` (away from zero, `round()`'s
 * default); `half-down` is `PHP_ROUND_HALF_DOWN` (towards zero). WooCommerce rounds taxes with
 * `wc_get_tax_rounding_mode()`: half down when prices are entered with tax, half up otherwise.
 */
export type RoundingMode = "half-up" | "half-down";

export const ratio = (n: bigint, d = 1n): Ratio => (d < 0n ? { n: -n, d: -d } : { n, d });

export const addR = (a: Ratio, b: Ratio): Ratio =>
  a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };

export const subR = (a: Ratio, b: Ratio): Ratio => addR(a, { n: -b.n, d: b.d });

export const mulR = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.n, a.d * b.d);

export const divR = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d, a.d * b.n);

/** `n / d` rounded to an integer, a half rounded by `mode` (away from zero by default). */
export function roundDiv(n: bigint, d: bigint, mode: RoundingMode = "half-up"): bigint {
  if (d === 0n) throw new RangeError("division by zero");
  if (d < 0n) return roundDiv(-n, -d, mode);
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = a / d;
  const twice = (a % d) * 2n;
  const up = twice > d || (twice === d && mode === "half-up");
  const r = up ? q + 1n : q;
  return negative ? -r : r;
}

/** `floor(n / d)` for any sign. */
export function floorDiv(n: bigint, d: bigint): bigint {
  if (d < 0n) return floorDiv(-n, -d);
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** A ratio rounded to an integer of the same unit. */
export const roundR = (a: Ratio, mode: RoundingMode = "half-up"): bigint => roundDiv(a.n, a.d, mode);

/** Micro-cents rounded to whole minor units. */
export const microToCents = (micro: bigint, mode: RoundingMode = "half-up"): bigint =>
  roundDiv(micro, MICRO, mode);

/** Whole minor units as micro-cents. */
export const centsToMicro = (cents: number | bigint): bigint => BigInt(cents) * MICRO;

/** Back to a JavaScript number, refusing what a number cannot hold exactly. */
export function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of range: ${value}`);
  return n;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string ("21.0000", "12.5", "500") as an exact ratio; throws on anything else. */
export function parseDecimal(text: string): Ratio {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`);
  const fraction = m[3] ?? "";
  const n = BigInt(`${m[2]}${fraction}`);
  return ratio(m[1] === "-" ? -n : n, 10n ** BigInt(fraction.length));
}

/**
 * A tax rate's percent string as an integer in ten-thousandths of a percent ("21.0000" → 210000,
 * "8.875" → 88750), so the rate as a fraction is `value / 1_000_000`. More than four decimals are
 * refused, as WooCommerce stores four (`format_tax_rate`).
 */
export function parseRate(text: string): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m || m[1] === "-" || (m[3]?.length ?? 0) > 4) {
    throw new RangeError(`not a tax rate with up to four decimals: ${JSON.stringify(text)}`);
  }
  return BigInt(`${m[2]}${(m[3] ?? "").padEnd(4, "0")}`);
}

/** The denominator of `parseRate`'s units: a rate of `r` is the fraction `r / RATE_SCALE`. */
export const RATE_SCALE = 1_000_000n;

export const sumBig = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};
