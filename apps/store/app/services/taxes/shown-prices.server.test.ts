import type { Database } from "@vitrine/db";
import { describe, expect, it } from "vitest";
import { TAX_SETTINGS_DEFAULTS } from "../../lib/tax-settings.ts";
import type { TaxRate, TaxSettings } from "../../lib/totals/totals-types.ts";
import {
  AS_ENTERED,
  addressTaxLocationCookie,
  displayVariantKey,
  parseTaxLocation,
  type ShownPrices,
  shopperTaxLocation,
  shownPrice,
  shownPrices,
  TAX_LOCATION_COOKIE,
  taxCacheVariant,
} from "./shown-prices.server.ts";

/** The catalogue's prices for a display variant (decision 0071), without a database. */

const rate = (id: number, over: Partial<TaxRate>): TaxRate => ({
  id,
  class: "",
  country: "",
  state: "",
  postcodes: [],
  cities: [],
  rate: "10.0000",
  name: "Tax",
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
  ...over,
});

/** Spain (the base) 21 %, its reduced class 10 %; Portugal 23 % everywhere; nothing elsewhere. */
const rates: TaxRate[] = [
  rate(1, { country: "ES", rate: "21.0000" }),
  rate(2, { country: "ES", class: "reduced-rate", rate: "10.0000" }),
  rate(3, { country: "PT", rate: "23.0000" }),
];

const store = (taxes: Partial<TaxSettings> = {}) => ({
  taxes: { ...TAX_SETTINGS_DEFAULTS, displayShop: "incl" as const, ...taxes },
  address: { line1: "", line2: "", city: "Madrid", state: "M", postcode: "28001", country: "ES" as const },
});

const place = (country: string, postcode = "", state = "", city = "") => ({ country, state, postcode, city });
const cookie = (value: string) => ({ [TAX_LOCATION_COOKIE]: value });

describe("displayVariantKey", () => {
  it("is the base's for no cookie, another place with the base's rates, and prices that do not depend on the place", () => {
    const settings = store();
    const base = shopperTaxLocation(settings, {});
    expect(base).toEqual(place("ES", "28001", "M", "MADRID"));
    expect(displayVariantKey(settings, rates, base)).toBe("");
    // Barcelona matches Spain's rates: the base's page.
    expect(displayVariantKey(settings, rates, place("ES", "08001", "B", "BARCELONA"))).toBe("");
    // Shown without tax, on prices entered without it or with it: the place never matters.
    expect(displayVariantKey(store({ displayShop: "excl" }), rates, place("PT"))).toBe("");
    expect(
      displayVariantKey(store({ displayShop: "excl", pricesIncludeTax: true }), rates, place("US")),
    ).toBe("");
    expect(displayVariantKey(store({ enabled: false }), rates, place("PT"))).toBe("");
    // Taxes charged at the base: the cookie is not read.
    expect(shopperTaxLocation(store({ basedOn: "base" }), cookie("PT|||"))).toEqual(base);
  });

  it("is one short key for places with the same rates and another for other rates", () => {
    const settings = store();
    const lisbon = displayVariantKey(settings, rates, place("PT", "1000-001"));
    const porto = displayVariantKey(settings, rates, place("PT", "4000-001"));
    const texas = displayVariantKey(settings, rates, place("US", "73301", "TX"));
    const ohio = displayVariantKey(settings, rates, place("US", "43004", "OH"));
    expect(lisbon).toMatch(/^tax-[\w-]{10}$/);
    expect(porto).toBe(lisbon);
    expect(ohio).toBe(texas);
    expect(texas).not.toBe(lisbon);
    expect(texas).not.toBe("");
  });

  it("is unknown (null) away from the base until the rates are read", () => {
    expect(displayVariantKey(store(), undefined, place("PT"))).toBeNull();
    expect(displayVariantKey(store(), undefined, shopperTaxLocation(store(), {}))).toBe("");
  });
});

describe("shownPrices", () => {
  it("reads nothing when taxes are off or prices are entered and shown without tax", async () => {
    const noDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error("read the database");
        },
      },
    ) as Database;
    expect(await shownPrices(noDatabase, store({ enabled: false }), cookie("PT|||"))).toBe(AS_ENTERED);
    expect(await shownPrices(noDatabase, store({ displayShop: "excl" }), cookie("PT|||"))).toBe(AS_ENTERED);
  });
});

describe("taxCacheVariant", () => {
  it("needs no rates without the cookie or when the place does not matter, and answers null until they are read", () => {
    const noDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error("read the database");
        },
      },
    ) as Database;
    expect(taxCacheVariant(noDatabase, store(), {})).toBe("");
    expect(taxCacheVariant(noDatabase, store({ enabled: false }), cookie("PT|||"))).toBe("");
    expect(
      taxCacheVariant(noDatabase, store({ displayShop: "excl", pricesIncludeTax: true }), cookie("PT|||")),
    ).toBe("");
    expect(taxCacheVariant(noDatabase, store({ basedOn: "base" }), cookie("PT|||"))).toBe("");
    // Away from the base, before this process has read the rates: a page of its own.
    expect(taxCacheVariant(noDatabase, store(), cookie("PT|||"))).toBeNull();
  });
});

describe("the tax location cookie", () => {
  it("reads what a checkout wrote, and nothing from a value that is not a place", () => {
    const written = addressTaxLocationCookie(
      store(),
      { billing: { country: "pt", state: "", postcode: "1000-001", city: "Lisboa" }, shipping: null },
      true,
    );
    expect(written).toMatch(
      /^vitrine_tax_location=PT%7C%7C1000-001%7CLISBOA; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(parseTaxLocation(decodeURIComponent("PT%7C%7C1000-001%7CLISBOA"))).toEqual(
      place("PT", "1000-001", "", "LISBOA"),
    );
    for (const bad of ["", "P", "PT1|||", "<script>|||", "PT|<b>|x|y", "x".repeat(400)])
      expect(parseTaxLocation(bad), bad).toBeNull();
    expect(addressTaxLocationCookie(store(), { billing: { country: "" }, shipping: null }, false)).toBeNull();
  });
});

describe("shownPrice", () => {
  const at = (country: string): ShownPrices => ({
    key: country,
    shown: (price, status, taxClass) =>
      status !== "taxable"
        ? price
        : price + (country === "ES" ? (taxClass === "" ? price * 0.21 : price / 10) : 0),
  });

  it("shows a variable product's range over each class's lowest and highest", () => {
    const entered = {
      regular: 1000,
      sale: null,
      taxStatus: "taxable" as const,
      taxClass: "",
      ranges: [
        ["", 1000, 2000],
        ["reduced-rate", 1500, 2100],
      ] as const,
    };
    expect(shownPrice(AS_ENTERED, entered)).toEqual({ regular: 1000, sale: null, min: 1000, max: 2100 });
    // 1000 + 21 % = 1210 is the lowest; 2000 + 21 % = 2420 beats 2100 + 10 % = 2310.
    expect(shownPrice(at("ES"), entered)).toEqual({ regular: 1210, sale: null, min: 1210, max: 2420 });
    expect(shownPrice(at("ES"), { ...entered, taxStatus: "none" })).toEqual(shownPrice(AS_ENTERED, entered));
  });

  it("shows a simple product's regular and sale prices", () => {
    const entered = { regular: 1000, sale: 800, taxStatus: "taxable" as const, taxClass: "", ranges: null };
    expect(shownPrice(at("ES"), entered)).toEqual({ regular: 1210, sale: 968, min: 968, max: 968 });
  });
});
