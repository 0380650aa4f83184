import { useChoicesKeptBeforeHydration } from "../../components/ui/use-kept-before-hydration.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductAttribute } from "../../lib/catalogue.ts";

/**
 * One select per variation attribute, named `attribute_{slug}` as the URL and the cart expect.
 * Controlled by the caller: the product page keeps the choice in its URL, quick view in state. A
 * choice made before hydration reaches the caller as a choice once the page has hydrated.
 */
export function VariationSelects({
  attributes,
  chosen,
  onChoose,
  idPrefix = "",
}: {
  attributes: ProductAttribute[];
  chosen: Record<string, string>;
  onChoose: (choices: Record<string, string>) => void;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const field = useChoicesKeptBeforeHydration(chosen, onChoose);
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
                ref={field(attribute.slug)}
                id={id}
                name={`attribute_${attribute.slug}`}
                value={chosen[attribute.slug] ?? ""}
                onChange={(event) => onChoose({ ...chosen, [attribute.slug]: event.currentTarget.value })}
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
