import { z } from "zod";
import type { StoreSettings } from "./settings-resource.ts";
import type { TaxLocation, TaxSettings } from "./totals/totals-types.ts";

/**
 * The store's tax options (settings `taxes`, decision 0067), WooCommerce's `woocommerce_*` tax
 * settings under the names of `TaxSettings`. A fresh store charges tax, on prices entered without it,
 * by the shipping address, and shows prices without it.
 */
export const TAX_SETTINGS_DEFAULTS: TaxSettings = {
  enabled: true,
  pricesIncludeTax: false,
  basedOn: "shipping",
  shippingTaxClass: "inherit",
  roundAtSubtotal: false,
  displayShop: "excl",
  displayCart: "excl",
  totalsDisplay: "itemized",
};

/** "inherit", "" (standard) or a class's slug; whether the class exists is the service's check. */
const shippingTaxClass = z.union([
  z.literal("inherit"),
  z.literal(""),
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(40),
]);

export const taxSettingsSchema = z
  .object({
    enabled: z.boolean().catch(TAX_SETTINGS_DEFAULTS.enabled),
    pricesIncludeTax: z.boolean().catch(TAX_SETTINGS_DEFAULTS.pricesIncludeTax),
    basedOn: z.enum(["shipping", "billing", "base"]).catch(TAX_SETTINGS_DEFAULTS.basedOn),
    shippingTaxClass: shippingTaxClass.catch(TAX_SETTINGS_DEFAULTS.shippingTaxClass),
    roundAtSubtotal: z.boolean().catch(TAX_SETTINGS_DEFAULTS.roundAtSubtotal),
    displayShop: z.enum(["incl", "excl"]).catch(TAX_SETTINGS_DEFAULTS.displayShop),
    displayCart: z.enum(["incl", "excl"]).catch(TAX_SETTINGS_DEFAULTS.displayCart),
    totalsDisplay: z.enum(["itemized", "single"]).catch(TAX_SETTINGS_DEFAULTS.totalsDisplay),
  } satisfies Record<keyof TaxSettings, z.ZodTypeAny>)
  .catch(TAX_SETTINGS_DEFAULTS);

/**
 * The shop's base address as a tax location (WooCommerce's `woocommerce_default_country` and store
 * postcode and city): where taxes are charged when they follow the base, and the location whose tax
 * prices entered with tax include.
 */
export function baseTaxLocation(settings: Pick<StoreSettings, "address">): TaxLocation {
  const { country, state, postcode, city } = settings.address;
  return {
    country: country.toUpperCase(),
    state: state.toUpperCase(),
    postcode: postcode.trim().toUpperCase(),
    city: city.trim().toUpperCase(),
  };
}
