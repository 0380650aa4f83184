/**
 * Which shipping zone an address falls in, as WooCommerce finds it: the first zone in the owner's
 * order whose regions (countries, states, continents) hold the address, or that has no region, and
 * whose postcodes, where it lists any, hold the address's postcode; otherwise zone 0, "Locations
 * not covered by your other zones".
 */

export const ZONE_LOCATION_TYPES = ["country", "state", "continent", "postcode"] as const;
export type ZoneLocationType = (typeof ZONE_LOCATION_TYPES)[number];

/** A state is "ES:M"; a continent "EU"; a postcode "28001", "280*" or "28000...28999". */
export type ZoneLocation = { type: ZoneLocationType; code: string };

export type ShippingDestination = { country: string; state: string; postcode: string };

/** The continents of the checkout's countries (WooCommerce's continent codes). */
const CONTINENT_OF: Record<string, string> = { US: "NA", MX: "NA", ES: "EU", GB: "EU", FR: "EU", DE: "EU" };
export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;

export function continentOf(country: string): string {
  return CONTINENT_OF[country] ?? "";
}

/** A postcode as zones compare it: upper case, without spaces or dashes. */
export function normalizePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/[\s-]/g, "");
}

/** A postcode's letters as numbers (A=10 … Z=35), digits kept, so ranges compare alphanumeric codes. */
function numericPostcode(postcode: string): string {
  return [...postcode].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
}

function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

/** Whether a postcode rule ("28001", "280*", "28000...28999") holds a postcode. */
export function postcodeMatches(rule: string, postcode: string): boolean {
  const code = normalizePostcode(postcode);
  const range = rule.split("...");
  if (range.length === 2) {
    const [min, max] = range.map((end) => normalizePostcode(end)) as [string, string];
    if (!min || !max || !code) return false;
    const numeric = /^\d+$/.test(min) && /^\d+$/.test(max) && /^\d+$/.test(code);
    const [value, low, high] = numeric
      ? [code, min, max]
      : [
          numericPostcode(code),
          numericPostcode(min).padEnd(numericPostcode(code).length, "0"),
          numericPostcode(max).padEnd(numericPostcode(code).length, "0"),
        ];
    return compareDigits(value, low) >= 0 && compareDigits(value, high) <= 0;
  }
  const wanted = normalizePostcode(rule);
  if (wanted.endsWith("*")) return code.startsWith(wanted.slice(0, -1));
  return wanted === code;
}

/** Whether a zone's locations hold the destination. */
export function zoneHolds(locations: readonly ZoneLocation[], destination: ShippingDestination): boolean {
  const regions = locations.filter((location) => location.type !== "postcode");
  const postcodes = locations.filter((location) => location.type === "postcode");
  const country = destination.country.toUpperCase();
  const inRegion =
    regions.length === 0 ||
    regions.some(
      (location) =>
        (location.type === "country" && location.code === country) ||
        (location.type === "state" && location.code === `${country}:${destination.state.toUpperCase()}`) ||
        (location.type === "continent" && location.code === continentOf(country)),
    );
  if (!inRegion) return false;
  return (
    postcodes.length === 0 ||
    postcodes.some((location) => postcodeMatches(location.code, destination.postcode))
  );
}

/** The id of the zone "Locations not covered by your other zones". */
export const REST_OF_WORLD_ZONE_ID = 0;

/** The first zone, in the owner's order (then by id), that holds the destination; zone 0 otherwise. */
export function matchZone<Z extends { id: number; order: number; locations: readonly ZoneLocation[] }>(
  zones: readonly Z[],
  destination: ShippingDestination,
): Z | undefined {
  const ordered = zones
    .filter((zone) => zone.id !== REST_OF_WORLD_ZONE_ID)
    .sort((a, b) => a.order - b.order || a.id - b.id);
  return (
    ordered.find((zone) => zoneHolds(zone.locations, destination)) ??
    zones.find((zone) => zone.id === REST_OF_WORLD_ZONE_ID)
  );
}
