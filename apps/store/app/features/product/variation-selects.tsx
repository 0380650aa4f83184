import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductAttribute } from "../../lib/catalogue.ts";

/**
 * One select per variation attribute, named `attribute_{slug}` as the URL and the cart expect.
 * Controlled by the caller: the product page keeps the choice in its URL, quick view in state.
 */
export function VariationSelects({
  attributes,
  chosen,
  onChoose,
  idPrefix = "",
}: {
  attributes: ProductAttribute[];
  chosen: Record<string, string>;
  onChoose: (attribute: string, value: string) => void;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {attributes
        .filter((attribute) => attribute.forVariations)
        .map((attribute) => {
          const id = `${idPrefix}attribute_${attribute.slug}`;
          return (
            <div key={attribute.slug} className="flex items-center gap-3">
              <label htmlFor={id} className="w-24 font-medium">
                {attribute.label}
              </label>
              <select
                id={id}
                name={`attribute_${attribute.slug}`}
                value={chosen[attribute.slug] ?? ""}
                onChange={(event) => onChoose(attribute.slug, event.currentTarget.value)}
                className="rounded border border-stone-300 px-2 py-1"
              >
                <option value="">{t("product.chooseOption")}</option>
                {attribute.options.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
    </>
  );
}
