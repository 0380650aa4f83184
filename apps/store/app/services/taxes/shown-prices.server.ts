import { createHash } from "node:crypto";
import type { Database } from "@vitrine/db";
import { z } from "zod";
import type { Price } from "../../lib/catalogue.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { baseTaxLocation } from "../../lib/tax-settings.ts";
import { taxLocation } from "../../lib/totals/tax-location.ts";
import { matchTaxRates, sameRates } from "../../lib/totals/tax-rates.ts";
import { displayPrice } from "../../lib/totals/totals.ts";
import type { TaxLocation, TaxRate, TaxStatus } from "../../lib/totals/totals-types.ts";
import { serializeCookie } from "../shared/cookies.server.ts";
import { loadedTaxRates, loadTaxRates } from "./tax-rates.server.ts";

/**
 * Catalogue prices as the shop shows them (issue 41, decision 0071): with or without tax by the
 * "display prices in the shop" setting, at the shopper's tax location (the shop's base until they
 * give an address, kept in the `vitrine_tax_location` cookie). Every catalogue read that builds
 * prices for a page (cards, the product page and its variations, quick view, search suggestions)
 * takes a `ShownPrices` and passes its stored prices through it; the page cache keys shared pages by
 * its `key`, so pages differ only by the few sets of rates shoppers' places match.
 */

/** The script-unreadable cookie that holds where the shopper's taxes are charged. */
export const TAX_LOCATION_COOKIE = "vitrine_tax_location";
const COOKIE_DAYS = 365;

export type ShownPrices = {
  /** The display variant: "" for the shop's base (and for every place when the location does not matter). */
  key: string;
  /** A stored price (minor units) as the shop shows it. */
  shown(price: number, taxStatus: TaxStatus, taxClass: string): number;
};

/** Prices as entered: taxes off, or shown without tax when entered without it. */
export const AS_ENTERED: ShownPrices = { key: "", shown: (price) => price };

type TaxedSettings = Pick<StoreSettings, "taxes" | "address">;

const code = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\p{L}\p{N} .'-]*$/u);
/** country|state|postcode|city, each percent-encoded; the country is required. */
const locationSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  state: code(40),
  postcode: code(20),
  city: code(100),
});

/** The location a cookie value holds, or null when there is none or it is not one. */
export function parseTaxLocation(value: string | undefined): TaxLocation | null {
  if (!value || value.length > 300) return null;
  const parts = value.split("|").map((part) => {
    try {
      return decodeURIComponent(part).toUpperCase();
    } catch {
      return "";
    }
  });
  const [country, state = "", postcode = "", city = ""] = parts;
  const parsed = locationSchema.safeParse({ country, state, postcode, city });
  return parsed.success ? parsed.data : null;
}

/** The `Set-Cookie` value that keeps `location` for the catalogue's prices. */
export function taxLocationCookie(location: TaxLocation, secure: boolean): string {
  return serializeCookie(TAX_LOCATION_COOKIE, cookieValue(location), {
    maxAge: COOKIE_DAYS * 86_400,
    httpOnly: true,
    secure,
    sameSite: "Lax",
  });
}

type AddressFields = { country?: string; state?: string; postcode?: string; city?: string };

/**
 * The cookie a checkout's addresses leave: the address taxes follow (the shipping one, or the
 * billing one when taxes follow it), whatever the setting, so that a shop that later stops taxing
 * at its base finds the shopper's place. Null without a country.
 */
export function addressTaxLocationCookie(
  settings: TaxedSettings,
  addresses: { billing: AddressFields | null; shipping: AddressFields | null },
  secure: boolean,
): string | null {
  const basedOn = settings.taxes.basedOn === "billing" ? "billing" : "shipping";
  const base = baseTaxLocation(settings);
  const location = taxLocation({ basedOn }, base, addresses);
  const given = basedOn === "billing" ? addresses.billing : (addresses.shipping ?? addresses.billing);
  return given?.country && parseTaxLocation(cookieValue(location))
    ? taxLocationCookie(location, secure)
    : null;
}

const cookieValue = (location: TaxLocation): string =>
  [location.country, location.state, location.postcode, location.city]
    .map((part) => encodeURIComponent(part.trim().toUpperCase()))
    .join("|");

/**
 * Where the catalogue's prices are taxed for this shopper: the cookie's place, unless taxes follow
 * the shop's base (or there is no cookie), then the base.
 */
export function shopperTaxLocation(
  settings: TaxedSettings,
  cookies: Readonly<Record<string, string | undefined>>,
): TaxLocation {
  const base = baseTaxLocation(settings);
  if (settings.taxes.basedOn === "base") return base;
  return parseTaxLocation(cookies[TAX_LOCATION_COOKIE]) ?? base;
}

/**
 * Whether the shown prices depend on the rates at all: taxes on, and shown with tax or entered with
 * it (entered with tax and shown without, the base's rates come off everywhere).
 */
const needsRates = (taxes: StoreSettings["taxes"]): boolean =>
  taxes.enabled && (taxes.displayShop === "incl" || taxes.pricesIncludeTax);

const sameLocation = (a: TaxLocation, b: TaxLocation): boolean =>
  a.country === b.country && a.state === b.state && a.postcode === b.postcode && a.city === b.city;

/**
 * The display variant of a location: "" when its prices are the base's (the location does not
 * matter, or it matches the base's rates in every class), else a short hash of the rates it matches
 * in each class, so places with the same rates share it. Null when the rates are needed and this
 * process has not read them yet.
 */
export function displayVariantKey(
  settings: TaxedSettings,
  rates: readonly TaxRate[] | undefined,
  location: TaxLocation,
): string | null {
  const { taxes } = settings;
  if (!needsRates(taxes) || taxes.displayShop === "excl") return "";
  const base = baseTaxLocation(settings);
  if (sameLocation(location, base)) return "";
  if (!rates) return null;
  const classes = [...new Set(["", ...rates.map((rate) => rate.class)])].sort();
  const matched = classes.map((taxClass) => ({
    taxClass,
    local: matchTaxRates([...rates], location, taxClass),
    base: matchTaxRates([...rates], base, taxClass),
  }));
  if (matched.every((each) => sameRates(each.local, each.base))) return "";
  const described = matched
    .map((each) => `${each.taxClass}=${each.local.map((rate) => `${rate.id}:${rate.rate}`).join(",")}`)
    .join(";");
  return `tax-${createHash("sha256").update(described).digest("base64url").slice(0, 10)}`;
}

/**
 * The page cache's part of a shared page's key for these cookies (synchronous: from the rates this
 * process keeps). Null, and the rates read for the next request, when they are needed but not here:
 * that page is rendered for its shopper alone.
 */
export function taxCacheVariant(
  db: Database,
  settings: TaxedSettings,
  cookies: Readonly<Record<string, string | undefined>>,
): string | null {
  if (!needsRates(settings.taxes) || settings.taxes.displayShop === "excl") return "";
  const cookie = cookies[TAX_LOCATION_COOKIE];
  if (cookie === undefined || settings.taxes.basedOn === "base") return "";
  const rates = loadedTaxRates(db);
  if (!rates) {
    void loadTaxRates(db).catch(() => {});
    return null;
  }
  // Each place's key once per rates table and settings (a change replaces both), a few thousand at most.
  let keys = variantKeys.get(rates);
  if (!keys || keys.settings !== settings || keys.byCookie.size >= 5_000) {
    keys = { settings, byCookie: new Map() };
    variantKeys.set(rates, keys);
  }
  let key = keys.byCookie.get(cookie);
  if (key === undefined) {
    key = displayVariantKey(settings, rates, shopperTaxLocation(settings, cookies)) ?? "";
    keys.byCookie.set(cookie, key);
  }
  return key;
}

const variantKeys = new WeakMap<
  readonly TaxRate[],
  { settings: TaxedSettings; byCookie: Map<string, string> }
>();

/**
 * How this shopper's catalogue prices are shown. Taxes off, or prices entered and shown without
 * tax: as entered, without reading anything. Otherwise the rates come from memory (one read per
 * process after a change).
 */
export async function shownPrices(
  db: Database,
  settings: TaxedSettings,
  cookies: Readonly<Record<string, string | undefined>>,
): Promise<ShownPrices> {
  const { taxes } = settings;
  if (!needsRates(taxes)) return AS_ENTERED;
  const rates = await loadTaxRates(db);
  const location = shopperTaxLocation(settings, cookies);
  const base = baseTaxLocation(settings);
  return {
    key: displayVariantKey(settings, rates, location) ?? "",
    shown: (price, taxStatus, taxClass) =>
      displayPrice(price, taxClass, taxStatus, rates, location, base, taxes, taxes.displayShop),
  };
}

/** A product's stored prices: its own, and per effective tax class its variations' lowest and highest. */
export type EnteredPrices = {
  regular: number;
  sale: number | null;
  taxStatus: TaxStatus;
  taxClass: string;
  /** [class, lowest, highest] of the variations' current prices, a class per variation ("parent" resolved). */
  ranges: ReadonlyArray<readonly [string, number, number]> | null;
};

/** A card's or a page's `Price` as the shop shows it (a variable product's range over its classes). */
export function shownPrice(prices: ShownPrices, entered: EnteredPrices): Price {
  const show = (price: number, taxClass = entered.taxClass) =>
    prices.shown(price, entered.taxStatus, taxClass);
  const own = show(entered.sale ?? entered.regular);
  const ranges = entered.ranges ?? [];
  return {
    regular: show(entered.regular),
    sale: entered.sale === null ? null : show(entered.sale),
    min: ranges.length === 0 ? own : Math.min(...ranges.map(([taxClass, low]) => show(low, taxClass))),
    max: ranges.length === 0 ? own : Math.max(...ranges.map(([taxClass, , high]) => show(high, taxClass))),
  };
}
