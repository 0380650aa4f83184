import { formatPrice } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import type { Notice } from "../notices.ts";
import type { CouponType, TotalsCoupon } from "../totals/totals-types.ts";

/**
 * Whether a coupon may be used on a cart, in the order and with the outcomes of WooCommerce's
 * `WC_Discounts::is_coupon_valid`, then `WC_Cart::apply_coupon`'s own checks (already applied,
 * individual use) and, at checkout, `WC_Cart::check_customer_coupons` (allowed e-mails, uses by the
 * billing e-mail). Pure: the caller reads the coupon, the cart and the customer's past uses.
 */

/** A coupon as the rules read it: the database row's fields that matter. */
export type CouponRuleRow = {
  code: string;
  type: CouponType;
  amount: string;
  expiresAt: Date | null;
  freeShipping: boolean;
  minimumAmount: number | null;
  maximumAmount: number | null;
  individualUse: boolean;
  excludeSaleItems: boolean;
  productIds: number[];
  excludedProductIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  emailRestrictions: string[];
  usageLimit: number | null;
  usageLimitPerUser: number | null;
  limitUsageToXItems: number | null;
  usageCount: number;
};

export type CouponRuleLine = {
  productId: number;
  variationId: number | null;
  /** The product's name in the shopper's language, for the excluded products' message. */
  name: string;
  /** The product's categories (with their names), for the category rules and their message. */
  categories: Array<{ id: number; name: string }>;
  onSale: boolean;
};

export type CouponContext = {
  now: Date;
  lines: CouponRuleLine[];
  /** The cart's subtotal as the shopper sees it (WooCommerce's displayed subtotal), minor units. */
  subtotal: number;
  /** The coupons already on the cart, in the order applied (this one left out). */
  applied: Array<{ code: string; individualUse: boolean }>;
  /** Orders of this customer (by account, and at checkout by billing e-mail) that used the coupon. */
  customerUses: number;
  /** The billing e-mail, known at checkout; null while the shopper is in the cart. */
  email: string | null;
  /** The signed-in account's e-mail, which an e-mail restriction also accepts. */
  accountEmail: string | null;
};

export const couponRefusalCodes = [
  "coupon_missing",
  "coupon_not_found",
  "coupon_usage_limit",
  "coupon_expired",
  "coupon_minimum_spend",
  "coupon_maximum_spend",
  "coupon_not_applicable",
  "coupon_sale_items",
  "coupon_excluded_products",
  "coupon_excluded_categories",
  "coupon_already_applied",
  "coupon_individual_use",
  "coupon_not_yours",
] as const;
export type CouponRefusalCode = (typeof couponRefusalCodes)[number];

/** A refusal and what its message names: a code, an amount (minor units), products or categories. */
export type CouponRefusal = {
  code: CouponRefusalCode;
  params: { code?: string; amount?: number; names?: string };
};

const refusal = (code: CouponRefusalCode, params: CouponRefusal["params"] = {}): CouponRefusal => ({
  code,
  params,
});

/** WooCommerce's "product" coupon types: they discount matching items, and need one in the cart. */
export function isProductCoupon(type: CouponType): boolean {
  return type === "percent" || type === "fixed_product";
}

function inIds(ids: number[], line: CouponRuleLine): boolean {
  return ids.includes(line.productId) || (line.variationId !== null && ids.includes(line.variationId));
}

function inCategories(ids: number[], line: CouponRuleLine): boolean {
  return line.categories.some((category) => ids.includes(category.id));
}

/** `WC_Coupon::is_valid_for_product`: a product coupon's own test of one item. */
export function couponFitsLine(coupon: CouponRuleRow, line: CouponRuleLine): boolean {
  const listed = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  if (listed && !inIds(coupon.productIds, line) && !inCategories(coupon.categoryIds, line)) return false;
  if (inIds(coupon.excludedProductIds, line) || inCategories(coupon.excludedCategoryIds, line)) return false;
  return !(coupon.excludeSaleItems && line.onSale);
}

/** The usage, spend and item checks, in `is_coupon_valid`'s order; null when all pass. */
function validityRefusal(coupon: CouponRuleRow, ctx: CouponContext): CouponRefusal | null {
  if (coupon.usageLimit !== null && coupon.usageLimit > 0 && coupon.usageCount >= coupon.usageLimit)
    return refusal("coupon_usage_limit");
  if (coupon.usageLimitPerUser !== null && coupon.usageLimitPerUser > 0) {
    if (ctx.customerUses >= coupon.usageLimitPerUser) return refusal("coupon_usage_limit");
  }
  if (coupon.expiresAt && ctx.now.getTime() > coupon.expiresAt.getTime()) return refusal("coupon_expired");
  if (coupon.minimumAmount && coupon.minimumAmount > ctx.subtotal)
    return refusal("coupon_minimum_spend", { amount: coupon.minimumAmount });
  if (coupon.maximumAmount && coupon.maximumAmount < ctx.subtotal)
    return refusal("coupon_maximum_spend", { amount: coupon.maximumAmount });
  return itemsRefusal(coupon, ctx.lines);
}

function itemsRefusal(coupon: CouponRuleRow, lines: CouponRuleLine[]): CouponRefusal | null {
  if (coupon.productIds.length > 0 && !lines.some((line) => inIds(coupon.productIds, line)))
    return refusal("coupon_not_applicable");
  if (
    coupon.categoryIds.length > 0 &&
    !lines.some((line) => !(coupon.excludeSaleItems && line.onSale) && inCategories(coupon.categoryIds, line))
  )
    return refusal("coupon_not_applicable");
  if (isProductCoupon(coupon.type)) {
    if (lines.length > 0 && !lines.some((line) => couponFitsLine(coupon, line)))
      return refusal("coupon_not_applicable");
    return null;
  }
  // A cart coupon may not be used while any item it excludes is in the cart.
  if (coupon.excludeSaleItems && lines.some((line) => line.onSale)) return refusal("coupon_sale_items");
  const products = lines.filter((line) => inIds(coupon.excludedProductIds, line)).map((line) => line.name);
  if (products.length > 0) return refusal("coupon_excluded_products", { names: products.join(", ") });
  const categories = new Set(
    lines.flatMap((line) =>
      line.categories.filter((c) => coupon.excludedCategoryIds.includes(c.id)).map((c) => c.name),
    ),
  );
  if (categories.size > 0)
    return refusal("coupon_excluded_categories", { names: [...categories].join(", ") });
  return null;
}

/**
 * Why a coupon may not be applied to this cart, or null. `coupon` null is a code no coupon has.
 * With `ctx.email` (at checkout) the allowed e-mails are checked too.
 */
export function couponRefusal(
  code: string,
  coupon: CouponRuleRow | null,
  ctx: CouponContext,
): CouponRefusal | null {
  if (normaliseCouponCode(code) === "") return refusal("coupon_missing");
  if (!coupon) return refusal("coupon_not_found", { code: code.trim() });
  const invalid = validityRefusal(coupon, ctx);
  if (invalid) return invalid;
  if (ctx.applied.some((applied) => applied.code === coupon.code)) return refusal("coupon_already_applied");
  // A coupon for individual use replaces the others (WooCommerce removes them); another one may
  // not join it.
  const alone = ctx.applied.find((applied) => applied.individualUse);
  if (alone && !coupon.individualUse) return refusal("coupon_individual_use", { code: alone.code });
  return emailRefusal(coupon, ctx);
}

/**
 * The coupons already on a cart, checked again as the cart is now (WooCommerce's
 * `check_cart_coupons`, on every totals calculation, and at checkout with the billing e-mail): those
 * that still hold, in order, and those to take off with why. A later coupon that joins one for
 * individual use is taken off.
 */
export function recheckApplied<Row extends CouponRuleRow>(
  rows: Row[],
  ctx: Omit<CouponContext, "applied" | "customerUses"> & { customerUses?: (row: Row) => number },
): { kept: Row[]; dropped: Array<{ row: Row; refusal: CouponRefusal }> } {
  const kept: Row[] = [];
  const dropped: Array<{ row: Row; refusal: CouponRefusal }> = [];
  for (const row of rows) {
    const context: CouponContext = {
      ...ctx,
      applied: kept.map((k) => ({ code: k.code, individualUse: k.individualUse })),
      customerUses: ctx.customerUses?.(row) ?? 0,
    };
    const refused = couponRefusal(row.code, row, context);
    if (refused) dropped.push({ row, refusal: refused });
    else kept.push(row);
  }
  return { kept, dropped };
}

/** WooCommerce's notice for a coupon taken off a cart it no longer fits. */
export function removedCouponNotice(code: string): Notice {
  return { type: "error", message: "coupons.invalidRemoved", params: { code } };
}

/** At checkout: the allowed e-mails against the billing e-mail and the account's. */
export function emailRefusal(
  coupon: CouponRuleRow,
  ctx: Pick<CouponContext, "email" | "accountEmail">,
): CouponRefusal | null {
  if (ctx.email === null || coupon.emailRestrictions.length === 0) return null;
  const emails = [ctx.email, ctx.accountEmail].filter((e): e is string => !!e).map((e) => e.toLowerCase());
  const allowed = emails.some((email) =>
    coupon.emailRestrictions.some((pattern) => emailMatches(pattern.toLowerCase(), email)),
  );
  return allowed ? null : refusal("coupon_not_yours", { code: coupon.code });
}

/** An allowed e-mail, where `*` stands for any run of characters (`*@example.com`). */
export function emailMatches(pattern: string, email: string): boolean {
  if (!pattern.includes("*")) return pattern === email;
  const parts = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(email);
}

/** WooCommerce keeps and compares codes trimmed and in lower case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toLowerCase();
}

/** What the totals engine takes of a coupon found valid. */
export function toTotalsCoupon(row: CouponRuleRow): TotalsCoupon {
  return {
    code: row.code,
    type: row.type,
    amount: row.amount,
    freeShipping: row.freeShipping,
    productIds: row.productIds,
    excludedProductIds: row.excludedProductIds,
    categoryIds: row.categoryIds,
    excludedCategoryIds: row.excludedCategoryIds,
    excludeSaleItems: row.excludeSaleItems,
    limitUsageToItems: row.limitUsageToXItems,
  };
}

/** The refusal as a notice (`coupons.errors.<code>`), its amount written in the shopper's money. */
export function couponRefusalNotice(refused: CouponRefusal, currency: string, locale: Locale): Notice {
  return {
    type: "error",
    message: `coupons.errors.${refused.code}`,
    params: refusalParams(refused, currency, locale),
  };
}

export function refusalParams(
  refused: CouponRefusal,
  currency: string,
  locale: Locale,
): Record<string, string> {
  const { code = "", amount, names = "" } = refused.params;
  return { code, names, amount: amount === undefined ? "" : formatPrice(amount, currency, locale) };
}
