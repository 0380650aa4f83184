import type { TaxLocation, TaxSettings } from "./totals-types.ts";

/** An address as a checkout form or an account keeps it (CONTRACTS.md's field names). */
type AddressFields = { country?: string; state?: string; postcode?: string; city?: string };

/**
 * Where tax is charged, by the store's "calculate tax based on" setting: the shipping address (or
 * the billing one when none is given), the billing address, or the shop's base; the shop's base
 * too while the shopper has given no country (WooCommerce's default customer location). The server
 * prices an order with it, and the checkout's form its totals as the shopper types.
 */
export function taxLocation(
  taxes: Pick<TaxSettings, "basedOn">,
  baseLocation: TaxLocation,
  addresses: { billing: AddressFields | null; shipping: AddressFields | null },
): TaxLocation {
  if (taxes.basedOn === "base") return baseLocation;
  const address = taxes.basedOn === "billing" ? addresses.billing : (addresses.shipping ?? addresses.billing);
  if (!address?.country) return baseLocation;
  return {
    country: address.country.toUpperCase(),
    state: (address.state ?? "").toUpperCase(),
    postcode: (address.postcode ?? "").trim().toUpperCase(),
    city: (address.city ?? "").trim().toUpperCase(),
  };
}
