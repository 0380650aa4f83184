import { SelectInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { STORE_CURRENCIES } from "../../../lib/store-settings.ts";
import {
  type CountriesSectionProps,
  type SettingField,
  SettingsFields,
  SettingsSection,
} from "./settings-fields.tsx";

/** The settings page's sections about the store itself and its pages (decision 0039). */

/** The store's postal address lines: the checkout's labels, each with its longest value. */
const ADDRESS_FIELDS: SettingField[] = [
  { text: "address.line1", label: "checkout.fields.address_1", maxLength: 200 },
  { text: "address.line2", label: "checkout.fields.address_2", maxLength: 200 },
  { text: "address.city", label: "checkout.fields.city", maxLength: 100 },
  // Its code ("CA"): taxes based on the shop's address follow it (decision 0067).
  { text: "address.state", label: "checkout.fields.state", maxLength: 30 },
  { text: "address.postcode", label: "checkout.fields.postcode", maxLength: 20 },
];

const MAIL_FIELDS: SettingField[] = [
  {
    text: "mail_from",
    label: "mailFrom",
    maxLength: 200,
    placeholder: "Shop <shop@example.com>",
    hint: "mailFromHint",
  },
  { check: "review_moderation_mail", label: "reviewMail" },
];

export function StoreSection({ settings, countries, regions }: CountriesSectionProps) {
  const { t } = useTranslation();
  const { address } = settings;
  return (
    <SettingsSection
      section="store"
      settings={settings}
      fields={[{ text: "name", label: "name", required: true, maxLength: 100 }]}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SettingsFields settings={settings} fields={ADDRESS_FIELDS} />
        <SelectInput name="address.country" label={t("checkout.fields.country")} value={address.country}>
          <option value="">{t("backOffice.settings.none")}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {regions.of(code)}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          name="currency"
          label={t("backOffice.settings.currency")}
          value={settings.currency}
          hint={t("backOffice.settings.currencyHint")}
        >
          {STORE_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectInput>
      </div>
      <SettingsFields settings={settings} fields={MAIL_FIELDS} />
    </SettingsSection>
  );
}

export const CART_FIELDS: SettingField[] = [
  { check: "cart_redirect_after_add", label: "cartRedirect" },
  { check: "cart_reveal_after_add", label: "cartReveal" },
  { check: "off_canvas_cart", label: "offCanvasCart" },
];

export const PAGES_FIELDS: SettingField[] = [
  { check: "sticky_header_hide_on_scroll", label: "stickyHide" },
  { check: "header_nav_vertical_fly_out_frontpage", label: "flyOut" },
  { check: "page_loader", label: "pageLoader" },
  { number: "search_result_latency", label: "searchLatency", min: 0, max: 5000 },
];

export const VISIBILITY_FIELDS: SettingField[] = [
  { check: "coming_soon", label: "comingSoon" },
  { check: "store_notice.enabled", label: "noticeOn" },
  { text: "store_notice.text.en", label: ["noticeText", { language: "site.english" }], maxLength: 1000 },
  {
    text: "store_notice.text.es",
    label: ["noticeText", { language: "site.spanish" }],
    maxLength: 1000,
    hint: "noticeHint",
  },
];
