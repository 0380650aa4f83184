import { describe, expect, it } from "vitest";
import { mergedSettings, parseStoreSettings, refusedSettingsKey } from "./settings-resource.ts";
import { baseTaxLocation } from "./tax-settings.ts";

describe("tax settings", () => {
  it("default to WooCommerce's: tax on, prices without it, by the shipping address, shown without it, itemised", () => {
    expect(parseStoreSettings(undefined).taxes).toEqual({
      enabled: true,
      pricesIncludeTax: false,
      basedOn: "shipping",
      shippingTaxClass: "inherit",
      roundAtSubtotal: false,
      displayShop: "excl",
      displayCart: "excl",
      totalsDisplay: "itemized",
    });
  });

  it("take a patch of some options and refuse a value they would not keep", () => {
    const before = parseStoreSettings(undefined);
    const change = {
      taxes: { pricesIncludeTax: true, displayShop: "incl", shippingTaxClass: "reduced-rate" },
    };
    expect(refusedSettingsKey(before, change)).toBeNull();
    expect(mergedSettings(before, change).taxes).toMatchObject({
      pricesIncludeTax: true,
      displayShop: "incl",
      displayCart: "excl",
      shippingTaxClass: "reduced-rate",
    });
    expect(refusedSettingsKey(before, { taxes: { basedOn: "moon" } })).toBe("taxes");
    expect(refusedSettingsKey(before, { taxes: { shippingTaxClass: "Not A Slug" } })).toBe("taxes");
  });

  it("name the shop's base address as a tax location, upper-cased", () => {
    const settings = parseStoreSettings({
      address: { line1: "Gran Vía 1", city: "Madrid", state: "m", postcode: "28013", country: "ES" },
    });
    expect(baseTaxLocation(settings)).toEqual({
      country: "ES",
      state: "M",
      postcode: "28013",
      city: "MADRID",
    });
    expect(baseTaxLocation(parseStoreSettings(undefined))).toEqual({
      country: "",
      state: "",
      postcode: "",
      city: "",
    });
  });
});
