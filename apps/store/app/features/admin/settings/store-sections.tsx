import {
  CheckboxInput,
  FormSection,
  InputField,
  NumberField,
  SelectInput,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { STORE_CURRENCIES } from "../../../lib/store-settings.ts";
import type { EditableSettings } from "./settings-patch.ts";

/** The settings page's sections about the store itself and its pages (decision 0039). */

/** The store's postal address lines: the field, its label (the checkout's), its longest value. */
const ADDRESS_FIELDS = [
  ["line1", "address_1", 200],
  ["line2", "address_2", 200],
  ["city", "city", 100],
  ["postcode", "postcode", 20],
] as const;

export function StoreSection({
  settings,
  countries,
  regions,
}: {
  settings: EditableSettings;
  countries: string[];
  regions: Intl.DisplayNames;
}) {
  const { t } = useTranslation();
  const { address } = settings;
  return (
    <FormSection title={t("backOffice.settings.sections.store")}>
      <InputField
        name="name"
        label={t("backOffice.settings.name")}
        value={settings.name}
        required
        maxLength={100}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map(([field, label, maxLength]) => (
          <InputField
            key={field}
            name={`address.${field}`}
            label={t(`checkout.fields.${label}`)}
            value={address[field]}
            maxLength={maxLength}
          />
        ))}
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
      <InputField
        name="mail_from"
        label={t("backOffice.settings.mailFrom")}
        value={settings.mail_from}
        maxLength={200}
        placeholder="Shop <shop@example.com>"
        hint={t("backOffice.settings.mailFromHint")}
      />
      <CheckboxInput name="review_moderation_mail" checked={settings.review_moderation_mail}>
        {t("backOffice.settings.reviewMail")}
      </CheckboxInput>
    </FormSection>
  );
}

export function CartSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.settings.sections.cart")}>
      <CheckboxInput name="cart_redirect_after_add" checked={settings.cart_redirect_after_add === "yes"}>
        {t("backOffice.settings.cartRedirect")}
      </CheckboxInput>
      <CheckboxInput name="cart_reveal_after_add" checked={settings.cart_reveal_after_add}>
        {t("backOffice.settings.cartReveal")}
      </CheckboxInput>
      <CheckboxInput name="off_canvas_cart" checked={settings.off_canvas_cart}>
        {t("backOffice.settings.offCanvasCart")}
      </CheckboxInput>
    </FormSection>
  );
}

export function PagesSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.settings.sections.pages")}>
      <CheckboxInput name="sticky_header_hide_on_scroll" checked={settings.sticky_header_hide_on_scroll}>
        {t("backOffice.settings.stickyHide")}
      </CheckboxInput>
      <CheckboxInput
        name="header_nav_vertical_fly_out_frontpage"
        checked={settings.header_nav_vertical_fly_out_frontpage}
      >
        {t("backOffice.settings.flyOut")}
      </CheckboxInput>
      <CheckboxInput name="page_loader" checked={settings.page_loader}>
        {t("backOffice.settings.pageLoader")}
      </CheckboxInput>
      <NumberField
        name="search_result_latency"
        label={t("backOffice.settings.searchLatency")}
        value={settings.search_result_latency}
        min={0}
        max={5000}
      />
    </FormSection>
  );
}

export function VisibilitySection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  const notice = settings.store_notice;
  return (
    <FormSection title={t("backOffice.settings.sections.visibility")}>
      <CheckboxInput name="coming_soon" checked={settings.coming_soon}>
        {t("backOffice.settings.comingSoon")}
      </CheckboxInput>
      <CheckboxInput name="store_notice.enabled" checked={notice.enabled}>
        {t("backOffice.settings.noticeOn")}
      </CheckboxInput>
      <InputField
        name="store_notice.text.en"
        label={t("backOffice.settings.noticeText", { language: t("site.english") })}
        value={notice.text.en}
        maxLength={1000}
      />
      <InputField
        name="store_notice.text.es"
        label={t("backOffice.settings.noticeText", { language: t("site.spanish") })}
        value={notice.text.es}
        maxLength={1000}
        hint={t("backOffice.settings.noticeHint")}
      />
    </FormSection>
  );
}
