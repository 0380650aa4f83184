/**
 * How coupons take money off the lines (issue 41, decision 0066), the way WooCommerce's
 * `WC_Discounts` does it for `WC_Cart_Totals`. Pure. Whether a coupon may be used at all (expiry,
 * spend, e-mails, usage limits, individual use) is decided before: every coupon given here applies.
 *
 * Discounts are worked in whole minor units where WooCommerce works in whole cents (it rounds or
 * floors each step), held in micro-cents so a line whose price is not a whole number of cents (a
 * price with tax moved to another location's rates) stays exact.
 */
import { floorDiv, MICRO, microToCents, parseDecimal, roundDiv } from "./money-math.ts";
import type { CouponType, TotalsCoupon, TotalsLine } from "./totals-types.ts";

/** A line as the discounts see it: its whole price (with tax when prices include it), in micro-cents. */
export type DiscountItem = { key: string; quantity: number; price: bigint; line: TotalsLine };

/** Discount by coupon code, then by line key, in micro-cents (whole cents in practice). */
export type CouponDiscounts = Map<string, Map<string, bigint>>;

const SORT: Record<CouponType, number> = { fixed_product: 1, percent: 2, fixed_cart: 3 };

/**
 * The order coupons are applied in, `WC_Cart_Totals::sort_coupons_callback`: fixed product, then
 * percent, then fixed cart; within a type, a smaller "limit usage to X items" first, then the smaller
 * amount, then the higher id (when ids are given), else the order given.
 */
export function sortCoupons(coupons: TotalsCoupon[]): TotalsCoupon[] {
  return coupons
    .map((coupon, index) => ({ coupon, index }))
    .sort((a, b) => {
      const x = a.coupon;
      const y = b.coupon;
      if (SORT[x.type] !== SORT[y.type]) return SORT[x.type] - SORT[y.type];
      const lx = x.limitUsageToItems ?? 0;
      const ly = y.limitUsageToItems ?? 0;
      if (lx !== ly) return lx - ly;
      const ax = parseDecimal(x.amount);
      const ay = parseDecimal(y.amount);
      const cmp = ax.n * ay.d - ay.n * ax.d;
      if (cmp !== 0n) return cmp < 0n ? -1 : 1;
      if (x.id !== undefined && y.id !== undefined && x.id !== y.id) return y.id - x.id;
      return a.index - b.index;
    })
    .map(({ coupon }) => coupon);
}

/**
 * `WC_Coupon::is_valid_for_product`, for percent and fixed product coupons: the line is one of the
 * coupon's products (the product or its variation) or in one of its categories, or the coupon names
 * neither; and it is not an excluded product, not in an excluded category, and not on sale when the
 * coupon excludes sale items.
 */
export function couponAppliesToLine(coupon: TotalsCoupon, line: TotalsLine): boolean {
  const ids = [line.productId, ...(line.variationId === null ? [] : [line.variationId])];
  const hasProducts = coupon.productIds.length > 0;
  const hasCategories = coupon.categoryIds.length > 0;
  let valid = !hasProducts && !hasCategories;
  if (hasProducts && ids.some((id) => coupon.productIds.includes(id))) valid = true;
  if (hasCategories && line.categoryIds.some((id) => coupon.categoryIds.includes(id))) valid = true;
  if (ids.some((id) => coupon.excludedProductIds.includes(id))) valid = false;
  if (line.categoryIds.some((id) => coupon.excludedCategoryIds.includes(id))) valid = false;
  if (coupon.excludeSaleItems && line.onSale) valid = false;
  return valid;
}

/** Applies coupons one after the other to the same items, as one `WC_Discounts` object does. */
class Discounter {
  readonly discounts: CouponDiscounts = new Map();
  private readonly byItem = new Map<string, bigint>();

  constructor(private readonly items: DiscountItem[]) {}

  /** `get_discounted_price_in_cents`: what is left of the line, rounded to whole cents, never below 0. */
  private left(item: DiscountItem): bigint {
    const cents = microToCents(item.price - (this.byItem.get(item.key) ?? 0n));
    return (cents < 0n ? -cents : cents) * MICRO;
  }

  private add(code: string, key: string, amount: bigint): void {
    const own = this.discounts.get(code);
    if (own) own.set(key, (own.get(key) ?? 0n) + amount);
    this.byItem.set(key, (this.byItem.get(key) ?? 0n) + amount);
  }

  apply(coupon: TotalsCoupon): void {
    this.discounts.set(coupon.code, new Map(this.items.map((item) => [item.key, 0n])));
    // `get_items_to_apply_coupon`: lines with something left; fixed cart coupons take every line.
    const items = this.items.filter(
      (item) =>
        this.left(item) !== 0n &&
        item.quantity > 0 &&
        (coupon.type === "fixed_cart" || couponAppliesToLine(coupon, item.line)),
    );
    if (coupon.type === "percent") this.percent(coupon, items);
    else if (coupon.type === "fixed_product") {
      this.fixedProduct(coupon, items, amountMicro(coupon));
    } else this.fixedCart(coupon, items, amountMicro(coupon));
  }

  /**
   * `apply_coupon_percent`: each line (up to the coupon's item limit) loses `floor(price × %)` of its
   * price as entered (rounded to cents), never more than is left of it; the cents the flooring lost
   * against `round(Σ prices × %)` are then given one at a time (`apply_coupon_remainder`).
   */
  private percent(coupon: TotalsCoupon, items: DiscountItem[]): void {
    const pct = parseDecimal(coupon.amount);
    const limit = coupon.limitUsageToItems ?? 0;
    let applied = 0;
    let total = 0n;
    // Σ price_to_discount as a ratio over the product of the quantities met so far.
    let cartN = 0n;
    let cartD = 1n;
    for (const item of items) {
      const left = this.left(item);
      const qty = BigInt(item.quantity);
      const applyQty = BigInt(limit && limit - applied < item.quantity ? limit - applied : item.quantity);
      const price = microToCents(item.price); // round( $item->price )
      // price_to_discount = price / qty × applyQty; discount = floor(price_to_discount × pct / 100).
      const discountCents = floorDiv(price * applyQty * pct.n, qty * pct.d * 100n);
      const discount = minBig(left, discountCents * MICRO);
      cartN = cartN * qty + price * applyQty * cartD;
      cartD *= qty;
      total += discount;
      applied += Number(applyQty);
      this.add(coupon.code, item.key, discount);
    }
    const whole = roundDiv(cartN * pct.n, cartD * pct.d * 100n) * MICRO;
    if (total < whole) this.remainder(coupon, items, whole - total);
  }

  /**
   * `apply_coupon_fixed_product`: the amount off each unit (off each of the first X units with an
   * item limit, then never more than a unit's price), never more than is left of the line.
   */
  private fixedProduct(coupon: TotalsCoupon, items: DiscountItem[], amount: bigint): bigint {
    const limit = coupon.limitUsageToItems ?? 0;
    let applied = 0;
    let total = 0n;
    for (const item of items) {
      const left = this.left(item);
      let discount: bigint;
      if (limit) {
        const applyQty = Math.max(0, Math.min(limit - applied, item.quantity));
        const unit = roundDiv(item.price, BigInt(item.quantity));
        discount = minBig(amount, unit) * BigInt(applyQty);
        applied += applyQty;
      } else {
        discount = amount * BigInt(item.quantity);
        applied += item.quantity;
      }
      discount = minBig(left, discount);
      total += discount;
      this.add(coupon.code, item.key, discount);
    }
    return total;
  }

  /**
   * `apply_coupon_fixed_cart`: the amount is split evenly over the units of the lines with something
   * left (whole cents each, rounded down), each unit never losing more than its line has left; what
   * is still owed is split again the same way, and below a cent a unit, a cent at a time
   * (`apply_coupon_remainder`).
   */
  private fixedCart(coupon: TotalsCoupon, all: DiscountItem[], amount: bigint): bigint {
    const items = all.filter((item) => this.left(item) > 0n);
    const units = BigInt(items.reduce((n, item) => n + item.quantity, 0));
    if (units === 0n || amount <= 0n) return 0n;
    // absint( $amount / $item_count ): whole cents a unit, rounded down.
    const perUnit = floorDiv(floorDiv(amount, MICRO), units) * MICRO;
    if (perUnit > 0n) {
      let total = this.fixedProduct({ ...coupon, limitUsageToItems: null }, items, perUnit);
      if (total > 0n && total < amount) total += this.fixedCart(coupon, items, amount - total);
      return total;
    }
    return this.remainder(coupon, items, amount);
  }

  /** `apply_coupon_remainder`: one cent off each unit in turn, largest lines first, until `amount` is given. */
  private remainder(coupon: TotalsCoupon, items: DiscountItem[], amount: bigint): bigint {
    let total = 0n;
    for (const item of items) {
      for (let i = 0; i < item.quantity; i++) {
        const discount = minBig(this.left(item), MICRO);
        total += discount;
        this.add(coupon.code, item.key, discount);
        if (total >= amount) return total;
      }
    }
    return total;
  }
}

const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** A fixed coupon's amount (minor units as a string) in micro-cents, rounded to whole cents. */
const amountMicro = (coupon: TotalsCoupon): bigint => {
  const amount = parseDecimal(coupon.amount);
  return roundDiv(amount.n, amount.d) * MICRO;
};

/**
 * Every coupon's discount on every line, in the order WooCommerce applies them (`sortCoupons`), the
 * lines taken largest first (`WC_Discounts::sort_by_price`). Prices are "as entered": with tax
 * when prices include tax, so the discount comes off the price the shopper sees.
 */
export function applyCoupons(items: DiscountItem[], coupons: TotalsCoupon[]): CouponDiscounts {
  // sort_by_price compares $item->price × quantity (the line price times its quantity), largest first.
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const x = a.item.price * BigInt(a.item.quantity);
      const y = b.item.price * BigInt(b.item.quantity);
      return x === y ? a.index - b.index : x > y ? -1 : 1;
    })
    .map(({ item }) => item);
  const discounter = new Discounter(sorted);
  for (const coupon of sortCoupons(coupons)) discounter.apply(coupon);
  return discounter.discounts;
}

/** The total discount of each line over all coupons, in micro-cents. */
export function discountsByLine(discounts: CouponDiscounts): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const byLine of discounts.values()) {
    for (const [key, amount] of byLine) out.set(key, (out.get(key) ?? 0n) + amount);
  }
  return out;
}
