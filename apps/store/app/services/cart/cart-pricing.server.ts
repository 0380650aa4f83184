import { type Address, type Database, type Transaction, users } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import type { CartView } from "../../lib/cart.ts";
import { type CouponRefusal, recheckApplied, toTotalsCoupon } from "../../lib/coupons/coupon-rules.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { baseTaxLocation } from "../../lib/tax-settings.ts";
import { taxLocation } from "../../lib/totals/tax-location.ts";
import { computeTotals, displayPrice, linesSubtotal } from "../../lib/totals/totals.ts";
import { summaryOfTotals } from "../../lib/totals/totals-rows.ts";
import type {
  CheckoutPricing,
  ShippingChoice,
  TaxRate,
  Totals,
  TotalsLine,
} from "../../lib/totals/totals-types.ts";
import { appliedCoupons, type CouponRow, ruleLines } from "../coupons/coupons.server.ts";
import { loadTaxRates } from "../taxes/tax-rates.server.ts";
import type { CartOwner } from "./cart.server.ts";

/**
 * A cart priced: the one place that turns a cart's lines, the shopper's addresses, the chosen
 * shipping rate and the applied coupons into the totals engine's input, and its figures back into
 * the cart the shopper sees (decision 0066). The mini-cart, the cart page, the checkout, the Store
 * API, the wallet and the order's own transaction all price a cart here, so they all show and
 * charge the same figures.
 */

/** What pricing needs of the request's context. */
export type PricingContext = {
  db: Database | Transaction;
  settings: Pick<StoreSettings, "taxes" | "address">;
  locale: Locale;
};

export type PricingOptions = {
  /** The addresses the checkout states; without them, the account's saved ones, else the shop's. */
  billing?: Address | null;
  shipping?: Address | null;
  /** The shipping rate chosen at checkout; none in the cart (shipping shows at checkout). */
  shippingRate?: ShippingChoice | null;
  /** Tax at the shop's base whatever the addresses (the wallet, which knows none until paid). */
  taxAtBase?: boolean;
  /** The rates table, read before a transaction (the process keeps it per database, not per transaction). */
  rates?: TaxRate[];
};

/** The cart with the engine's figures, the figures themselves, the coupons they used, and the engine's input. */
export type PricedCart = {
  cart: CartView;
  totals: Totals;
  coupons: CouponRow[];
  /** Every coupon applied to the cart, in the order applied, whether or not it holds. */
  applied: CouponRow[];
  /** Applied coupons that no longer hold, and why: they count for nothing (an order refuses them). */
  dropped: Array<{ row: CouponRow; refusal: CouponRefusal }>;
  pricing: CheckoutPricing;
};

/** Prices the owner's cart (read by `loadCart`). An empty cart is priced as nothing. */
export async function priceCart(
  context: PricingContext,
  owner: CartOwner,
  cart: CartView,
  options: PricingOptions = {},
): Promise<PricedCart> {
  const { settings } = context;
  const taxes = settings.taxes;
  const [base, applied] = await Promise.all([
    taxBase(context, owner, options),
    cart.coupons.length > 0 ? appliedCoupons(context.db, owner) : ([] as CouponRow[]),
  ]);
  const { location, baseLocation, rates } = base;
  // The lines' categories matter only to coupons: read with them, only when a coupon is applied.
  const rules = applied.length > 0 ? await ruleLines(context.db as Database, cart, context.locale) : [];
  const lines = cart.lines.map((line, index) =>
    totalsLine(line, rules[index]?.categories.map((category) => category.id) ?? []),
  );
  // WooCommerce's check_cart_coupons: one that has expired, run out, or whose spend the cart no
  // longer meets counts for nothing, and shows again once it holds. Who may use it (e-mail,
  // per-customer limit) is the order's transaction's to check (claimCouponUsage).
  const { kept: coupons, dropped } =
    applied.length > 0
      ? recheckApplied(applied, {
          now: new Date(),
          lines: rules,
          subtotal: linesSubtotal({ ...base, lines }).displayed,
          email: null,
          accountEmail: null,
        })
      : { kept: [], dropped: [] };
  const pricing: CheckoutPricing = {
    baseLocation,
    rates,
    settings: taxes,
    lines,
    coupons: coupons.map(toTotalsCoupon),
  };
  // A cart of virtual lines only is charged no shipping, whatever rate is named (decision 0076).
  const shipping = cart.needsShipping === false ? null : (options.shippingRate ?? null);
  const totals = computeTotals({ ...pricing, location, shipping });
  const byKey = new Map(totals.lines.map((line) => [line.key, line]));
  const withTax = taxes.enabled && taxes.displayCart === "incl";
  return {
    cart: {
      ...cart,
      lines: cart.lines.map((line) => ({
        ...line,
        displayPrice: displayPrice(
          line.unitPrice,
          line.taxClass,
          line.taxStatus,
          rates,
          location,
          baseLocation,
          taxes,
          withTax ? "incl" : "excl",
        ),
        subtotal: byKey.get(line.key)?.subtotal ?? 0,
        subtotalTax: byKey.get(line.key)?.subtotalTax ?? 0,
        discountedTotal: byKey.get(line.key)?.total ?? 0,
        discountedTax: byKey.get(line.key)?.totalTax ?? 0,
      })),
      subtotal: totals.subtotal + (withTax ? totals.subtotalTax : 0),
      total: totals.total,
      totals: summaryOfTotals(totals),
      coupons: coupons.map((coupon) => coupon.code),
      freeShipping: totals.freeShipping,
    },
    totals,
    coupons,
    applied,
    dropped,
    pricing,
  };
}

/**
 * The cart's subtotal as the shopper sees it (`WC_Cart::get_displayed_subtotal`), with or without
 * tax as the cart shows prices: what a coupon's minimum and maximum spend are measured against, when
 * the coupon is applied as when the cart is priced.
 */
export async function displayedSubtotal(
  context: PricingContext,
  owner: CartOwner,
  cart: CartView,
): Promise<number> {
  const base = await taxBase(context, owner, {});
  return linesSubtotal({ ...base, lines: cart.lines.map((line) => totalsLine(line, [])) }).displayed;
}

/** Where the cart is taxed, the shop's base, the rates and the tax settings: the engine's tax input. */
async function taxBase(context: PricingContext, owner: CartOwner, options: PricingOptions) {
  const { settings } = context;
  const taxes = settings.taxes;
  const [rates, saved] = await Promise.all([
    options.rates ?? (taxes.enabled ? loadTaxRates(context.db as Database) : ([] as TaxRate[])),
    needsSavedAddresses(settings, owner, options) ? savedAddresses(context.db, owner.userId!) : null,
  ]);
  const baseLocation = baseTaxLocation(settings);
  const location = options.taxAtBase
    ? baseLocation
    : taxLocation(taxes, baseLocation, {
        billing: options.billing ?? saved?.billing ?? null,
        shipping: options.shipping ?? saved?.shipping ?? null,
      });
  return { location, baseLocation, rates, settings: taxes };
}

/** A cart line as the engine takes it (its categories are read only when a coupon asks). */
function totalsLine(line: CartView["lines"][number], categoryIds: number[]): TotalsLine {
  return {
    key: line.key,
    productId: line.productId,
    variationId: line.variationId,
    categoryIds,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    regularPrice: line.regularPrice,
    onSale: line.unitPrice < line.regularPrice,
    taxStatus: line.taxStatus,
    taxClass: line.taxClass,
    // A virtual product or variation ships nothing (decision 0076).
    needsShipping: !line.virtual,
    shippingClassId: line.shippingClassId,
  };
}

function needsSavedAddresses(
  settings: PricingContext["settings"],
  owner: CartOwner,
  options: PricingOptions,
): boolean {
  return (
    settings.taxes.enabled &&
    settings.taxes.basedOn !== "base" &&
    !options.taxAtBase &&
    owner.userId !== null &&
    !options.billing &&
    !options.shipping
  );
}

/** The addresses an account's last checkout kept. */
async function savedAddresses(
  db: Database | Transaction,
  userId: number,
): Promise<{ billing: Address | null; shipping: Address | null } | null> {
  const [row] = await db
    .select({ billing: users.billingAddress, shipping: users.shippingAddress })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
