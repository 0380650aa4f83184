import {
  CheckboxInput,
  FormSection,
  InputField,
  SelectInput,
  TextAreaField,
  ValueOptions,
} from "../../../components/ui/back-office-fields.tsx";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type CouponRecord, couponDiscountTypes } from "../../../lib/coupon-resource.ts";
import { centsFromText } from "../../../lib/money-text.ts";

/** The coupon being edited, or a new one's defaults. */
export type CouponDraft = Omit<
  CouponRecord,
  "id" | "date_created" | "date_modified" | "usage_count" | "used_by"
>;

type IdsField = "product_ids" | "excluded_product_ids" | "product_categories" | "excluded_product_categories";
type LimitField = "usage_limit" | "limit_usage_to_x_items" | "usage_limit_per_user";

const cents = (amount: string) => {
  const value = centsFromText(amount);
  return value ? value : null;
};

/** One of the coupon's yes-or-no settings; its label and hint are `backOffice.coupons` keys. */
function CouponCheck({
  coupon,
  name,
  label,
  hint,
}: {
  coupon: CouponDraft;
  name: "free_shipping" | "individual_use" | "exclude_sale_items";
  label: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <CheckboxInput name={name} checked={coupon[name]} hint={hint && t(`backOffice.coupons.${hint}`)}>
      {t(`backOffice.coupons.${label}`)}
    </CheckboxInput>
  );
}

/** WooCommerce's "General" tab: the code, what it takes off, free shipping, expiry. */
export function CouponGeneralSection({ coupon }: { coupon: CouponDraft }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.coupons.sections.general")}>
      <InputField
        label={t("backOffice.coupons.code")}
        name="code"
        value={coupon.code}
        required
        maxLength={100}
      />
      <TextAreaField
        label={t("backOffice.coupons.description")}
        name="description"
        value={coupon.description}
        rows={2}
      />
      <SelectInput label={t("backOffice.coupons.type")} name="discount_type" value={coupon.discount_type}>
        <ValueOptions values={couponDiscountTypes} label={(type) => t(`backOffice.coupons.types.${type}`)} />
      </SelectInput>
      <InputField
        label={t("backOffice.coupons.amount")}
        name="amount"
        value={coupon.amount}
        inputMode="decimal"
        hint={t("backOffice.coupons.amountHint")}
      />
      <CouponCheck coupon={coupon} name="free_shipping" label="freeShipping" hint="freeShippingHint" />
      <InputField
        label={t("backOffice.coupons.expiry")}
        name="date_expires"
        type="date"
        value={coupon.date_expires?.slice(0, 10) ?? ""}
      />
    </FormSection>
  );
}

/** WooCommerce's "Usage restriction" tab. */
export function CouponRestrictionSection({ coupon, currency }: { coupon: CouponDraft; currency: string }) {
  const { t } = useTranslation();
  // A list of ids, comma-separated.
  const ids = (name: IdsField, label: string) => (
    <InputField
      label={t(`backOffice.coupons.${label}`)}
      name={name}
      value={coupon[name].join(", ")}
      hint={t("backOffice.coupons.idsHint")}
    />
  );
  return (
    <FormSection title={t("backOffice.coupons.sections.restriction")}>
      <MoneyField
        label={t("backOffice.coupons.minimum")}
        name="minimum_amount"
        cents={cents(coupon.minimum_amount)}
        currency={currency}
      />
      <MoneyField
        label={t("backOffice.coupons.maximum")}
        name="maximum_amount"
        cents={cents(coupon.maximum_amount)}
        currency={currency}
      />
      <CouponCheck coupon={coupon} name="individual_use" label="individualUse" hint="individualUseHint" />
      <CouponCheck coupon={coupon} name="exclude_sale_items" label="excludeSaleItems" />
      {ids("product_ids", "products")}
      {ids("excluded_product_ids", "excludedProducts")}
      {ids("product_categories", "categories")}
      {ids("excluded_product_categories", "excludedCategories")}
      <InputField
        label={t("backOffice.coupons.emails")}
        name="email_restrictions"
        value={coupon.email_restrictions.join(", ")}
        hint={t("backOffice.coupons.emailsHint")}
      />
    </FormSection>
  );
}

/** WooCommerce's "Usage limits" tab; an empty field is no limit. */
export function CouponLimitsSection({ coupon }: { coupon: CouponDraft }) {
  const { t } = useTranslation();
  const limit = (name: LimitField, label: string) => (
    <InputField
      label={t(`backOffice.coupons.${label}`)}
      name={name}
      type="number"
      min={0}
      step={1}
      value={coupon[name] ?? ""}
      hint={t("backOffice.coupons.unlimitedHint")}
    />
  );
  return (
    <FormSection title={t("backOffice.coupons.sections.limits")}>
      {limit("usage_limit", "usageLimit")}
      {limit("limit_usage_to_x_items", "limitItems")}
      {limit("usage_limit_per_user", "usageLimitPerUser")}
    </FormSection>
  );
}
