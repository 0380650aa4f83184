import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";

type ProductType = ProductRecord["type"];

/** The product's own fields as the form sends them, read from the fields `ProductGeneralSection` draws. */
export function generalFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    status: text("status"),
    sku: text("sku").trim() || null,
    gtin: text("gtin").trim() || null,
  };
}

/** Whether the product is simple or variable, published or a draft, its SKU and its barcode number. */
export function ProductGeneralSection({
  product,
  type,
  onTypeChange,
}: {
  product: ProductRecord | null;
  type: ProductType;
  onTypeChange: (type: ProductType) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-6">
      <fieldset>
        <legend className="text-sm font-medium">{t("backOffice.products.type")}</legend>
        {(["simple", "variable"] as const).map((option) => (
          <label key={option} className="mr-4 inline-flex items-center gap-2">
            <input
              type="radio"
              name="type"
              value={option}
              checked={type === option}
              onChange={() => onTypeChange(option)}
            />
            {t(`backOffice.products.types.${option}`)}
          </label>
        ))}
      </fieldset>
      <label className="text-sm font-medium">
        {t("backOffice.products.status")}
        <select name="status" defaultValue={product?.status ?? "publish"} className={ADMIN_FIELD}>
          <option value="publish">{t("backOffice.products.statuses.publish")}</option>
          <option value="draft">{t("backOffice.products.statuses.draft")}</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.sku")}
        <input name="sku" defaultValue={product?.sku ?? ""} maxLength={100} className={ADMIN_FIELD} />
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.gtin")}
        <input
          name="gtin"
          defaultValue={product?.gtin ?? ""}
          inputMode="numeric"
          maxLength={14}
          className={ADMIN_FIELD}
        />
      </label>
    </div>
  );
}
