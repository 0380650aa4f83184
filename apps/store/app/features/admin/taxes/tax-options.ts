import type { TaxSettings } from "../../../lib/totals/totals-types.ts";

/**
 * The tax options form's fields read back into the patch `PUT /settings` takes (decision 0067): the
 * store's `taxes`. No React.
 */
export function taxOptionsPatch(form: FormData): { taxes: TaxSettings } {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    taxes: {
      enabled: form.has("enabled"),
      pricesIncludeTax: text("pricesIncludeTax") === "yes",
      basedOn: text("basedOn") as TaxSettings["basedOn"],
      shippingTaxClass: text("shippingTaxClass") === "standard" ? "" : text("shippingTaxClass"),
      roundAtSubtotal: form.has("roundAtSubtotal"),
      displayShop: text("displayShop") as TaxSettings["displayShop"],
      displayCart: text("displayCart") as TaxSettings["displayCart"],
      totalsDisplay: text("totalsDisplay") as TaxSettings["totalsDisplay"],
    },
  };
}
