import { FormSection, NamedOptions, SelectInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";

/** A shipping class the product form offers (decision 0069). */
export type ShippingClassChoice = { slug: string; name: string };

/** The product's shipping class as the form sends it (its slug, "" none); left out when not drawn. */
export function shippingFields(form: FormData) {
  const value = form.get("shipping_class");
  return { shipping_class: value === null ? undefined : String(value) };
}

/** The product's shipping class, as WooCommerce's product data "Shipping class" (flat rates may cost more by class). */
export function ProductShippingSection({
  product,
  shippingClasses,
}: {
  product: ProductRecord | null;
  shippingClasses: ShippingClassChoice[];
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.shipping.title")}>
      <SelectInput
        label={t("backOffice.shipping.productClass")}
        name="shipping_class"
        value={product?.shipping_class ?? ""}
      >
        <option value="">{t("backOffice.shipping.noClass")}</option>
        <NamedOptions choices={shippingClasses} />
      </SelectInput>
    </FormSection>
  );
}
