import { z } from "zod";
import { locales } from "../i18n/i18n.ts";

/**
 * The product as a REST resource (`/api/vitrine/v2/products`), in the API's snake_case: what a save
 * may send (`productInput`) and what a read answers (`productRecord`). The REST route parses with
 * it, the service takes and returns its types, and the back office's form builds and checks its body
 * with it, so a new field is added here, in the service and in the form, and the compiler finds the
 * rest.
 */

const id = z.number().int().min(1).max(2_147_483_647);
const price = z.number().int().min(0).max(1_000_000_000);
const quantity = z.number().int().min(0).max(10_000_000);
export const stockStatuses = ["instock", "outofstock", "onbackorder"] as const;
const stockStatus = z.enum(stockStatuses);
const productType = z.enum(["simple", "variable"]);
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

const productTexts = z
  .object({
    name: shortText,
    short_description: longText,
    description: longText,
    meta_description: z.string().max(320),
  })
  .strict();

/** The variation's term of each attribute: `{ "{attribute id}": term id }`. */
const variationTerms = z.record(z.string().regex(/^\d{1,9}$/), id);

const variationInput = z
  .object({
    id: id.optional(),
    sku: sku.optional(),
    regular_price: price,
    sale_price: price.nullable().optional(),
    stock_quantity: quantity.nullable().optional(),
    stock_status: stockStatus.optional(),
    image_id: id.nullable().optional(),
    attributes: variationTerms,
  })
  .strict();

const productAttribute = z.object({ id, terms: z.array(id).min(1).max(100) }).strict();

/**
 * A product save; every field may be left out (it keeps its value); a new product needs a type and
 * an English name (the service checks those). `stock_quantity` null stops tracking stock; 0 marks
 * the product out of stock, any other count in stock. `variations` is the whole set: listed ids are
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
    regular_price: price.optional(),
    sale_price: price.nullable().optional(),
    stock_quantity: quantity.nullable().optional(),
    stock_status: stockStatus.optional(),
    translations: translations(productTexts.partial().strict()).optional(),
    categories: z.array(id).max(100).optional(),
    images: z.array(id).max(50).optional(),
    attributes: z.array(productAttribute).max(10).optional(),
    variations: z.array(variationInput).max(200).optional(),
  })
  .strict();

export type ProductInput = z.infer<typeof productInput>;
export type VariationInput = z.infer<typeof variationInput>;
export type ProductTexts = z.infer<typeof productTexts>;
export type StockStatus = z.infer<typeof stockStatus>;

const variationRecord = z.object({
  id,
  sku: z.string().nullable(),
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  stock_quantity: z.number().nullable(),
  stock_status: stockStatus,
  image_id: z.number().nullable(),
  attributes: z.record(z.string(), z.number()),
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
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  stock_quantity: z.number().nullable(),
  stock_status: stockStatus,
  total_sales: z.number(),
  /** The English name; null for a product without one. */
  name: z.string().nullable(),
  translations: translations(productTexts),
  categories: z.array(z.number()),
  images: z.array(z.number()),
  attributes: z.array(z.object({ id: z.number(), terms: z.array(z.number()) })),
  variations: z.array(variationRecord),
});

export type ProductRecord = z.infer<typeof productRecord>;
export type VariationRecord = z.infer<typeof variationRecord>;
