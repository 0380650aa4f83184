import {
  CheckboxInput,
  FormSection,
  InputField,
  NumberField,
} from "../../../components/ui/back-office-fields.tsx";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BANK_DETAIL_FIELDS, SHIPPING_METHOD_IDS } from "../../../lib/store-settings.ts";
import type { EditableSettings } from "./settings-patch.ts";

/** The settings page's sections about selling: shipping, payments, order attribution (decision 0039). */

export function ShippingSection({
  settings,
  countries,
  regions,
}: {
  settings: EditableSettings;
  countries: string[];
  regions: Intl.DisplayNames;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.settings.sections.shipping")}>
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
    </FormSection>
  );
}

/** Longest bank details the REST API takes, per field. */
const BANK_FIELD_LENGTH = { bic: 20, account_name: 100, bank_name: 100 } as Record<string, number>;

export function PaymentsSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  const { payments } = settings;
  return (
    <FormSection title={t("backOffice.settings.sections.payments")}>
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
    </FormSection>
  );
}

export function AttributionSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  const attribution = settings.order_attribution;
  return (
    <FormSection title={t("backOffice.settings.sections.attribution")}>
      <CheckboxInput name="order_attribution.allowTracking" checked={attribution.allowTracking}>
        {t("backOffice.settings.tracking")}
      </CheckboxInput>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField
          name="order_attribution.lifetimeMonths"
          label={t("backOffice.settings.lifetime")}
          value={attribution.lifetimeMonths}
          min={0.00001}
          max={120}
          step="any"
        />
        <NumberField
          name="order_attribution.sessionMinutes"
          label={t("backOffice.settings.session")}
          value={attribution.sessionMinutes}
          min={1}
          max={1440}
        />
        <NumberField
          name="order_attribution.timezoneOffset"
          label={t("backOffice.settings.timezone")}
          value={attribution.timezoneOffset}
          min={-720}
          max={840}
        />
      </div>
      <CheckboxInput name="order_attribution.base64" checked={attribution.base64}>
        {t("backOffice.settings.base64")}
      </CheckboxInput>
    </FormSection>
  );
}
