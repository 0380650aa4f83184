import { InputField, SelectInput, TextAreaField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  type AttributeRecord,
  attributeOrderbyValues,
  type TermRecord,
} from "../../../lib/attribute-resource.ts";

/** What a slug may be, as `attributeInput` and `termInput` check it. */
const SLUG_PATTERN = "[a-z0-9]+(-[a-z0-9]+)*";

/**
 * The slug field: a new record's may be left empty (made from the English name); a saved one's
 * is required, since an empty one would keep the old slug without saying so.
 */
function SlugField({ slug }: { slug: string | null }) {
  const { t } = useTranslation();
  return (
    <InputField
      label={t("backOffice.attributes.slug")}
      name="slug"
      value={slug ?? ""}
      required={slug !== null}
      maxLength={100}
      pattern={SLUG_PATTERN}
      hint={slug === null ? t("backOffice.attributes.slugHint") : undefined}
    />
  );
}

/** An attribute's names in both languages, slug and sort order; empty for a new one. */
export function AttributeFields({ attribute }: { attribute: AttributeRecord | null }) {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        label={t("backOffice.attributes.nameEn")}
        name="name_en"
        value={attribute?.translations.en?.name ?? ""}
        required
        maxLength={200}
      />
      <InputField
        label={t("backOffice.attributes.nameEs")}
        name="name_es"
        value={attribute?.translations.es?.name ?? ""}
        maxLength={200}
        lang="es"
      />
      <SlugField slug={attribute?.slug ?? null} />
      <SelectInput
        label={t("backOffice.attributes.orderBy")}
        name="order_by"
        value={attribute?.order_by ?? "menu_order"}
      >
        {attributeOrderbyValues.map((value) => (
          <option key={value} value={value}>
            {t(`backOffice.attributes.orderBys.${value}`)}
          </option>
        ))}
      </SelectInput>
    </>
  );
}

/** A term's name and description in both languages, and its slug; empty for a new one. */
export function TermFields({ term }: { term: TermRecord | null }) {
  const { t } = useTranslation();
  return (
    <>
      {(["en", "es"] as const).map((locale) => (
        <div key={locale} className="space-y-2">
          <InputField
            label={t(`backOffice.attributes.name${locale === "en" ? "En" : "Es"}`)}
            name={`name_${locale}`}
            value={term?.translations[locale]?.name ?? ""}
            required={locale === "en"}
            maxLength={200}
            lang={locale}
          />
          <TextAreaField
            label={t(`backOffice.attributes.description${locale === "en" ? "En" : "Es"}`)}
            name={`description_${locale}`}
            value={term?.translations[locale]?.description ?? ""}
            rows={2}
            maxLength={10_000}
            lang={locale}
          />
        </div>
      ))}
      <SlugField slug={term?.slug ?? null} />
    </>
  );
}
