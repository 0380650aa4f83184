import { ADMIN_BUTTON, ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { MoneyField } from "../../../components/ui/money-field.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { centsFromText } from "../../../lib/money-text.ts";
import type { Backorders } from "../../../lib/stock-rules.ts";
import { useRootData } from "../../../root-data.ts";
import { MediaSingleField } from "../media/media-single-field.tsx";
import { type OwnAttributeDraft, ownValues } from "./own-attribute-drafts.ts";
import { emptyVariation, missingCombinations, type VariationDraft } from "./product-body.ts";
import type { AttributeChoice, MediaChoice } from "./product-choices.ts";
import { DownloadFilesEditor } from "./product-downloads-section.tsx";
import { BackorderOptions } from "./product-price-section.tsx";
import { type TaxClassChoice, VariationTaxClassField } from "./product-tax-section.tsx";

type Terms = Record<string, number[]>;

/**
 * An attribute a variation is chosen by: a global one (key: its id, values: its chosen terms' ids)
 * or the product's own (key: the form's key, values: its English values), labelled in the page's language.
 */
export type VariationAxis = { key: string; label: string; options: Array<{ value: string; label: string }> };

/** The attributes variations are chosen by: the global ones with chosen terms, then the own ones used for variations. */
export function useVariationAxes(attributes: AttributeChoice[], terms: Terms, own: OwnAttributeDraft[]) {
  const { i18n } = useTranslation();
  const label = useLabel();
  const spanish = i18n.language === "es";
  return [
    ...attributes
      .filter((attribute) => (terms[String(attribute.id)] ?? []).length > 0)
      .map((attribute) => ({
        key: String(attribute.id),
        label: label(attribute.label),
        options: attribute.terms
          .filter((term) => terms[String(attribute.id)]?.includes(term.id))
          .map((term) => ({ value: String(term.id), label: label(term.label) })),
      })),
    ...own
      .filter((draft) => draft.variation && draft.name.en.trim() && ownValues(draft.values.en).length > 0)
      .map((draft) => {
        const translated = draft.values.es.split("|").map((value) => value.trim());
        return {
          key: draft.key,
          label: (spanish && draft.name.es.trim()) || draft.name.en.trim(),
          options: ownValues(draft.values.en).map((value, index) => ({
            value,
            label: (spanish && translated[index]) || value,
          })),
        };
      }),
  ] satisfies VariationAxis[];
}

/** A label in the page's language, else in English. */
function useLabel() {
  const { i18n } = useTranslation();
  const locale = i18n.language === "es" ? "es" : "en";
  return (labels: Record<string, string>) => labels[locale] ?? labels.en ?? "";
}

/** The terms of each attribute a variable product offers. */
export function ProductAttributesSection({
  attributes,
  terms,
  onChange,
}: {
  attributes: AttributeChoice[];
  terms: Terms;
  onChange: (change: (all: Terms) => Terms) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <fieldset className="rounded border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.attributes")}</legend>
      {attributes.map((attribute) => (
        <fieldset key={attribute.id} className="mb-3">
          <legend className="text-sm font-medium">{label(attribute.label)}</legend>
          {attribute.terms.map((term) => {
            const chosen = terms[String(attribute.id)] ?? [];
            return (
              <label key={term.id} className="mr-4 inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(term.id)}
                  onChange={(event) =>
                    onChange((all) => ({
                      ...all,
                      [attribute.id]: event.target.checked
                        ? [...chosen, term.id]
                        : chosen.filter((each) => each !== term.id),
                    }))
                  }
                />
                {label(term.label)}
              </label>
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}

/**
 * A variable product's variations: each one's terms, SKU, prices and sale days, stock and
 * backorders, picture, tax class, and whether it is virtual or downloadable with its files.
 */
export function ProductVariationsSection({
  axes,
  media,
  taxClasses,
  variations,
  onChange,
}: {
  axes: VariationAxis[];
  media: MediaChoice[];
  taxClasses: TaxClassChoice[];
  variations: VariationDraft[];
  onChange: (change: (all: VariationDraft[]) => VariationDraft[]) => void;
}) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<VariationDraft>) =>
    onChange((all) =>
      all.map((variation) => (variation.key === key ? { ...variation, ...patch } : variation)),
    );
  return (
    <fieldset className="space-y-4 rounded border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.variations")}</legend>
      {variations.map((variation, index) => (
        <VariationFields
          key={variation.key}
          n={index + 1}
          variation={variation}
          axes={axes}
          media={media}
          taxClasses={taxClasses}
          onChange={(patch) => change(variation.key, patch)}
          onRemove={() => onChange((all) => all.filter((each) => each.key !== variation.key))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={ADMIN_BUTTON}
          onClick={() => onChange((all) => [...all, emptyVariation()])}
        >
          {t("backOffice.products.addVariation")}
        </button>
        <button
          type="button"
          className={ADMIN_BUTTON}
          disabled={axes.length === 0}
          onClick={() =>
            onChange((all) => [
              ...all,
              ...missingCombinations(
                axes.map((axis) => axis.key),
                Object.fromEntries(
                  axes.map((axis) => [axis.key, axis.options.map((option) => option.value)]),
                ),
                all,
              ),
            ])
          }
        >
          {t("backOffice.products.generateVariations")}
        </button>
      </div>
    </fieldset>
  );
}

function VariationFields({
  n,
  variation,
  axes,
  media,
  taxClasses,
  onChange,
  onRemove,
}: {
  n: number;
  variation: VariationDraft;
  axes: VariationAxis[];
  media: MediaChoice[];
  taxClasses: TaxClassChoice[];
  onChange: (patch: Partial<VariationDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const currency = useRootData()?.currency ?? "";
  return (
    <fieldset className="variation grid gap-3 border-t border-stone-200 pt-3 sm:grid-cols-4">
      <legend className="text-sm font-medium">{t("backOffice.products.variationN", { n })}</legend>
      {axes.map((axis) => (
        <label key={axis.key} className="text-sm">
          {axis.label}
          <select
            value={variation.terms[axis.key] ?? ""}
            onChange={(event) => onChange({ terms: { ...variation.terms, [axis.key]: event.target.value } })}
            required
            className={ADMIN_FIELD}
          >
            <option value="">{t("backOffice.products.choose")}</option>
            {axis.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="text-sm">
        {t("backOffice.products.sku")}
        <input
          value={variation.sku}
          onChange={(event) => onChange({ sku: event.target.value })}
          className={ADMIN_FIELD}
        />
      </label>
      <MoneyField
        label={t("backOffice.products.regularPrice")}
        name={`variation-${n}-price`}
        cents={centsFromText(variation.price)}
        currency={currency}
        required
        onChange={(event) => onChange({ price: event.target.value })}
      />
      <MoneyField
        label={t("backOffice.products.salePrice")}
        name={`variation-${n}-sale-price`}
        cents={centsFromText(variation.salePrice)}
        currency={currency}
        onChange={(event) => onChange({ salePrice: event.target.value })}
      />
      <VariationSaleDays variation={variation} onChange={onChange} />
      <label className="text-sm">
        {t("backOffice.products.stockQuantity")}
        <input
          type="number"
          value={variation.stock}
          onChange={(event) => onChange({ stock: event.target.value })}
          className={ADMIN_FIELD}
        />
      </label>
      <label className="text-sm">
        {t("backOffice.products.backorders")}
        <select
          value={variation.backorders}
          onChange={(event) => onChange({ backorders: event.target.value as Backorders })}
          className={ADMIN_FIELD}
        >
          <BackorderOptions />
        </select>
      </label>
      <MediaSingleField
        label={t("backOffice.products.variationImage")}
        known={media}
        imageId={variation.imageId ? Number(variation.imageId) : null}
        onChange={(imageId) => onChange({ imageId: imageId === null ? "" : String(imageId) })}
      />
      <VariationTaxClassField
        value={variation.taxClass}
        taxClasses={taxClasses}
        onChange={(taxClass) => onChange({ taxClass })}
      />
      <VariationKinds variation={variation} onChange={onChange} />
      <div className="flex items-end">
        <button type="button" className={ADMIN_BUTTON} onClick={onRemove}>
          {t("backOffice.products.removeVariation", { n })}
        </button>
      </div>
    </fieldset>
  );
}

type VariationPart = { variation: VariationDraft; onChange: (patch: Partial<VariationDraft>) => void };

/** The variation's own sale days (decision 0079), as a simple product's. */
function VariationSaleDays({ variation, onChange }: VariationPart) {
  const { t } = useTranslation();
  return (
    <>
      <label className="text-sm">
        {t("backOffice.products.saleFrom")}
        <input
          type="date"
          value={variation.saleFrom}
          onChange={(event) => onChange({ saleFrom: event.target.value })}
          className={ADMIN_FIELD}
        />
      </label>
      <label className="text-sm">
        {t("backOffice.products.saleTo")}
        <input
          type="date"
          value={variation.saleTo}
          onChange={(event) => onChange({ saleTo: event.target.value })}
          className={ADMIN_FIELD}
        />
      </label>
    </>
  );
}

/**
 * WooCommerce's virtual and downloadable boxes of a variation and, once downloadable, its own
 * files, limit and expiry (blank for none), which a buyer of that variation receives.
 */
function VariationKinds({ variation, onChange }: VariationPart) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 sm:col-span-4">
      <div className="flex gap-6">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={variation.virtual}
            onChange={(event) => onChange({ virtual: event.target.checked })}
          />
          {t("backOffice.products.virtual")}
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={variation.downloadable}
            onChange={(event) => onChange({ downloadable: event.target.checked })}
          />
          {t("backOffice.products.downloadable")}
        </label>
      </div>
      {variation.downloadable && (
        <fieldset className="space-y-3 rounded border border-stone-200 p-3">
          <legend className="px-1 text-sm font-medium">{t("backOffice.downloads.title")}</legend>
          <DownloadFilesEditor
            drafts={variation.downloads}
            onChange={(downloads) => onChange({ downloads })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(["downloadLimit", "downloadExpiry"] as const).map((field) => (
              <label key={field} className="text-sm">
                {t(field === "downloadLimit" ? "backOffice.downloads.limit" : "backOffice.downloads.expiry")}
                <input
                  type="number"
                  min={0}
                  value={variation[field]}
                  className={ADMIN_FIELD}
                  onChange={(event) => onChange({ [field]: event.target.value })}
                />
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
