import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type SettingField, SettingsFields } from "./settings-fields.tsx";
import type { EditableSettings } from "./settings-patch.ts";

/**
 * Stripe among the payment methods (issue 42, decision 0073): on or off, the publishable key, the
 * secret key and the webhook's signing secret, and the address to give Stripe's dashboard. The
 * secrets arrive masked ("sk_test_…4242") in password fields: left as they are, they keep the
 * stored keys; emptied, they remove them; a new key replaces them. A key the installation sets
 * (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) wins, and is shown read-only with a line that says so.
 */
export function StripeFields({ settings, webhookUrl }: { settings: EditableSettings; webhookUrl: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3 rounded border border-stone-200 p-3">
      <legend className="px-1 font-semibold">{t("backOffice.settings.stripe.title")}</legend>
      <SettingsFields settings={settings} fields={STRIPE_FIELDS} />
      <SecretField settings={settings} field="secret_key" words="secretKey" />
      <SecretField settings={settings} field="webhook_secret" words="webhookSecret" />
      {/* Not a setting (no name, so the form does not send it): an address to copy. */}
      <InputField
        label={t("backOffice.settings.stripe.webhookUrl")}
        value={webhookUrl}
        readOnly
        spellCheck={false}
        hint={t("backOffice.settings.stripe.webhookUrlHint")}
      />
    </fieldset>
  );
}

const STRIPE_FIELDS: SettingField[] = [
  {
    check: "payments.stripe.enabled",
    label: "backOffice.settings.stripe.enabled",
    hint: "backOffice.settings.stripe.enabledHint",
  },
  {
    text: "payments.stripe.publishable_key",
    label: "backOffice.settings.stripe.publishableKey",
    hint: "backOffice.settings.stripe.publishableKeyHint",
    maxLength: 255,
    placeholder: "pk_live_…",
  },
];

/** A secret as the resource shows it: masked, and read-only when the installation sets it. */
function SecretField({
  settings,
  field,
  words,
}: {
  settings: EditableSettings;
  field: "secret_key" | "webhook_secret";
  words: "secretKey" | "webhookSecret";
}) {
  const { t } = useTranslation();
  const { stripe } = settings.payments;
  const masked = stripe[field];
  const installed = stripe[`${field}_source`] === "environment";
  const hint = installed
    ? t(`backOffice.settings.stripe.${words}Installed`)
    : masked
      ? t("backOffice.settings.stripe.secretSaved", { masked })
      : t(`backOffice.settings.stripe.${words}Hint`);
  return (
    <InputField
      name={`payments.stripe.${field}`}
      type="password"
      label={t(`backOffice.settings.stripe.${words}`)}
      value={masked}
      maxLength={255}
      autoComplete="off"
      spellCheck={false}
      readOnly={installed}
      hint={hint}
    />
  );
}

/** How long an order awaiting an away payment (Stripe's page) keeps its stock. */
export const HOLD_STOCK_FIELDS: SettingField[] = [
  {
    number: "payments.hold_stock_minutes",
    label: "backOffice.settings.holdStock",
    hint: "backOffice.settings.holdStockHint",
    min: 30,
    max: 1440,
  },
];
