import { InputField, TextAreaField } from "../../../components/ui/back-office-fields.tsx";
import { locales } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";

/** The product's longer texts: the field, its label, its height in lines, its longest value. */
const TEXT_AREAS = [
  ["short_description", "shortDescription", 2, undefined],
  ["description", "description", 5, undefined],
  ["meta_description", "metaDescription", 2, 320],
] as const;

/** The product's name, descriptions and meta description, one group per language. */
export function ProductTextsSection({ product }: { product: ProductRecord | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {locales.map((lang) => {
        const texts = product?.translations[lang];
        return (
          <fieldset key={lang} className="space-y-3 rounded border border-stone-200 p-4">
            <legend className="px-1 font-semibold">{t(`backOffice.products.texts.${lang}`)}</legend>
            <InputField
              label={t("backOffice.products.name")}
              name={`name_${lang}`}
              value={texts?.name ?? ""}
              required={lang === "en"}
              maxLength={200}
            />
            {TEXT_AREAS.map(([field, label, rows, maxLength]) => (
              <TextAreaField
                key={field}
                label={t(`backOffice.products.${label}`)}
                name={`${field}_${lang}`}
                value={texts?.[field] ?? ""}
                rows={rows}
                maxLength={maxLength}
              />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
