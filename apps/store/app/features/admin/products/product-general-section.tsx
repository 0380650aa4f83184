import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { PRODUCT_TYPES } from "../../../lib/catalogue.ts";
import { CATALOG_VISIBILITIES, type ProductRecord } from "../../../lib/product-resource.ts";

type ProductType = ProductRecord["type"];

/** The product's own fields as the form sends them, read from the fields `ProductGeneralSection` draws. */
export function generalFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    status: text("status"),
    // Empty: the product keeps its address (a new one's is made from its name).
    slug: text("slug").trim() || undefined,
    sku: text("sku").trim() || null,
    gtin: text("gtin").trim() || null,
    catalog_visibility: text("catalog_visibility") || undefined,
    reviews_allowed: form.get("reviews_allowed") === "1",
  };
}

/**
 * The product's type (simple, variable, grouped, external) with WooCommerce's virtual and
 * downloadable boxes beside it, published or a draft, where it is listed, whether it takes
 * reviews, its address, SKU and barcode number.
 */
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
        {PRODUCT_TYPES.map((option) => (
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
        {type !== "grouped" && type !== "external" && (
          <div className="mt-2 flex gap-6">
            <CheckboxInput
              name="virtual"
              value="1"
              checked={product?.virtual ?? false}
              hint={t("backOffice.products.virtualHint")}
            >
              {t("backOffice.products.virtual")}
            </CheckboxInput>
            <CheckboxInput name="downloadable" value="1" checked={product?.downloadable ?? false}>
              {t("backOffice.products.downloadable")}
            </CheckboxInput>
          </div>
        )}
      </fieldset>
      <label className="text-sm font-medium">
        {t("backOffice.products.status")}
        <select name="status" defaultValue={product?.status ?? "publish"} className={ADMIN_FIELD}>
          <option value="publish">{t("backOffice.products.statuses.publish")}</option>
          <option value="draft">{t("backOffice.products.statuses.draft")}</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.catalogVisibility")}
        <select
          name="catalog_visibility"
          defaultValue={product?.catalog_visibility ?? "visible"}
          className={ADMIN_FIELD}
        >
          {CATALOG_VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {t(`backOffice.products.visibilities.${visibility}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="self-end pb-2">
        <CheckboxInput name="reviews_allowed" value="1" checked={product?.reviews_allowed ?? true}>
          {t("backOffice.products.reviewsAllowed")}
        </CheckboxInput>
      </div>
      <div className="basis-full">
        <InputField
          label={t("backOffice.products.address")}
          name="slug"
          value={product?.slug ?? ""}
          maxLength={200}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          placeholder={product ? undefined : t("backOffice.products.addressNew")}
          hint={t("backOffice.products.addressHint")}
        />
      </div>
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
