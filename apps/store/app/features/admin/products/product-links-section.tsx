import { FormSection, InputField } from "../../../components/ui/back-office-fields.tsx";
import { locales } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";
import { ChoiceFilterList, type NamedChoice } from "./choice-filter-list.tsx";

type ProductType = ProductRecord["type"];

/** What the form offers to link: products (the newest, and those linked) and every tag. */
export type LinkChoices = { products: NamedChoice[]; tags: NamedChoice[] };

const ids = (form: FormData, name: string) => form.getAll(name).map(Number);

/**
 * The fields of the product's type (decision 0076) as the form sends them: an external product's
 * address and button texts, a grouped product's children, upsells, cross-sells and tags.
 */
export function typeFields(form: FormData, type: ProductType) {
  const text = (name: string) => String(form.get(name) ?? "");
  const external = type === "external";
  return {
    virtual: form.get("virtual") === "1",
    downloadable: form.get("downloadable") === "1",
    external_url: external ? text("external_url").trim() || null : undefined,
    button_text: external ? text("button_text_en").trim() : undefined,
    grouped_products: type === "grouped" ? ids(form, "grouped_products") : [],
    upsell_ids: ids(form, "upsell_ids"),
    cross_sell_ids: ids(form, "cross_sell_ids"),
    tags: ids(form, "tags").map((id) => ({ id })),
  };
}

/** The button text in the languages other than English, for the texts' translations. */
export function buttonTexts(form: FormData, type: ProductType, lang: string) {
  return type === "external" && lang !== "en"
    ? { button_text: String(form.get(`button_text_${lang}`) ?? "").trim() }
    : {};
}

/** An external product's address and button text in each language. */
export function ProductExternalSection({ product }: { product: ProductRecord | null }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.products.external")}>
      <InputField
        label={t("backOffice.products.externalUrl")}
        name="external_url"
        type="url"
        value={product?.external_url ?? ""}
        maxLength={2000}
        placeholder="https://"
        hint={t("backOffice.products.externalUrlHint")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {locales.map((lang) => (
          <InputField
            key={lang}
            label={t("backOffice.products.buttonText", { lang: lang.toUpperCase() })}
            name={`button_text_${lang}`}
            value={
              lang === "en" ? (product?.button_text ?? "") : (product?.translations[lang]?.button_text ?? "")
            }
            maxLength={100}
            lang={lang}
            hint={t("backOffice.products.buttonTextHint")}
          />
        ))}
      </div>
    </FormSection>
  );
}

/** A grouped product's children, upsells, cross-sells and tags, each from a list with a filter. */
export function ProductLinksSection({
  product,
  type,
  choices,
}: {
  product: ProductRecord | null;
  type: ProductType;
  choices: LinkChoices;
}) {
  const { t } = useTranslation();
  const others = choices.products.filter((choice) => choice.id !== product?.id);
  return (
    <FormSection title={t("backOffice.products.linked")}>
      <div className="grid gap-6 md:grid-cols-2">
        {type === "grouped" && (
          <ChoiceFilterList
            legend={t("backOffice.products.groupedProducts")}
            name="grouped_products"
            choices={others}
            chosen={product?.grouped_products ?? []}
          />
        )}
        <ChoiceFilterList
          legend={t("backOffice.products.upsells")}
          name="upsell_ids"
          choices={others}
          chosen={product?.upsell_ids ?? []}
          hint={t("backOffice.products.upsellsHint")}
        />
        <ChoiceFilterList
          legend={t("backOffice.products.crossSells")}
          name="cross_sell_ids"
          choices={others}
          chosen={product?.cross_sell_ids ?? []}
          hint={t("backOffice.products.crossSellsHint")}
        />
        <ChoiceFilterList
          legend={t("backOffice.products.tags")}
          name="tags"
          choices={choices.tags}
          chosen={product?.tags.map((tag) => tag.id) ?? []}
        />
      </div>
    </FormSection>
  );
}
