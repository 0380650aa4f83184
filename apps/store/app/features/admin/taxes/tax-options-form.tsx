import {
  CheckboxInput,
  FormSection,
  NamedOptions,
  SelectInput,
  ValueOptions,
} from "../../../components/ui/back-office-fields.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { regionNames } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { TaxClassRecord } from "../../../lib/tax-resource.ts";
import type { TaxSettings } from "../../../lib/totals/totals-types.ts";
import { useSettingsSave } from "../use-settings-save.tsx";
import { taxOptionsPatch } from "./tax-options.ts";

type BaseAddress = { city: string; state: string; postcode: string; country: string };

/**
 * WooCommerce's tax options (decision 0067), saved by one `PUT /settings`: whether prices are
 * entered with tax, which address taxes follow, shipping's class, rounding, and how prices and tax
 * totals show. Every server process takes the change at once and drops its cached pages.
 */
export function TaxOptionsForm({
  options,
  address,
  classes,
}: {
  options: TaxSettings;
  address: BaseAddress;
  classes: TaxClassRecord[];
}) {
  const { t, i18n } = useTranslation();
  const saving = useSettingsSave(t("backOffice.taxes.options.saved"), (form) => ({
    data: taxOptionsPatch(new FormData(form)),
  }));
  const country = address.country ? regionNames(i18n.language).of(address.country) : "";
  const base = [address.city, address.state, address.postcode, country].filter(Boolean).join(", ");

  const choice = (name: keyof TaxSettings, value: string, values: readonly string[], hint?: string) => (
    <SelectInput label={t(`backOffice.taxes.options.${name}`)} name={name} value={value} hint={hint}>
      <ValueOptions values={values} label={(each) => t(`backOffice.taxes.options.${name}Values.${each}`)} />
    </SelectInput>
  );
  return (
    <FormLayout className="max-w-3xl space-y-6" saveLabel={t("backOffice.taxes.options.save")} {...saving}>
      <FormSection title={t("backOffice.taxes.options.title")}>
        <CheckboxInput name="enabled" checked={options.enabled}>
          {t("backOffice.taxes.options.enabled")}
        </CheckboxInput>
        {choice("pricesIncludeTax", options.pricesIncludeTax ? "yes" : "no", ["yes", "no"])}
        {choice("basedOn", options.basedOn, ["shipping", "billing", "base"])}
        <p className="text-sm text-stone-600">
          {t("backOffice.taxes.options.baseAddress", { address: base || "—" })}
        </p>
        <SelectInput
          label={t("backOffice.taxes.options.shippingTaxClass")}
          name="shippingTaxClass"
          value={options.shippingTaxClass === "" ? "standard" : options.shippingTaxClass}
        >
          <option value="inherit">{t("backOffice.taxes.options.shippingTaxClassValues.inherit")}</option>
          <NamedOptions choices={classes} />
        </SelectInput>
        <CheckboxInput name="roundAtSubtotal" checked={options.roundAtSubtotal}>
          {t("backOffice.taxes.options.roundAtSubtotal")}
        </CheckboxInput>
        {choice("displayShop", options.displayShop, ["incl", "excl"])}
        {choice("displayCart", options.displayCart, ["incl", "excl"])}
        {choice("totalsDisplay", options.totalsDisplay, ["single", "itemized"])}
      </FormSection>
    </FormLayout>
  );
}
