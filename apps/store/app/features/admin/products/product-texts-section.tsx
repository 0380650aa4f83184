import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { locales } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";

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
            <label className="block text-sm font-medium">
              {t("backOffice.products.name")}
              <input
                name={`name_${lang}`}
                defaultValue={texts?.name ?? ""}
                required={lang === "en"}
                maxLength={200}
                className={ADMIN_FIELD}
              />
            </label>
            <label className="block text-sm font-medium">
              {t("backOffice.products.shortDescription")}
              <textarea
                name={`short_description_${lang}`}
                defaultValue={texts?.short_description ?? ""}
                rows={2}
                className={ADMIN_FIELD}
              />
            </label>
            <label className="block text-sm font-medium">
              {t("backOffice.products.description")}
              <textarea
                name={`description_${lang}`}
                defaultValue={texts?.description ?? ""}
                rows={5}
                className={ADMIN_FIELD}
              />
            </label>
            <label className="block text-sm font-medium">
              {t("backOffice.products.metaDescription")}
              <textarea
                name={`meta_description_${lang}`}
                defaultValue={texts?.meta_description ?? ""}
                rows={2}
                maxLength={320}
                className={ADMIN_FIELD}
              />
            </label>
          </fieldset>
        );
      })}
    </div>
  );
}
