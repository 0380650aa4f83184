import { CheckboxInput, InputField } from "../../../components/ui/back-office-fields.tsx";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BANK_DETAIL_FIELDS, SHIPPING_METHOD_IDS } from "../../../lib/store-settings.ts";
import { type CountriesSectionProps, type SettingField, SettingsSection } from "./settings-fields.tsx";
import type { EditableSettings } from "./settings-patch.ts";

/** The settings page's sections about selling: shipping, payments, order attribution (decision 0039). */

export function ShippingSection({ settings, countries, regions }: CountriesSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection section="shipping" settings={settings}>
      {SHIPPING_METHOD_IDS.map((id) => {
        const method = settings.shipping[id];
        const name = t(`checkout.shipping.${id}`);
        return (
          <fieldset key={id} className="space-y-2 border-t border-stone-200 pt-3">
            <legend className="font-semibold">{name}</legend>
            <CheckboxInput name={`shipping.${id}.enabled`} checked={method.enabled}>
              {t("backOffice.settings.offered", { method: name })}
            </CheckboxInput>
            <MoneyField
              name={`shipping.${id}.cost`}
              label={t("backOffice.settings.cost", { method: name, currency: settings.currency })}
              cents={method.cost}
              currency={settings.currency}
              required
            />
            <fieldset>
              <legend className="text-sm font-medium">
                {t("backOffice.settings.zone", { method: name })}
              </legend>
              <div className="flex flex-wrap gap-x-4">
                {countries.map((code) => (
                  <CheckboxInput
                    key={code}
                    small
                    name={`shipping.${id}.countries`}
                    value={code}
                    checked={(method.countries as readonly string[]).includes(code)}
                  >
                    {regions.of(code)}
                  </CheckboxInput>
                ))}
              </div>
            </fieldset>
          </fieldset>
        );
      })}
    </SettingsSection>
  );
}

/** Longest bank details the REST API takes, per field. */
const BANK_FIELD_LENGTH = { bic: 20, account_name: 100, bank_name: 100 } as Record<string, number>;

export function PaymentsSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  const { payments } = settings;
  return (
    <SettingsSection section="payments" settings={settings}>
      <CheckboxInput name="payments.bacs.enabled" checked={payments.bacs.enabled}>
        {t("checkout.payment.bacs.title")}
      </CheckboxInput>
      <div className="grid gap-3 sm:grid-cols-2">
        {BANK_DETAIL_FIELDS.map((field) => (
          <InputField
            key={field}
            name={`payments.bacs.${field}`}
            label={t(`checkout.bankDetails.${field}`)}
            value={payments.bacs.details[field]}
            maxLength={BANK_FIELD_LENGTH[field] ?? 40}
          />
        ))}
      </div>
      <CheckboxInput name="payments.cod.enabled" checked={payments.cod.enabled}>
        {t("checkout.payment.cod.title")}
      </CheckboxInput>
      <fieldset>
        <legend className="text-sm font-medium">{t("backOffice.settings.codWith")}</legend>
        {SHIPPING_METHOD_IDS.map((id) => (
          <CheckboxInput
            key={id}
            small
            name="payments.cod.shipping_methods"
            value={id}
            checked={payments.cod.shipping_methods.includes(id)}
          >
            {t(`checkout.shipping.${id}`)}
          </CheckboxInput>
        ))}
      </fieldset>
      <CheckboxInput name="payments.wallet.enabled" checked={payments.wallet.enabled}>
        {t("checkout.payment.wallet.title")}
      </CheckboxInput>
    </SettingsSection>
  );
}

export const ATTRIBUTION_FIELDS: SettingField[] = [
  { check: "order_attribution.allowTracking", label: "tracking" },
  {
    columns: 3,
    row: [
      { number: "order_attribution.lifetimeMonths", label: "lifetime", min: 0.00001, max: 120, step: "any" },
      { number: "order_attribution.sessionMinutes", label: "session", min: 1, max: 1440 },
      { number: "order_attribution.timezoneOffset", label: "timezone", min: -720, max: 840 },
    ],
  },
  { check: "order_attribution.base64", label: "base64" },
];
