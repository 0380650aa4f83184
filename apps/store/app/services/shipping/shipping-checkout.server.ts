import type { Database } from "@vitrine/db";
import { isLocale } from "../../i18n/i18n.ts";
import type { CartLineView, CartView } from "../../lib/cart.ts";
import { type PackageLine, packageRates, type RatesContext } from "../../lib/shipping/package-rates.ts";
import type { ShippingMethodInstance } from "../../lib/shipping/shipping-methods.ts";
import { matchZone, type ShippingDestination, type ZoneLocation } from "../../lib/shipping/zone-matching.ts";
import type { ShippingChoice } from "../../lib/totals/totals-types.ts";
import { type CartOwner, emptyCart, loadCart } from "../cart/cart.server.ts";
import { type PricingContext, priceCart } from "../cart/cart-pricing.server.ts";
import { loadShippingZones, methodNames, type ShippingZone } from "./shipping-zones.server.ts";

/**
 * The shopper's side of shipping zones: the rates the checkout offers and the one a checkout
 * resolves (decision 0069).
 */

/**
 * A priced cart's lines as the zones' methods price them, as WooCommerce's package holds them: only
 * the lines that ship (a virtual one does not, decision 0076), each costing its total after coupons
 * and without tax (`line_total`, what `[cost]` and a fee add up). Each line's shipping class (a
 * variation's, or its product's) was read with the cart (`loadCart`).
 */
export function cartPackage(lines: readonly CartLineView[]): PackageLine[] {
  return lines
    .filter((line) => !line.virtual)
    .map((line) => ({
      quantity: line.quantity,
      lineTotal: line.discountedTotal,
      shippingClassId: line.shippingClassId,
    }));
}

/** Whether a method's price depends on the cart (its items, their classes, its subtotal). */
function pricedByCart(method: ShippingMethodInstance): boolean {
  if (!method.enabled) return false;
  if (method.methodId === "flat_rate")
    return (
      /\[/.test(method.settings.cost) ||
      method.settings.no_class_cost !== "" ||
      Object.values(method.settings.class_costs).some((cost) => cost !== "")
    );
  // Free shipping may ask for a coupon, a minimum, or both.
  if (method.methodId === "free_shipping") return method.settings.requires !== "";
  return false;
}

/**
 * What free shipping compares with its minimum, from the priced cart (WooCommerce's
 * `WC_Shipping_Free_Shipping::is_available`): the subtotal as the cart shows it, less the
 * discount's tax when it shows prices with tax; the discount, which the method takes off unless it
 * ignores discounts; and whether a coupon grants free shipping.
 */
function ratesContext(cart: CartView): RatesContext {
  const { totals } = cart;
  const withTax = cart.subtotal !== totals.subtotal;
  return {
    freeShippingCoupon: cart.freeShipping,
    subtotal: cart.subtotal - (withTax ? totals.discountTax : 0),
    discount: totals.discountTotal,
  };
}

/** What pricing a cart for its shipping needs of the request's context. */
type ShippingContext = { db: Database; locale: string; settings: PricingContext["settings"] };

/** A checkout address as a destination. */
export function destinationOf(address: {
  country?: string | null;
  state?: string | null;
  postcode?: string | null;
}): ShippingDestination {
  return { country: address.country ?? "", state: address.state ?? "", postcode: address.postcode ?? "" };
}

/** The rates of the zone holding the address, for the owner's cart (read only when a rate depends on it). */
async function ratesForCart(
  context: ShippingContext,
  owner: CartOwner,
  address: ShippingDestination,
): Promise<ShippingChoice[]> {
  const zone = matchZone(await loadShippingZones(context.db), address);
  if (!zone) return [];
  let pkg: PackageLine[] = [];
  let cart: CartView = emptyCart;
  if (zone.methods.some(pricedByCart)) {
    const locale = isLocale(context.locale) ? context.locale : "en";
    const loaded = await loadCart(context.db, owner, locale, { images: false });
    cart = (await priceCart({ ...context, locale }, owner, loaded)).cart;
    pkg = cartPackage(cart.lines);
  }
  return packageRates(zone.methods, pkg, ratesContext(cart), methodNames(context.locale));
}

/**
 * The rate a shopper chose, if the zone holding the address offers it. `requested` is a rate id
 * ("flat_rate:3") or, as before zones, a method's id alone ("flat_rate"): the zone's first rate of
 * that method (decision 0069).
 */
export async function checkoutShippingChoice(
  context: ShippingContext,
  input: { owner: CartOwner; address: ShippingDestination; requested: string },
): Promise<ShippingChoice | undefined> {
  const rates = await ratesForCart(context, input.owner, input.address);
  return (
    rates.find((rate) => rate.id === input.requested) ??
    (input.requested.includes(":")
      ? undefined
      : rates.find((rate) => rate.id.startsWith(`${input.requested}:`)))
  );
}

/** A zone as the checkout page hands it to the form: where it ships and its rates for this cart. */
export type CheckoutZone = { id: number; order: number; locations: ZoneLocation[]; rates: ShippingChoice[] };

/** Every zone with its rates for the cart: the form offers the first zone's that holds the address. */
export async function checkoutZones(
  context: { db: Database; locale: string },
  cart: CartView,
): Promise<CheckoutZone[]> {
  const zones: ShippingZone[] = await loadShippingZones(context.db);
  const pkg = cartPackage(cart.lines);
  const names = methodNames(context.locale);
  return zones.map((zone) => ({
    id: zone.id,
    order: zone.order,
    locations: zone.locations,
    rates: packageRates(zone.methods, pkg, ratesContext(cart), names),
  }));
}

/**
 * The express wallet's shipping (it knows no address before the shopper pays): the flat rate, or
 * else the first rate, of the zone that holds the store's own address; null when that zone has none.
 */
export async function walletShippingRate(
  context: ShippingContext,
  owner: CartOwner,
): Promise<ShippingChoice | null> {
  const rates = await ratesForCart(context, owner, destinationOf(context.settings.address));
  return rates.find((rate) => rate.id.startsWith("flat_rate:")) ?? rates[0] ?? null;
}
