import { locales } from "../../../i18n/i18n.ts";
import {
  type ProductInput,
  type ProductRecord,
  productInput,
  type VariationRecord,
} from "../../../lib/product-resource.ts";
import { type FieldRefusal, fieldRefusal } from "../../../lib/rest-refusal.ts";
import type { Backorders } from "../../../lib/stock-rules.ts";
import { type OwnAttributeDraft, ownAttributeBody, ownVariationTerms } from "./own-attribute-drafts.ts";
import { type DownloadDraft, downloadDrafts, downloadFormFields } from "./product-downloads-section.tsx";
import { generalFields } from "./product-general-section.tsx";
import { buttonTexts, typeFields } from "./product-links-section.tsx";
import { shippingFields } from "./product-shipping-section.tsx";
import { taxFields } from "./product-tax-section.tsx";

/**
 * The product form's body for `POST|PUT /products`, read from the form when it is sent, and its
 * check by the REST route's own schema (`lib/product-resource.ts`) before it goes: what the route
 * would refuse is refused here, with the route's message, without a request.
 */

/** A variation's fields as typed: money and counts are text, read when saving. */
export type VariationDraft = {
  key: string;
  id?: number;
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  imageId: string;
  /** The sale's first and last days (`YYYY-MM-DD`), "" for no limit. */
  saleFrom: string;
  saleTo: string;
  backorders: Backorders;
  /** "parent" (the product's class), "" standard, or a class's slug. */
  taxClass: string;
  virtual: boolean;
  downloadable: boolean;
  /** The variation's own files (decision 0075); limit and expiry as typed, blank for none. */
  downloads: DownloadDraft[];
  downloadLimit: string;
  downloadExpiry: string;
  terms: Record<string, string>;
};

export const money = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));
export const count = (value: number | null | undefined) => (value == null ? "" : String(value));
/** Typed money as cents; empty is null; anything else that is not a sum is NaN (the schema refuses it). */
export const cents = (text: string): number | null => {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^\d{1,9}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
};
const whole = (text: string): number | null => (text.trim() === "" ? null : Number(text.trim()));

let drafts = 0;
export const draftKey = () => `variation-${++drafts}`;

/** A new variation's empty fields, standing for `terms`. */
export function emptyVariation(terms: Record<string, string> = {}): VariationDraft {
  return {
    key: draftKey(),
    sku: "",
    price: "",
    salePrice: "",
    stock: "",
    imageId: "",
    saleFrom: "",
    saleTo: "",
    backorders: "no",
    taxClass: "parent",
    virtual: false,
    downloadable: false,
    downloads: [],
    downloadLimit: "",
    downloadExpiry: "",
    terms,
  };
}

/**
 * A variation for every combination of the chosen terms (one term of each attribute, attributes in
 * the order given) that no variation stands for yet, as WooCommerce's "Generate variations": the
 * ones there are stay as they are. An attribute is a global one's id or an own one's key, a term a
 * global term's id or an own value.
 */
export function missingCombinations(
  attributeIds: ReadonlyArray<number | string>,
  chosen: Record<string, ReadonlyArray<number | string>>,
  variations: ReadonlyArray<Pick<VariationDraft, "terms">>,
): VariationDraft[] {
  if (attributeIds.length === 0) return [];
  let combinations: Array<Record<string, string>> = [{}];
  for (const attributeId of attributeIds) {
    const termIds = chosen[String(attributeId)] ?? [];
    combinations = combinations.flatMap((partial) =>
      termIds.map((termId) => ({ ...partial, [attributeId]: String(termId) })),
    );
  }
  const key = (terms: Record<string, string>) => attributeIds.map((id) => terms[String(id)] ?? "").join("|");
  const existing = new Set(variations.map((variation) => key(variation.terms)));
  return combinations.filter((terms) => !existing.has(key(terms))).map((terms) => emptyVariation(terms));
}

/** A saved variation as the form edits it: global terms by attribute id, own values by the own attribute's key. */
export function variationDraft(variation: VariationRecord, owns: OwnAttributeDraft[] = []): VariationDraft {
  return {
    key: draftKey(),
    id: variation.id,
    sku: variation.sku ?? "",
    price: money(variation.regular_price),
    salePrice: money(variation.sale_price),
    stock: count(variation.stock_quantity),
    imageId: variation.image_id ? String(variation.image_id) : "",
    saleFrom: variation.date_on_sale_from?.slice(0, 10) ?? "",
    saleTo: variation.date_on_sale_to?.slice(0, 10) ?? "",
    backorders: variation.backorders,
    taxClass: variation.tax_class,
    virtual: variation.virtual,
    downloadable: variation.downloadable,
    downloads: downloadDrafts(variation.downloads),
    downloadLimit: variation.download_limit < 0 ? "" : String(variation.download_limit),
    downloadExpiry: variation.download_expiry < 0 ? "" : String(variation.download_expiry),
    terms: {
      ...Object.fromEntries(
        variation.attributes
          .filter((attribute) => attribute.id !== 0)
          .map((attribute) => [String(attribute.id), String(attribute.term)]),
      ),
      ...ownVariationTerms(owns, variation.attributes),
    },
  };
}

/**
 * What the form sends, unchecked: one entry for each field of the product's input that the form
 * edits (a field added to the schema is a type error here until the form edits it or says why not).
 */
type FormBody = { [K in Exclude<keyof ProductInput, FieldsTheFormLeaves>]-?: unknown };
/** Featured is set from the product list; the `_gmt` sale days are wc/v3's other names of the same UTC days. */
type FieldsTheFormLeaves = "featured" | "date_on_sale_from_gmt" | "date_on_sale_to_gmt";

export type ProductFormState = {
  type: NonNullable<ProductRecord["type"]>;
  images: number[];
  /** The chosen terms of each global attribute the product uses, by attribute id. */
  attributes: Array<{ id: number; terms: number[]; visible?: boolean; variation?: boolean }>;
  /** The product's own attributes. */
  own: OwnAttributeDraft[];
  variations: VariationDraft[];
  /** A simple product's files (decision 0075), when the form draws them; a variation's are in its draft. */
  downloads?: DownloadDraft[];
};

export function productFormBody(form: FormData, state: ProductFormState): FormBody {
  const text = (name: string) => String(form.get(name) ?? "");
  const simple = state.type === "simple";
  // A price of its own: simple and external products (a variable one's are its variations', a
  // grouped one's its children's); stock is a simple product's only.
  const priced = simple || state.type === "external";
  const variable = state.type === "variable";
  return {
    type: state.type,
    ...generalFields(form),
    ...typeFields(form, state.type),
    ...taxFields(form),
    ...shippingFields(form),
    ...(simple
      ? downloadFormFields(form, state.downloads)
      : { downloads: undefined, download_limit: undefined, download_expiry: undefined }),
    translations: Object.fromEntries(
      locales.map((lang) => [
        lang,
        {
          name: text(`name_${lang}`),
          short_description: text(`short_description_${lang}`),
          description: text(`description_${lang}`),
          meta_description: text(`meta_description_${lang}`),
          ...buttonTexts(form, state.type, lang),
        },
      ]),
    ),
    categories: form.getAll("categories").map(Number),
    images: state.images,
    regular_price: priced ? (cents(text("regular_price")) ?? 0) : undefined,
    sale_price: priced ? cents(text("sale_price")) : undefined,
    date_on_sale_from: priced ? text("date_on_sale_from") || null : undefined,
    date_on_sale_to: priced ? text("date_on_sale_to") || null : undefined,
    backorders: simple ? text("backorders") || undefined : undefined,
    stock_quantity: simple ? whole(text("stock_quantity")) : undefined,
    stock_status: simple ? text("stock_status") : undefined,
    // Only a variable product's global attributes are for variations here; the own ones are shown.
    attributes: [...(variable ? state.attributes : []), ...state.own.map(ownAttributeBody)],
    variations: !variable
      ? undefined
      : state.variations.map((variation) => ({
          ...(variation.id ? { id: variation.id } : {}),
          sku: variation.sku.trim() || null,
          regular_price: cents(variation.price) ?? 0,
          sale_price: cents(variation.salePrice),
          date_on_sale_from: variation.saleFrom || null,
          date_on_sale_to: variation.saleTo || null,
          stock_quantity: whole(variation.stock),
          backorders: variation.backorders,
          image_id: variation.imageId ? Number(variation.imageId) : null,
          tax_class: variation.taxClass,
          virtual: variation.virtual,
          downloadable: variation.downloadable,
          downloads: variation.downloads.map(({ id, name, file }) => ({ ...(id ? { id } : {}), name, file })),
          download_limit: whole(variation.downloadLimit) ?? -1,
          download_expiry: whole(variation.downloadExpiry) ?? -1,
          attributes: [
            ...state.attributes
              .filter((attribute) => attribute.variation !== false)
              .map((attribute) => ({
                id: attribute.id,
                term: Number(variation.terms[String(attribute.id)]),
              })),
            ...state.own
              .filter((own) => own.variation)
              .map((own) => ({ id: 0, name: own.name.en.trim(), option: variation.terms[own.key] ?? "" })),
          ],
        })),
  };
}

/** The body as the REST route's schema reads it, or the route's refusal of it. */
export function checkedProductBody(
  body: FormBody,
): { input: ProductInput; refusal: null } | { input: null; refusal: FieldRefusal } {
  const result = productInput.safeParse(body);
  return result.success
    ? { input: result.data, refusal: null }
    : { input: null, refusal: fieldRefusal(result.error, "body") };
}
