import { taxLocation } from "../../lib/totals/tax-location.ts";
import { computeTotals } from "../../lib/totals/totals.ts";
import type { CheckoutPricing, ShippingChoice, Totals } from "../../lib/totals/totals-types.ts";

/** The address fields that move a checkout's tax: the country and the place within it. */
export const TAX_PLACE_FIELDS = ["state", "postcode", "city"] as const;

/** One side of the form's address, as far as tax reads it. */
type FormAddress = { country: string; state: string; postcode: string; city: string };

/** The form's address of one side (`billing`, `shipping`) from its country and place fields' values. */
export function formAddress(
  prefix: "billing" | "shipping",
  country: string,
  places: Record<string, string>,
): FormAddress {
  return {
    country,
    state: places[`${prefix}_state`] ?? "",
    postcode: places[`${prefix}_postcode`] ?? "",
    city: places[`${prefix}_city`] ?? "",
  };
}

/**
 * The order's totals as the form stands: the totals engine, given the cart's pricing from the
 * server, the address tax follows and the chosen rate. The server prices the order it places with
 * the same engine and the same input, so what the shopper is shown is what is charged.
 */
export function checkoutTotals(
  pricing: CheckoutPricing,
  addresses: { billing: FormAddress; shipping: FormAddress | null },
  rate: ShippingChoice | null,
): Totals {
  return computeTotals({
    ...pricing,
    location: taxLocation(pricing.settings, pricing.baseLocation, addresses),
    shipping: rate,
  });
}
