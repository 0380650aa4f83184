import {
  FormSection,
  InputField,
  SelectInput,
  TextAreaField,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { CONTINENTS, type ZoneLocation } from "../../../lib/shipping/zone-matching.ts";
import { useRestChange } from "../use-rest-change.tsx";
import { ShippingSaveFoot } from "./shipping-save-foot.tsx";
import { locationLabel, type ZonePageData } from "./zone-page-data.ts";

/** The form's regions and postcodes read back as the zone's locations (`PUT /shipping/zones/{id}/locations`). */
export function zoneLocationsOf(form: FormData): ZoneLocation[] {
  const regions = form.getAll("regions").map(String);
  const postcodes = String(form.get("postcodes") ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return [
    ...regions.map((value): ZoneLocation => {
      const [type = "country", code = ""] = value.split("|");
      return { type: type as ZoneLocation["type"], code };
    }),
    ...postcodes.map((code): ZoneLocation => ({ type: "postcode", code })),
  ];
}

/**
 * A zone's name and where it ships, as WooCommerce's zone page asks them: its regions (continents,
 * countries, states) chosen in one list, and its postcodes one per line ("280*" for a prefix,
 * "28000...28999" for a range). Saved as the zone's name and then its locations.
 */
export function ZoneForm({ data }: { data: ZonePageData }) {
  const { t, i18n } = useTranslation();
  const change = useRestChange();
  const { zone, locations } = data;
  const chosen = locations
    .filter((location) => location.type !== "postcode")
    .map((location) => `${location.type}|${location.code}`);
  const options: ZoneLocation[] = [
    ...CONTINENTS.filter((code) => ["EU", "NA"].includes(code)).map(
      (code): ZoneLocation => ({ type: "continent", code }),
    ),
    ...Object.entries(data.countries).flatMap(([country, states]) => [
      { type: "country", code: country } as ZoneLocation,
      ...states.map((state): ZoneLocation => ({ type: "state", code: `${country}:${state}` })),
    ]),
  ];
  return (
    <form
      className="space-y-4"
      aria-label={t("backOffice.shipping.zoneDetails")}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void change.send(
          [
            {
              path: `/shipping/zones/${zone.id}`,
              method: "PUT",
              data: { name: String(form.get("name") ?? "").trim() },
            },
            { path: `/shipping/zones/${zone.id}/locations`, method: "PUT", data: zoneLocationsOf(form) },
          ],
          t("backOffice.shipping.saved"),
        );
      }}
    >
      <FormSection title={t("backOffice.shipping.zoneDetails")}>
        <InputField
          name="name"
          label={t("backOffice.shipping.zoneName")}
          value={zone.name}
          required
          maxLength={100}
        />
        <SelectInput
          name="regions"
          label={t("backOffice.shipping.regions")}
          value={chosen}
          multiple
          size={10}
          hint={t("backOffice.shipping.regionsHint")}
        >
          {options.map((option) => (
            <option key={`${option.type}|${option.code}`} value={`${option.type}|${option.code}`}>
              {locationLabel(option, t, i18n.language)}
            </option>
          ))}
        </SelectInput>
        <TextAreaField
          name="postcodes"
          label={t("backOffice.shipping.postcodes")}
          value={locations
            .filter((location) => location.type === "postcode")
            .map((location) => location.code)
            .join("\n")}
          rows={4}
          hint={t("backOffice.shipping.postcodesHint")}
        />
      </FormSection>
      <ShippingSaveFoot change={change} name="shipping-zone" label={t("backOffice.shipping.saveZone")} />
    </form>
  );
}
