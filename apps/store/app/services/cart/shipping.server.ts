import type { StoreSettings } from "../../lib/settings-resource.ts";
import { SHIPPING_METHOD_IDS, type ShippingMethodId } from "../../lib/store-settings.ts";

export type { ShippingMethodId };
/** A shipping method as the checkout offers it: its cost in minor units, and where it ships (none: everywhere). */
export type ShippingOption = { id: ShippingMethodId; cost: number; countries: readonly string[] };

/** The shipping methods the owner has turned on, in the checkout's order (settings, decision 0039). */
export function shippingOptions(settings: StoreSettings): ShippingOption[] {
  return SHIPPING_METHOD_IDS.filter((id) => settings.shipping[id].enabled).map((id) => ({
    id,
    cost: settings.shipping[id].cost,
    countries: settings.shipping[id].countries,
  }));
}

/** Whether a method ships to a country: its zone lists the country, or it lists none. */
export function shipsTo(option: ShippingOption, country: string): boolean {
  return option.countries.length === 0 || option.countries.includes(country);
}

/** The method a shopper chose, if the store offers it for an order going to `country`. */
export function shippingMethod(
  settings: StoreSettings,
  id: string,
  country: string,
): ShippingOption | undefined {
  const option = shippingOptions(settings).find((candidate) => candidate.id === id);
  return option && shipsTo(option, country) ? option : undefined;
}
