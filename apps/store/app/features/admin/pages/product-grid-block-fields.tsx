import { useId } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { PRODUCT_GRID_MAX } from "../../../lib/content-blocks.ts";
import type { BlockPartProps } from "./page-drafts.ts";

/**
 * A product grid's fields after its title: how many products, from which category (or the featured
 * ones), or else the products picked by hand.
 */
export function ProductGridBlockFields({ data, set, choices }: BlockPartProps) {
  const { t } = useTranslation();
  const hint = useId();
  const field = (key: string) => t(`backOffice.pages.fields.${key}`);
  return (
    <>
      <div className="grid gap-3 md:grid-cols-2">
        <LimitField label={field("limit")} max={PRODUCT_GRID_MAX} fallback={8} data={data} set={set} />
        <label className="block text-sm font-medium">
          {field("category")}
          <select
            value={String(data.categoryId ?? "")}
            onChange={(event) =>
              set({ categoryId: event.target.value ? Number(event.target.value) : undefined })
            }
            className={ADMIN_FIELD}
          >
            <option value="">{t("backOffice.pages.featured")}</option>
            {choices.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {"\u00a0\u00a0".repeat(category.depth)}
                {category.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="block text-sm font-medium">
        {field("products")}
        <select
          multiple
          size={6}
          aria-describedby={`${hint}-productsHint`}
          value={((data.productIds as number[] | undefined) ?? []).map(String)}
          onChange={(event) =>
            set({ productIds: [...event.target.selectedOptions].map((option) => Number(option.value)) })
          }
          className={ADMIN_FIELD}
        >
          {choices.products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </label>
      <p id={`${hint}-productsHint`} className="text-xs text-stone-600">
        {t("backOffice.pages.productsHint")}
      </p>
    </>
  );
}

/** How many things a block shows (products, photos): a number from 1 to `max`, `fallback` until set. */
export function LimitField({
  label,
  max,
  fallback,
  data,
  set,
}: { label: string; max: number; fallback: number } & Pick<BlockPartProps, "data" | "set">) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input
        type="number"
        min={1}
        max={max}
        value={String(data.limit ?? fallback)}
        onChange={(event) => set({ limit: Number(event.target.value) })}
        className={ADMIN_FIELD}
      />
    </label>
  );
}
