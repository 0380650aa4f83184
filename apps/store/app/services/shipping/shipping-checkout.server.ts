import { type Database, products, variations } from "@vitrine/db";
import { and, eq, inArray } from "drizzle-orm";
import type { CartLineView, CartView } from "../../lib/cart.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { type PackageLine, packageRates, type RatesContext } from "../../lib/shipping/package-rates.ts";
import type { ShippingMethodInstance } from "../../lib/shipping/shipping-methods.ts";
import { matchZone, type ShippingDestination, type ZoneLocation } from "../../lib/shipping/zone-matching.ts";
import type { ShippingChoice } from "../../lib/totals/totals-types.ts";
import { type CartOwner, loadCart } from "../cart/cart.server.ts";
import { loadShippingZones, methodNames, type ShippingZone } from "./shipping-zones.server.ts";

/**
 * The shopper's side of shipping zones: the rates the checkout offers and the one a checkout
 * resolves (decision 0069). Every cart line needs shipping (the catalogue has no virtual products).
 */

/** A cart's lines as the zones' methods price them, with each line's shipping class (a variation's, or its product's). */
export async function cartPackage(db: Database, lines: readonly CartLineView[]): Promise<PackageLine[]> {
  if (lines.length === 0) return [];
  const variationIds = lines.flatMap((line) => (line.variationId === null ? [] : [line.variationId]));
  const rows = await db
    .select({
      productId: products.id,
      productClass: products.shippingClassId,
      variationId: variations.id,
      variationClass: variations.shippingClassId,
    })
    .from(products)
    .leftJoin(
      variations,
      and(
        eq(variations.productId, products.id),
        inArray(variations.id, variationIds.length > 0 ? variationIds : [0]),
      ),
    )
    .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))]));
  const productClass = new Map(rows.map((row) => [row.productId, row.productClass]));
  const variationClass = new Map(
    rows.flatMap((row) =>
      row.variationId === null ? [] : ([[row.variationId, row.variationClass]] as const),
    ),
  );
  return lines.map((line) => ({
    quantity: line.quantity,
    lineTotal: line.total,
    shippingClassId:
      (line.variationId === null ? null : (variationClass.get(line.variationId) ?? null)) ??
      productClass.get(line.productId) ??
      null,
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
  if (method.methodId === "free_shipping")
    return method.settings.requires !== "" && method.settings.requires !== "coupon";
  return false;
}

/**
 * What free shipping compares with its minimum. Coupons are not in this context yet: the totals
 * engine (issue 41) brings the discount and whether a coupon grants free shipping.
 */
function ratesContext(subtotal: number): RatesContext {
  return { freeShippingCoupon: false, subtotal, discount: 0 };
}

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
  context: { db: Database; locale: string },
  owner: CartOwner,
  address: ShippingDestination,
): Promise<ShippingChoice[]> {
  const zone = matchZone(await loadShippingZones(context.db), address);
  if (!zone) return [];
  let pkg: PackageLine[] = [];
  let subtotal = 0;
  if (zone.methods.some(pricedByCart)) {
    const cart = await loadCart(context.db, owner, context.locale, { images: false });
    pkg = await cartPackage(context.db, cart.lines);
    subtotal = cart.subtotal;
  }
  return packageRates(zone.methods, pkg, ratesContext(subtotal), methodNames(context.locale));
}

/**
 * The rate a shopper chose, if the zone holding the address offers it. `requested` is a rate id
 * ("flat_rate:3") or, as before zones, a method's id alone ("flat_rate"): the zone's first rate of
 * that method (decision 0069).
 */
export async function checkoutShippingChoice(
  context: { db: Database; locale: string },
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
  const pkg = zones.some((zone) => zone.methods.some(pricedByCart))
    ? await cartPackage(context.db, cart.lines)
    : [];
  const names = methodNames(context.locale);
  return zones.map((zone) => ({
    id: zone.id,
    order: zone.order,
    locations: zone.locations,
    rates: packageRates(zone.methods, pkg, ratesContext(cart.subtotal), names),
  }));
}

/**
 * The express wallet's shipping (it knows no address before the shopper pays): the flat rate, or
 * else the first rate, of the zone that holds the store's own address; 0 when that zone has none.
 */
export async function walletShippingCost(
  context: { db: Database; locale: string; settings: StoreSettings },
  owner: CartOwner,
): Promise<number> {
  const rates = await ratesForCart(context, owner, destinationOf(context.settings.address));
  return (rates.find((rate) => rate.id.startsWith("flat_rate:")) ?? rates[0])?.cost ?? 0;
}
