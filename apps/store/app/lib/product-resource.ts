import { z } from "zod";
import { locales } from "../i18n/i18n.ts";
import { PRODUCT_TYPES } from "./catalogue.ts";
import { downloadFields, downloadRecord } from "./download-resource.ts";
import { BACKORDERS } from "./stock-rules.ts";

/**
 * The product as a REST resource (`/api/vitrine/v2/products`), in the API's snake_case: what a save
 * may send (`productInput`) and what a read answers (`productRecord`). The REST route parses with
 * it, the service takes and returns its types, and the back office's form builds and checks its body
 * with it, so a new field is added here, in the service and in the form, and the compiler finds the
 * rest.
 */

const id = z.number().int().min(1).max(2_147_483_647);
const price = z.number().int().min(0).max(1_000_000_000);
/** A stock count: below zero once orders took more than there was (backorders, decision 0080). */
const quantity = z.number().int().min(-10_000_000).max(10_000_000);
export const stockStatuses = ["instock", "outofstock", "onbackorder"] as const;
const stockStatus = z.enum(stockStatuses);
const productType = z.enum(PRODUCT_TYPES);
const productStatus = z.enum(["publish", "draft"]);
const shortText = z.string().max(200);
const longText = z.string().max(100_000);
const sku = z.string().max(100).nullable();

/** A GTIN's last digit checks the others: weights 3 and 1 from the right, the sum a multiple of 10. */
export function isGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return false;
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 1 ? 3 : 1), 0);
  return sum % 10 === 0;
}
/** The product's barcode number (EAN-13, UPC-A, GTIN-8 or GTIN-14); null when it has none. */
const gtin = z.string().trim().refine(isGtin).nullable();

/**
 * A sale's first or last day (decision 0079): `2025-06-01`, or WooCommerce's date and time, whose
 * day is taken (a sale runs from its first day's 00:00 to its last day's 23:59:59).
 */
const saleDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/)
  .transform((value) => value.slice(0, 10))
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
  );
/**
 * A product's or variation's sale days as a save takes them (decision 0079): null, no limit on that
 * side; left out, kept. The days are UTC days, so wc/v3's `_gmt` fields say the same; given both,
 * the `_gmt` one is taken, as WooCommerce applies it last.
 */
const saleDayInputs = {
  date_on_sale_from: saleDay.nullable().optional(),
  date_on_sale_from_gmt: saleDay.nullable().optional(),
  date_on_sale_to: saleDay.nullable().optional(),
  date_on_sale_to_gmt: saleDay.nullable().optional(),
};
/**
 * wc/v3's sale days as answered: the first day at 00:00:00 and the last at 23:59:59 (UTC days, so
 * `_gmt` the same), null when open; and whether the sale price holds today.
 */
const saleDayRecords = {
  date_on_sale_from: z.string().nullable(),
  date_on_sale_from_gmt: z.string().nullable(),
  date_on_sale_to: z.string().nullable(),
  date_on_sale_to_gmt: z.string().nullable(),
  on_sale: z.boolean(),
};
/** Where the product is listed (WooCommerce's catalog_visibility): shop and search, shop only, search only, neither. */
export const CATALOG_VISIBILITIES = ["visible", "catalog", "search", "hidden"] as const;
/** Whether a counted stock may be ordered below zero (WooCommerce's backorders, decision 0080). */
export { BACKORDERS };

/** A schema for `{en?: texts, es?: texts}`: one optional entry per language the store speaks. */
export const translations = <T extends z.ZodTypeAny>(texts: T) =>
  z
    .object(
      Object.fromEntries(locales.map((locale) => [locale, texts.optional()])) as Record<
        (typeof locales)[number],
        z.ZodOptional<T>
      >,
    )
    .strict();

/** An external product's button text (WooCommerce's "Button text"); "" is the store's default. */
const buttonText = z.string().trim().max(100);

const productTexts = z
  .object({
    name: shortText,
    short_description: longText,
    description: longText,
    meta_description: z.string().max(320),
    button_text: buttonText,
  })
  .strict();

/** An external product's address: http(s) only; "" or null for none. */
const externalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value))
  .transform((value) => value || null)
  .nullable();

/** Linked products by id (WooCommerce's `grouped_products`, `upsell_ids`, `cross_sell_ids`). */
const linkedIds = z.array(id).max(100);

/** A product's tag as WooCommerce's products API takes it: by id (its name and slug may be sent back). */
const tagReference = z
  .object({ id, name: z.string().max(200).optional(), slug: z.string().max(200).optional() })
  .strict();

/** The variation's term of each attribute: `{ "{attribute id}": term id }` (Vitrine's first shape). */
const variationTermIds = z.record(z.string().regex(/^\d{1,9}$/), id);

/**
 * One of a variation's attributes in WooCommerce's shape: a global one by `id`, the product's own one
 * by `id: 0` and its `name`; the value by `option` (its English name, or a global term's slug) or by
 * `term` (the term's id, as a read answers it).
 */
const variationAttribute = z
  .object({
    id: z.union([z.literal(0), id]),
    name: z.string().max(200).optional(),
    option: z.string().max(200).optional(),
    term: id.optional(),
  })
  .strict()
  .refine((attribute) => attribute.option !== undefined || attribute.term !== undefined, "option")
  .refine((attribute) => attribute.id !== 0 || Boolean(attribute.name?.trim()), "name");

const variationTerms = z.union([variationTermIds, z.array(variationAttribute).max(20)]);

/** WooCommerce's tax status: the price is taxed, only its shipping is, or nothing (decision 0067). */
export const TAX_STATUSES = ["taxable", "shipping", "none"] as const;
const taxStatus = z.enum(TAX_STATUSES);
/** A tax class's slug as WooCommerce's products API names it: "" (or "standard") is the standard class. */
const taxClass = z
  .string()
  .trim()
  .max(40)
  .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/)
  .transform((slug) => (slug === "standard" ? "" : slug));
/** A variation's class: "parent" (the product's, WooCommerce's default) or a class as above. */
const variationTaxClass = z.union([z.literal("parent"), taxClass]);

/** A shipping class's slug, "" for none (decision 0069). */
const shippingClassSlug = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9-]*$/);

const variationInput = z
  .object({
    id: id.optional(),
    tax_class: variationTaxClass.optional(),
    /** The variation's shipping class's slug; "" the same as its product's (decision 0069). */
    shipping_class: shippingClassSlug.optional(),
    sku: sku.optional(),
    regular_price: price,
    sale_price: price.nullable().optional(),
    /** The variation's own sale days, as the product's (decision 0079). */
    ...saleDayInputs,
    stock_quantity: quantity.nullable().optional(),
    stock_status: stockStatus.optional(),
    /** Left out, a kept variation keeps its own and a new one has none ("no"). */
    backorders: z.enum(BACKORDERS).optional(),
    image_id: id.nullable().optional(),
    virtual: z.boolean().optional(),
    downloadable: z.boolean().optional(),
    /** The variation's own files, limit and expiry (decision 0075). */
    ...downloadFields,
    attributes: variationTerms,
  })
  .strict();

/** An own attribute's value: one line of the editor's `|`-separated list. */
const attributeValue = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => !value.includes("|"));

/** An attribute's name and values in one language; a value left empty falls back to English. */
const attributeTexts = z
  .object({
    name: z.string().trim().max(200).optional(),
    options: z
      .array(
        z
          .string()
          .trim()
          .max(200)
          .refine((value) => !value.includes("|")),
      )
      .max(100)
      .optional(),
  })
  .strict();

/** WooCommerce's fields of a product attribute. `position` is answered, not kept (decision 0060). */
const attributeFlags = {
  position: z.number().int().min(0).max(1000).optional(),
  visible: z.boolean().optional(),
  variation: z.boolean().optional(),
};

/**
 * A global attribute the product uses: its id and the ids of the terms it offers. The name, slug,
 * options and translations a read answers may be sent back; they are the attribute's, not changed here.
 */
const globalAttribute = z
  .object({
    id,
    terms: z.array(id).min(1).max(100),
    name: z.string().max(200).optional(),
    slug: z.string().max(200).optional(),
    options: z.array(z.string().max(200)).max(100).optional(),
    translations: translations(attributeTexts).optional(),
    ...attributeFlags,
  })
  .strict();

/**
 * The product's own attribute (WooCommerce's custom product attribute, `id: 0`), known by its name:
 * its English name and values, and their Spanish ones in `translations`, value for value.
 */
const ownAttribute = z
  .object({
    id: z.literal(0).optional(),
    name: z.string().trim().min(1).max(200),
    options: z.array(attributeValue).min(1).max(100),
    slug: z.string().max(200).optional(),
    terms: z.array(id).max(100).optional(),
    translations: translations(attributeTexts).optional(),
    ...attributeFlags,
  })
  .strict();

const productAttribute = z.union([globalAttribute, ownAttribute]);

/**
 * A product save; every field may be left out (it keeps its value); a new product needs a type and
 * an English name (the service checks those). `stock_quantity` null stops tracking stock; a count
 * decides the state with the backorders (`stockStatusFor`: above 0 in stock, else on backorder when
 * allowed, else out of stock). `variations` is the whole set: listed ids are
 * changed, new ones (no id) added, the others removed.
 */
export const productInput = z
  .object({
    slug: z.string().max(200).optional(),
    type: productType.optional(),
    status: productStatus.optional(),
    featured: z.boolean().optional(),
    sku: sku.optional(),
    gtin: gtin.optional(),
    /** The sale's first and last day (decision 0079). */
    ...saleDayInputs,
    catalog_visibility: z.enum(CATALOG_VISIBILITIES).optional(),
    /** False: the product page shows no review form and a review sent is refused. */
    reviews_allowed: z.boolean().optional(),
    backorders: z.enum(BACKORDERS).optional(),
    tax_status: taxStatus.optional(),
    tax_class: taxClass.optional(),
    /** The shipping class's slug (decision 0069); "" for none. */
    shipping_class: shippingClassSlug.optional(),
    regular_price: price.optional(),
    sale_price: price.nullable().optional(),
    stock_quantity: quantity.nullable().optional(),
    stock_status: stockStatus.optional(),
    /** Nothing to ship (decision 0076). */
    virtual: z.boolean().optional(),
    /** Only the flag: the files are the downloads' own (decision 0075). */
    downloadable: z.boolean().optional(),
    external_url: externalUrl.optional(),
    /** The English button text (WooCommerce's field); other languages' in `translations`. */
    button_text: buttonText.optional(),
    grouped_products: linkedIds.optional(),
    upsell_ids: linkedIds.optional(),
    cross_sell_ids: linkedIds.optional(),
    tags: z.array(tagReference).max(100).optional(),
    /** The files, limit and expiry (decision 0075): `downloads` is the whole list, as `variations`. */
    ...downloadFields,
    translations: translations(productTexts.partial().strict()).optional(),
    categories: z.array(id).max(100).optional(),
    images: z.array(id).max(50).optional(),
    attributes: z.array(productAttribute).max(10).optional(),
    variations: z.array(variationInput).max(200).optional(),
  })
  .strict();

export type ProductInput = z.infer<typeof productInput>;
export type VariationInput = z.infer<typeof variationInput>;
export type ProductAttributeInput = z.infer<typeof productAttribute>;
export type GlobalAttributeInput = z.infer<typeof globalAttribute>;
export type OwnAttributeInput = z.infer<typeof ownAttribute>;
export type VariationAttributeInput = z.infer<typeof variationAttribute>;
export type ProductTexts = z.infer<typeof productTexts>;
export type ProductLinkIds = Pick<ProductInput, "grouped_products" | "upsell_ids" | "cross_sell_ids">;
export type StockStatus = z.infer<typeof stockStatus>;

/**
 * wc/v3's backorder fields of a product and a variation (decision 0080): the setting, whether it
 * lets a counted stock go below zero, and whether the product is on backorder now.
 */
const backorderFields = {
  backorders: z.enum(BACKORDERS),
  backorders_allowed: z.boolean(),
  backordered: z.boolean(),
};

const variationRecord = z.object({
  id,
  sku: z.string().nullable(),
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  ...saleDayRecords,
  stock_quantity: z.number().nullable(),
  stock_status: stockStatus,
  ...backorderFields,
  image_id: z.number().nullable(),
  downloads: z.array(downloadRecord),
  download_limit: z.number(),
  download_expiry: z.number(),
  virtual: z.boolean(),
  downloadable: z.boolean(),
  /** "parent" (the product's class), "" standard, or a class's slug. */
  tax_class: z.string(),
  /** The variation's own shipping class ("" and 0: the same as its product's). */
  shipping_class: z.string(),
  shipping_class_id: z.number(),
  /** WooCommerce's `{id, name, option}` (`id` 0 for the product's own attribute), with the term's id. */
  attributes: z.array(z.object({ id: z.number(), name: z.string(), option: z.string(), term: z.number() })),
});

/**
 * A product's attribute in WooCommerce's shape (`id` 0 for its own), with the ids of its terms and
 * its name and values in every language.
 */
const attributeRecord = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  position: z.number(),
  visible: z.boolean(),
  variation: z.boolean(),
  options: z.array(z.string()),
  terms: z.array(z.number()),
  translations: translations(z.object({ name: z.string(), options: z.array(z.string()) })),
});

/** A product as `GET /products/{id}` answers it and the back office's form edits it. */
export const productRecord = z.object({
  id,
  slug: z.string(),
  type: productType,
  status: productStatus,
  featured: z.boolean(),
  sku: z.string().nullable(),
  gtin: z.string().nullable(),
  ...saleDayRecords,
  catalog_visibility: z.enum(CATALOG_VISIBILITIES),
  reviews_allowed: z.boolean(),
  ...backorderFields,
  tax_status: taxStatus,
  /** "" is the standard class. */
  tax_class: z.string(),
  /** The shipping class's slug and id, as WooCommerce's products API gives them ("" and 0: none). */
  shipping_class: z.string(),
  shipping_class_id: z.number(),
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  stock_quantity: z.number().nullable(),
  stock_status: stockStatus,
  virtual: z.boolean(),
  downloadable: z.boolean(),
  /** "" for none, as WooCommerce answers it. */
  external_url: z.string(),
  /** The English button text; "" for the store's default. */
  button_text: z.string(),
  grouped_products: z.array(z.number()),
  upsell_ids: z.array(z.number()),
  cross_sell_ids: z.array(z.number()),
  tags: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
  downloads: z.array(downloadRecord),
  /** -1: unlimited. */
  download_limit: z.number(),
  /** Days; -1: never. */
  download_expiry: z.number(),
  total_sales: z.number(),
  /** The English name; null for a product without one. */
  name: z.string().nullable(),
  translations: translations(productTexts),
  categories: z.array(z.number()),
  images: z.array(z.number()),
  attributes: z.array(attributeRecord),
  variations: z.array(variationRecord),
});

export type ProductRecord = z.infer<typeof productRecord>;
export type VariationRecord = z.infer<typeof variationRecord>;
export type AttributeRecord = z.infer<typeof attributeRecord>;

/** A product tag (WooCommerce's wc/v3 `products/tags`): its English name, slug and other languages' names. */
export const tagInput = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    slug: z.string().trim().max(200).optional(),
    translations: translations(z.object({ name: z.string().trim().max(200) }).strict()).optional(),
  })
  .strict();
export type TagInput = z.infer<typeof tagInput>;

export const tagRecord = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** How many products have it. */
  count: z.number(),
  translations: translations(z.object({ name: z.string() })),
});
export type TagRecord = z.infer<typeof tagRecord>;
