import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import {
  FormSection,
  NamedOptions,
  SelectInput,
  ValueOptions,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type ProductRecord, TAX_STATUSES } from "../../../lib/product-resource.ts";
import type { TaxClassRecord } from "../../../lib/tax-resource.ts";

/** A tax class the product form offers: its slug as the products API names it ("" standard) and its name. */
export type TaxClassChoice = TaxClassRecord;

/** The product's tax fields as the form sends them, read from the fields `ProductTaxSection` draws. */
export function taxFields(form: FormData) {
  // A form without the fields (a test's, or one drawn before this section) leaves them as stored.
  const field = (name: string) => {
    const value = form.get(name);
    return value === null ? undefined : String(value);
  };
  return { tax_status: field("tax_status"), tax_class: field("tax_class") };
}

/** The product's tax status and class, as WooCommerce's product data "Tax status" and "Tax class". */
export function ProductTaxSection({
  product,
  taxClasses,
}: {
  product: ProductRecord | null;
  taxClasses: TaxClassChoice[];
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.products.tax")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={t("backOffice.products.taxStatus")}
          name="tax_status"
          value={product?.tax_status ?? "taxable"}
        >
          <ValueOptions
            values={TAX_STATUSES}
            label={(status) => t(`backOffice.products.taxStatuses.${status}`)}
          />
        </SelectInput>
        <SelectInput
          label={t("backOffice.products.taxClass")}
          name="tax_class"
          value={product?.tax_class ?? ""}
          hint={t("backOffice.products.taxClassHint")}
        >
          <NamedOptions choices={taxClasses} />
        </SelectInput>
      </div>
    </FormSection>
  );
}

/** A variation's tax class: "Same as parent" (WooCommerce's default) or one of the classes. */
export function VariationTaxClassField({
  value,
  taxClasses,
  onChange,
}: {
  value: string;
  taxClasses: TaxClassChoice[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="text-sm">
      {t("backOffice.products.taxClass")}
      <select value={value} onChange={(event) => onChange(event.target.value)} className={ADMIN_FIELD}>
        <option value="parent">{t("backOffice.products.sameAsParent")}</option>
        <NamedOptions choices={taxClasses} />
      </select>
    </label>
  );
}
