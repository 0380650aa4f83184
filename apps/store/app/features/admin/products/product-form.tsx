import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { ADMIN_BUTTON, ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { MediaPicker } from "../media/media-picker.tsx";
import type { CategoryOption } from "./product-table.tsx";

type Locale = "en" | "es";
const LOCALES: readonly Locale[] = ["en", "es"];
type StockStatus = "instock" | "outofstock" | "onbackorder";
type Texts = { name: string; short_description: string; description: string; meta_description: string };

/** A product as `GET /products/{id}` answers it (the fields the form edits). */
export type ProductRecord = {
  id: number;
  slug: string;
  type: "simple" | "variable";
  status: "publish" | "draft";
  sku: string | null;
  regular_price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  stock_status: StockStatus;
  translations: Partial<Record<Locale, Texts>>;
  categories: number[];
  images: number[];
  attributes: Array<{ id: number; terms: number[] }>;
  variations: Array<{
    id: number;
    sku: string | null;
    regular_price: number;
    sale_price: number | null;
    stock_quantity: number | null;
    stock_status: StockStatus;
    image_id: number | null;
    attributes: Record<string, number>;
  }>;
};

export type AttributeChoice = {
  id: number;
  label: Record<string, string>;
  terms: Array<{ id: number; label: Record<string, string> }>;
};

export type MediaChoice = { id: number; name: string; thumbnail: string | null };

/** Money and counts as typed: text, read when saving. */
type VariationDraft = {
  key: string;
  id?: number;
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  imageId: string;
  terms: Record<string, string>;
};

const money = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));
const count = (value: number | null | undefined) => (value == null ? "" : String(value));
/** Typed money as cents; empty is null; anything else that is not a sum is NaN (the server refuses it). */
const cents = (text: string): number | null => {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^\d{1,9}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
};
const whole = (text: string): number | null => (text.trim() === "" ? null : Number(text.trim()));

let drafts = 0;
const draftKey = () => `variation-${++drafts}`;

/**
 * The product form of the back office (issue 16): texts and meta description in both languages,
 * SKU, prices, stock, categories, gallery from the media library, and for a variable product its
 * attributes and variations, each with its own price, stock and picture. It saves through the REST
 * client, so the REST routes' schemas check it; their errors show in the page's language.
 */
export function ProductForm({
  product,
  categories,
  attributes,
  media,
}: {
  product: ProductRecord | null;
  categories: CategoryOption[];
  attributes: AttributeChoice[];
  media: MediaChoice[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const locale: Locale = i18n.language === "es" ? "es" : "en";
  const [type, setType] = useState(product?.type ?? "simple");
  const [images, setImages] = useState<number[]>(product?.images ?? []);
  const [terms, setTerms] = useState<Record<string, number[]>>(
    Object.fromEntries(
      (product?.attributes ?? []).map((attribute) => [String(attribute.id), attribute.terms]),
    ),
  );
  const [variations, setVariations] = useState<VariationDraft[]>(
    (product?.variations ?? []).map((variation) => ({
      key: draftKey(),
      id: variation.id,
      sku: variation.sku ?? "",
      price: money(variation.regular_price),
      salePrice: money(variation.sale_price),
      stock: count(variation.stock_quantity),
      imageId: variation.image_id ? String(variation.image_id) : "",
      terms: Object.fromEntries(Object.entries(variation.attributes).map(([a, term]) => [a, String(term)])),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = (labels: Record<string, string>) => labels[locale] ?? labels.en ?? "";
  const usedAttributes = attributes.filter((attribute) => (terms[String(attribute.id)] ?? []).length > 0);

  const changeVariation = (key: string, change: Partial<VariationDraft>) =>
    setVariations((all) =>
      all.map((variation) => (variation.key === key ? { ...variation, ...change } : variation)),
    );

  function body(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "");
    const translations = Object.fromEntries(
      LOCALES.map((lang) => [
        lang,
        {
          name: text(`name_${lang}`),
          short_description: text(`short_description_${lang}`),
          description: text(`description_${lang}`),
          meta_description: text(`meta_description_${lang}`),
        },
      ]),
    );
    const common = {
      type,
      status: text("status"),
      sku: text("sku").trim() || null,
      translations,
      categories: form.getAll("categories").map(Number),
      images,
    };
    if (type === "simple") {
      return {
        ...common,
        regular_price: cents(text("regular_price")) ?? 0,
        sale_price: cents(text("sale_price")),
        stock_quantity: whole(text("stock_quantity")),
        stock_status: text("stock_status"),
        attributes: [],
      };
    }
    return {
      ...common,
      attributes: usedAttributes.map((attribute) => ({
        id: attribute.id,
        terms: terms[String(attribute.id)],
      })),
      variations: variations.map((variation) => ({
        ...(variation.id ? { id: variation.id } : {}),
        sku: variation.sku.trim() || null,
        regular_price: cents(variation.price) ?? 0,
        sale_price: cents(variation.salePrice),
        stock_quantity: whole(variation.stock),
        image_id: variation.imageId ? Number(variation.imageId) : null,
        attributes: Object.fromEntries(
          usedAttributes.map((attribute) => [
            String(attribute.id),
            Number(variation.terms[String(attribute.id)]),
          ]),
        ),
      })),
    };
  }

  async function save(form: FormData) {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await pageRestClient().request<ProductRecord>({
        path: product ? `/products/${product.id}` : "/products",
        method: product ? "PUT" : "POST",
        data: body(form),
      });
      // The page reads the product again, so the form holds what was saved (new variations' ids too).
      navigate(`/admin/products/${saved.id}?saved=1`, { replace: product !== null });
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setSaving(false);
    }
  }

  const simple = type === "simple";
  return (
    <form
      className="product-form space-y-8"
      onSubmit={(event) => {
        event.preventDefault();
        void save(new FormData(event.currentTarget));
      }}
    >
      <div className="flex flex-wrap gap-6">
        <fieldset>
          <legend className="text-sm font-medium">{t("backOffice.products.type")}</legend>
          {(["simple", "variable"] as const).map((option) => (
            <label key={option} className="mr-4 inline-flex items-center gap-2">
              <input
                type="radio"
                name="type"
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
              />
              {t(`backOffice.products.types.${option}`)}
            </label>
          ))}
        </fieldset>
        <label className="text-sm font-medium">
          {t("backOffice.products.status")}
          <select name="status" defaultValue={product?.status ?? "publish"} className={ADMIN_FIELD}>
            <option value="publish">{t("backOffice.products.statuses.publish")}</option>
            <option value="draft">{t("backOffice.products.statuses.draft")}</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("backOffice.products.sku")}
          <input name="sku" defaultValue={product?.sku ?? ""} maxLength={100} className={ADMIN_FIELD} />
        </label>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        {LOCALES.map((lang) => {
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

      {simple && (
        <fieldset className="grid gap-4 rounded border border-stone-200 p-4 sm:grid-cols-4">
          <legend className="px-1 font-semibold">{t("backOffice.products.priceAndStock")}</legend>
          <label className="text-sm font-medium">
            {t("backOffice.products.regularPrice")}
            <input
              name="regular_price"
              inputMode="decimal"
              defaultValue={money(product?.regular_price)}
              required
              className={ADMIN_FIELD}
            />
          </label>
          <label className="text-sm font-medium">
            {t("backOffice.products.salePrice")}
            <input
              name="sale_price"
              inputMode="decimal"
              defaultValue={money(product?.sale_price)}
              className={ADMIN_FIELD}
            />
          </label>
          <label className="text-sm font-medium">
            {t("backOffice.products.stockQuantity")}
            <input
              name="stock_quantity"
              type="number"
              min={0}
              defaultValue={count(product?.stock_quantity)}
              aria-describedby={`${id}-stock-hint`}
              className={ADMIN_FIELD}
            />
          </label>
          <label className="text-sm font-medium">
            {t("backOffice.products.stock")}
            <select
              name="stock_status"
              defaultValue={product?.stock_status ?? "instock"}
              className={ADMIN_FIELD}
            >
              {(["instock", "outofstock", "onbackorder"] as const).map((state) => (
                <option key={state} value={state}>
                  {t(`backOffice.products.stockStatus.${state}`)}
                </option>
              ))}
            </select>
          </label>
          <p id={`${id}-stock-hint`} className="text-sm text-stone-600 sm:col-span-4">
            {t("backOffice.products.stockHint")}
          </p>
        </fieldset>
      )}

      <fieldset className="rounded border border-stone-200 p-4">
        <legend className="px-1 font-semibold">{t("backOffice.products.categories")}</legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {categories.map((category) => (
            <li key={category.id} style={{ paddingInlineStart: `${category.depth * 1.25}rem` }}>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  name="categories"
                  value={category.id}
                  defaultChecked={product?.categories.includes(category.id)}
                />
                {category.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="rounded border border-stone-200 p-4">
        <legend className="px-1 font-semibold">{t("backOffice.products.gallery")}</legend>
        <p className="mb-2 text-sm text-stone-600">{t("backOffice.products.galleryHint")}</p>
        <MediaPicker media={media} chosen={images} onChange={setImages} />
      </fieldset>

      {!simple && (
        <>
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
                          setTerms((all) => ({
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

          <fieldset className="space-y-4 rounded border border-stone-200 p-4">
            <legend className="px-1 font-semibold">{t("backOffice.products.variations")}</legend>
            {variations.map((variation, index) => (
              <fieldset
                key={variation.key}
                className="variation grid gap-3 border-t border-stone-200 pt-3 sm:grid-cols-4"
              >
                <legend className="text-sm font-medium">
                  {t("backOffice.products.variationN", { n: index + 1 })}
                </legend>
                {usedAttributes.map((attribute) => (
                  <label key={attribute.id} className="text-sm">
                    {label(attribute.label)}
                    <select
                      value={variation.terms[String(attribute.id)] ?? ""}
                      onChange={(event) =>
                        changeVariation(variation.key, {
                          terms: { ...variation.terms, [attribute.id]: event.target.value },
                        })
                      }
                      required
                      className={ADMIN_FIELD}
                    >
                      <option value="">{t("backOffice.products.choose")}</option>
                      {attribute.terms
                        .filter((term) => terms[String(attribute.id)]?.includes(term.id))
                        .map((term) => (
                          <option key={term.id} value={term.id}>
                            {label(term.label)}
                          </option>
                        ))}
                    </select>
                  </label>
                ))}
                <label className="text-sm">
                  {t("backOffice.products.sku")}
                  <input
                    value={variation.sku}
                    onChange={(event) => changeVariation(variation.key, { sku: event.target.value })}
                    className={ADMIN_FIELD}
                  />
                </label>
                <label className="text-sm">
                  {t("backOffice.products.regularPrice")}
                  <input
                    inputMode="decimal"
                    required
                    value={variation.price}
                    onChange={(event) => changeVariation(variation.key, { price: event.target.value })}
                    className={ADMIN_FIELD}
                  />
                </label>
                <label className="text-sm">
                  {t("backOffice.products.salePrice")}
                  <input
                    inputMode="decimal"
                    value={variation.salePrice}
                    onChange={(event) => changeVariation(variation.key, { salePrice: event.target.value })}
                    className={ADMIN_FIELD}
                  />
                </label>
                <label className="text-sm">
                  {t("backOffice.products.stockQuantity")}
                  <input
                    type="number"
                    min={0}
                    value={variation.stock}
                    onChange={(event) => changeVariation(variation.key, { stock: event.target.value })}
                    className={ADMIN_FIELD}
                  />
                </label>
                <label className="text-sm">
                  {t("backOffice.products.variationImage")}
                  <select
                    value={variation.imageId}
                    onChange={(event) => changeVariation(variation.key, { imageId: event.target.value })}
                    className={ADMIN_FIELD}
                  >
                    <option value="">{t("backOffice.products.noImage")}</option>
                    {media.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="flex items-end">
                  <button
                    type="button"
                    className={ADMIN_BUTTON}
                    onClick={() => setVariations((all) => all.filter((each) => each.key !== variation.key))}
                  >
                    {t("backOffice.products.removeVariation", { n: index + 1 })}
                  </button>
                </div>
              </fieldset>
            ))}
            <button
              type="button"
              className={ADMIN_BUTTON}
              onClick={() =>
                setVariations((all) => [
                  ...all,
                  { key: draftKey(), sku: "", price: "", salePrice: "", stock: "", imageId: "", terms: {} },
                ])
              }
            >
              {t("backOffice.products.addVariation")}
            </button>
          </fieldset>
        </>
      )}

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={saving}
          className="rounded bg-brand px-5 py-2 text-white disabled:opacity-60"
        >
          {product ? t("backOffice.products.save") : t("backOffice.products.create")}
        </button>
        {product && product.status === "publish" && (
          <a href={`/product/${product.slug}`} className="text-brand underline">
            {t("backOffice.products.view")}
          </a>
        )}
      </div>
      <div aria-live="assertive">
        {error && (
          <p role="alert" className="text-sale">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
