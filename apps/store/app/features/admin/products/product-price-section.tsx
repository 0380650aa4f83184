import { useId } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BACKORDERS, type ProductRecord, stockStatuses } from "../../../lib/product-resource.ts";
import { useRootData } from "../../../root-data.ts";
import { count } from "./product-body.ts";

/**
 * A simple product's price, sale price and its days, stock and backorders (a variable product's
 * are its variations').
 */
export function ProductPriceSection({ product }: { product: ProductRecord | null }) {
  const { t } = useTranslation();
  const id = useId();
  const currency = useRootData()?.currency ?? "";
  return (
    <fieldset className="grid gap-4 rounded border border-stone-200 p-4 sm:grid-cols-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.priceAndStock")}</legend>
      <MoneyField
        label={t("backOffice.products.regularPrice")}
        name="regular_price"
        cents={product?.regular_price ?? null}
        currency={currency}
        required
      />
      <MoneyField
        label={t("backOffice.products.salePrice")}
        name="sale_price"
        cents={product?.sale_price ?? null}
        currency={currency}
      />
      <label className="text-sm font-medium">
        {t("backOffice.products.saleFrom")}
        <input
          name="date_on_sale_from"
          type="date"
          defaultValue={product?.date_on_sale_from?.slice(0, 10) ?? ""}
          aria-describedby={`${id}-sale-hint`}
          className={ADMIN_FIELD}
        />
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.saleTo")}
        <input
          name="date_on_sale_to"
          type="date"
          defaultValue={product?.date_on_sale_to?.slice(0, 10) ?? ""}
          aria-describedby={`${id}-sale-hint`}
          className={ADMIN_FIELD}
        />
      </label>
      <p id={`${id}-sale-hint`} className="text-sm text-stone-600 sm:col-span-4">
        {t("backOffice.products.saleDatesHint")}
      </p>
      <label className="text-sm font-medium">
        {t("backOffice.products.stockQuantity")}
        <input
          name="stock_quantity"
          type="number"
          defaultValue={count(product?.stock_quantity)}
          aria-describedby={`${id}-stock-hint`}
          className={ADMIN_FIELD}
        />
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.stock")}
        <select name="stock_status" defaultValue={product?.stock_status ?? "instock"} className={ADMIN_FIELD}>
          {stockStatuses.map((state) => (
            <option key={state} value={state}>
              {t(`backOffice.products.stockStatus.${state}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        {t("backOffice.products.backorders")}
        <select name="backorders" defaultValue={product?.backorders ?? "no"} className={ADMIN_FIELD}>
          <BackorderOptions />
        </select>
      </label>
      <p id={`${id}-stock-hint`} className="text-sm text-stone-600 sm:col-span-4">
        {t("backOffice.products.stockHint")}
      </p>
    </fieldset>
  );
}

/** WooCommerce's three backorder settings as a select's options: a product's and a variation's. */
export function BackorderOptions() {
  const { t } = useTranslation();
  return BACKORDERS.map((option) => (
    <option key={option} value={option}>
      {t(`backOffice.products.backorderOptions.${option}`)}
    </option>
  ));
}
