import { regionNames } from "../../../i18n/format.ts";
import type { ZoneLocation } from "../../../lib/shipping/zone-matching.ts";
import type { MethodRecord, ShippingClassRecord, ZoneRecord } from "../../../lib/shipping-resource.ts";

/** A zone's page as its loader gives it (routes/admin/shipping-zone), in the REST API's shapes. */
export type ZonePageData = {
  zone: ZoneRecord;
  locations: ZoneLocation[];
  methods: MethodRecord[];
  classes: ShippingClassRecord[];
  countries: Record<string, readonly string[]>;
  currency: string;
};

/** A zone in the zones' list. */
export type ZoneSummary = ZoneRecord & {
  locations: ZoneLocation[];
  methods: Array<{ title: string; enabled: boolean }>;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A location as the owner reads it: "Spain", "Spain — M", "Europe", "280*". */
export function locationLabel(location: ZoneLocation, t: Translate, language: string): string {
  const regions = regionNames(language);
  if (location.type === "country") return regions.of(location.code) ?? location.code;
  if (location.type === "state") {
    const [country = "", state = ""] = location.code.split(":");
    return `${regions.of(country) ?? country} — ${state}`;
  }
  if (location.type === "continent") return t(`backOffice.shipping.continents.${location.code}`);
  return location.code;
}
