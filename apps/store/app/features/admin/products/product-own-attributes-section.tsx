import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { emptyOwnAttribute, type OwnAttributeDraft } from "./own-attribute-drafts.ts";

type Change = (change: (all: OwnAttributeDraft[]) => OwnAttributeDraft[]) => void;

/**
 * The product's own attributes (WooCommerce's "Add new" custom product attribute, decision 0060):
 * each a name and `|`-separated values in English and Spanish, shown on the product page or not,
 * used for variations or not; added and removed here, saved with the product.
 */
export function ProductOwnAttributesSection({
  own,
  onChange,
}: {
  own: OwnAttributeDraft[];
  onChange: Change;
}) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<OwnAttributeDraft>) =>
    onChange((all) => all.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  return (
    <fieldset className="space-y-4 rounded border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.ownAttributes")}</legend>
      <p className="text-sm text-stone-600">{t("backOffice.products.ownAttributesHint")}</p>
      {own.map((draft, index) => (
        <OwnAttributeFields
          key={draft.key}
          n={index + 1}
          draft={draft}
          onChange={(patch) => change(draft.key, patch)}
          onRemove={() => onChange((all) => all.filter((each) => each.key !== draft.key))}
        />
      ))}
      <button
        type="button"
        className={ADMIN_BUTTON}
        onClick={() => onChange((all) => [...all, emptyOwnAttribute()])}
      >
        {t("backOffice.products.addOwnAttribute")}
      </button>
    </fieldset>
  );
}

function OwnAttributeFields({
  n,
  draft,
  onChange,
  onRemove,
}: {
  n: number;
  draft: OwnAttributeDraft;
  onChange: (patch: Partial<OwnAttributeDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const title = draft.name.en.trim() || t("backOffice.products.ownAttributeN", { n });
  return (
    <fieldset className="own-attribute grid gap-3 border-t border-stone-200 pt-3 sm:grid-cols-2">
      <legend className="text-sm font-medium">{title}</legend>
      <InputField
        label={t("backOffice.products.ownAttributeName", { lang: t("backOffice.products.texts.en") })}
        value={draft.name.en}
        required
        onChange={(event) => onChange({ name: { ...draft.name, en: event.target.value } })}
      />
      <InputField
        label={t("backOffice.products.ownAttributeName", { lang: t("backOffice.products.texts.es") })}
        value={draft.name.es}
        lang="es"
        onChange={(event) => onChange({ name: { ...draft.name, es: event.target.value } })}
      />
      <InputField
        label={t("backOffice.products.ownAttributeValues", { lang: t("backOffice.products.texts.en") })}
        hint={t("backOffice.products.ownAttributeValuesHint")}
        value={draft.values.en}
        required
        onChange={(event) => onChange({ values: { ...draft.values, en: event.target.value } })}
      />
      <InputField
        label={t("backOffice.products.ownAttributeValues", { lang: t("backOffice.products.texts.es") })}
        hint={t("backOffice.products.ownAttributeValuesEsHint")}
        value={draft.values.es}
        lang="es"
        onChange={(event) => onChange({ values: { ...draft.values, es: event.target.value } })}
      />
      <CheckboxInput
        checked={draft.visible}
        onChange={(event) => onChange({ visible: event.target.checked })}
      >
        {t("backOffice.products.ownAttributeVisible")}
      </CheckboxInput>
      <CheckboxInput
        checked={draft.variation}
        onChange={(event) => onChange({ variation: event.target.checked })}
      >
        {t("backOffice.products.ownAttributeVariation")}
      </CheckboxInput>
      <div>
        <button type="button" className={ADMIN_BUTTON} onClick={onRemove}>
          {t("backOffice.products.removeOwnAttribute", { name: title })}
        </button>
      </div>
    </fieldset>
  );
}
