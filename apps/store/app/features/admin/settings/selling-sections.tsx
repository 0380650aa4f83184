import { CheckboxInput, InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { SHIPPING_METHOD_TYPES } from "../../../lib/shipping/shipping-methods.ts";
import { BANK_DETAIL_FIELDS } from "../../../lib/store-settings.ts";
import { type SettingField, SettingsFields, SettingsSection } from "./settings-fields.tsx";
import type { EditableSettings } from "./settings-patch.ts";
import { HOLD_STOCK_FIELDS, StripeFields } from "./stripe-settings.tsx";

/**
 * The settings page's sections about selling: payments, order attribution (decision 0039). Shipping
 * is the Shipping area's (zones, decision 0069).
 */

/** Longest bank details the REST API takes, per field. */
const BANK_FIELD_LENGTH = { bic: 20, account_name: 100, bank_name: 100 } as Record<string, number>;

export function PaymentsSection({
  settings,
  stripeWebhookUrl,
}: {
  settings: EditableSettings;
  stripeWebhookUrl: string;
}) {
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
        {SHIPPING_METHOD_TYPES.map((id) => (
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
      <StripeFields settings={settings} webhookUrl={stripeWebhookUrl} />
      <SettingsFields settings={settings} fields={HOLD_STOCK_FIELDS} />
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
