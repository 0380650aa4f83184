import {
  categories,
  type Database,
  media,
  productCategories,
  productImages,
  products,
  productTranslations,
  shippingClasses,
  type Transaction,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { locales } from "../../i18n/i18n.ts";
import type { AdminProduct, StockStatus } from "../../lib/admin-products.ts";
import type {
  ProductInput,
  ProductRecord,
  ProductTexts,
  VariationInput,
} from "../../lib/product-resource.ts";
import { type Backorders, backordersAllowed, isOnBackorder, stockStatusFor } from "../../lib/stock-rules.ts";

export type { AdminProduct, StockStatus };

import { downloadsOfProduct, writeDownloads } from "../downloads/product-downloads.server.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { recordMove } from "../shared/redirects.server.ts";
import { slugify } from "../shared/slugs.server.ts";
import { FALLBACK_LOCALE, productTexts } from "../shared/translations.server.ts";
import { checkTaxClass } from "../taxes/tax-rates.server.ts";
import {
  type OfferedAttribute,
  productAttributesForAdmin,
  variationTermsOf,
  writeProductAttributes,
} from "./product-attributes.server.ts";
import { keepExternalLink, linkedIdsOf, writeProductLinks } from "./product-links.server.ts";
import { saleHoldsOn } from "./sale-dates.server.ts";
import { escapeLike } from "./search.server.ts";
import { tagsOfProduct, writeProductTags } from "./tags.server.ts";
import { variationTerms } from "./variation-terms.server.ts";

/**
 * Products as administrators list, read, create and change them (issue 16): the REST routes and the
 * back office's pages both come here, so a save is checked and written one way, in one transaction.
 */

const adminColumns = {
  id: products.id,
  slug: products.slug,
  type: products.type,
  status: products.status,
  sku: products.sku,
  regularPrice: products.regularPrice,
  salePrice: products.salePrice,
  stockQuantity: products.stockQuantity,
  stockStatus: products.stockStatus,
  totalSales: products.totalSales,
  /** The English name; null for a product without one. */
  name: productTexts.inLocale("name", FALLBACK_LOCALE),
};

export type ProductListQuery = {
  limit: number;
  offset: number;
  search?: string | undefined;
  /** Only the products with one of these SKUs, exactly. */
  skus?: string[] | undefined;
  /** Only these products. */
  ids?: number[] | undefined;
  categoryId?: number | undefined;
  stockStatus?: StockStatus | undefined;
  status?: "publish" | "draft" | undefined;
  orderBy?: "id" | "name" | "price" | "date" | "stock" | undefined;
  order?: "asc" | "desc" | undefined;
};

/** wc/v3's list of values in a query: `a,b`, or the name repeated; at most 100. */
const queryList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",") : value),
    z.array(item).min(1).max(100),
  );

/** A list's filters and order as the REST API and the back office's address give them. */
export const productListParams = z.object({
  search: z.string().max(200).optional(),
  /** wc/v3's `sku`: exact SKUs, comma-separated (the whole text is one too, as WooCommerce takes it). */
  sku: z.string().trim().min(1).max(2000).optional(),
  include: queryList(z.coerce.number().int().min(1).max(2_147_483_647)).optional(),
  category: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  stock_status: z.enum(["instock", "outofstock", "onbackorder"]).optional(),
  status: z.enum(["publish", "draft"]).optional(),
  orderby: z.enum(["id", "name", "price", "date", "stock"]).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});

export type ProductListParams = z.infer<typeof productListParams>;

/** The list's query for a page of `params`. */
export function productListQuery(
  params: ProductListParams,
  page: { limit: number; offset: number },
): ProductListQuery {
  return {
    ...page,
    search: params.search,
    skus:
      params.sku === undefined
        ? undefined
        : [...new Set([params.sku, ...params.sku.split(",").map((sku) => sku.trim())])],
    ids: params.include,
    categoryId: params.category,
    stockStatus: params.stock_status,
    status: params.status,
    orderBy: params.orderby,
    order: params.order,
  };
}

/** A page of every product, drafts included, with the filters and order asked for (id order by default). */
export async function listProductsForAdmin(
  db: Database,
  query: ProductListQuery,
): Promise<{ total: number; products: AdminProduct[] }> {
  const filters: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(
      or(
        ilike(products.sku, pattern),
        ilike(products.slug, pattern),
        // The names matching, in one pass of their trigram index, rather than a look per product
        // (decision 0065).
        sql`${products.id} in (select ${productTranslations.productId} from ${productTranslations} where ${productTranslations.name} ilike ${pattern})`,
      )!,
    );
  }
  if (query.skus) filters.push(inArray(products.sku, query.skus));
  if (query.ids) filters.push(inArray(products.id, query.ids));
  if (query.categoryId !== undefined) {
    filters.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${query.categoryId})`,
    );
  }
  if (query.stockStatus) filters.push(eq(products.stockStatus, query.stockStatus));
  if (query.status) filters.push(eq(products.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const direction = query.order === "desc" ? desc : asc;
  const sortColumn = {
    id: products.id,
    name: adminColumns.name,
    price: sql`coalesce(${products.salePrice}, ${products.regularPrice})`,
    date: products.createdAt,
    stock: products.stockQuantity,
  }[query.orderBy ?? "id"];
  const [total] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select(adminColumns)
    .from(products)
    .where(where)
    .orderBy(direction(sortColumn), direction(products.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total: total?.total ?? 0, products: rows };
}

/** A product as the REST API and the back office's form read it (`productRecord`); null for an unknown id. */
export async function productForAdmin(db: Database, id: number): Promise<ProductRecord | null> {
  const [row] = await db
    .select({
      ...adminColumns,
      featured: products.featured,
      gtin: products.gtin,
      dateOnSaleFrom: products.dateOnSaleFrom,
      dateOnSaleTo: products.dateOnSaleTo,
      catalogVisibility: products.catalogVisibility,
      reviewsAllowed: products.reviewsAllowed,
      backorders: products.backorders,
      downloadLimit: products.downloadLimit,
      downloadExpiry: products.downloadExpiry,
      virtual: products.virtual,
      downloadable: products.downloadable,
      externalUrl: products.externalUrl,
      taxStatus: products.taxStatus,
      taxClass: products.taxClass,
      shippingClassId: products.shippingClassId,
      shippingClass: sql<
        string | null
      >`(select s.slug from shipping_classes s where s.id = "products"."shipping_class_id")`,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const [
    texts,
    categoryRows,
    imageRows,
    attributeRecords,
    variationRows,
    variationTermRows,
    classRows,
    links,
    tagRows,
  ] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, id)),
    db
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, id))
      .orderBy(asc(productCategories.categoryId)),
    db
      .select({ id: productImages.mediaId })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    productAttributesForAdmin(db, id),
    db
      .select()
      .from(variations)
      .where(eq(variations.productId, id))
      .orderBy(asc(variations.menuOrder), asc(variations.id)),
    variationTerms(db, id),
    db.select({ id: shippingClasses.id, slug: shippingClasses.slug }).from(shippingClasses),
    linkedIdsOf(db, id),
    tagsOfProduct(db, id),
  ]);
  const downloads = await downloadsOfProduct(db, id);
  const classSlug = new Map(classRows.map((shippingClass) => [shippingClass.id, shippingClass.slug]));
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    status: row.status,
    featured: row.featured,
    sku: row.sku,
    gtin: row.gtin,
    ...saleFields(row),
    catalog_visibility: row.catalogVisibility,
    reviews_allowed: row.reviewsAllowed,
    ...backorderFields(row),
    tax_status: row.taxStatus,
    tax_class: row.taxClass,
    shipping_class: row.shippingClass ?? "",
    shipping_class_id: row.shippingClassId ?? 0,
    regular_price: row.regularPrice,
    sale_price: row.salePrice,
    stock_quantity: row.stockQuantity,
    stock_status: row.stockStatus,
    downloads: downloads.own,
    download_limit: row.downloadLimit,
    download_expiry: row.downloadExpiry,
    virtual: row.virtual,
    downloadable: row.downloadable,
    external_url: row.externalUrl ?? "",
    button_text: texts.find((text) => text.locale === FALLBACK_LOCALE)?.buttonText ?? "",
    ...links,
    tags: tagRows,
    total_sales: row.totalSales,
    name: row.name,
    translations: Object.fromEntries(
      texts.map((text) => [
        text.locale,
        {
          name: text.name,
          short_description: text.shortDescription,
          description: text.description,
          meta_description: text.metaDescription,
          button_text: text.buttonText ?? "",
        } satisfies ProductTexts,
      ]),
    ),
    categories: categoryRows.map((category) => category.id),
    images: imageRows.map((image) => image.id),
    attributes: attributeRecords,
    variations: variationRows.map((variation) => ({
      id: variation.id,
      sku: variation.sku,
      regular_price: variation.regularPrice,
      sale_price: variation.salePrice,
      ...saleFields(variation),
      stock_quantity: variation.stockQuantity,
      stock_status: variation.stockStatus,
      ...backorderFields(variation),
      image_id: variation.imageId,
      downloads: downloads.byVariation.get(variation.id) ?? [],
      download_limit: variation.downloadLimit,
      download_expiry: variation.downloadExpiry,
      virtual: variation.virtual,
      downloadable: variation.downloadable,
      tax_class: variation.taxClass,
      shipping_class: (variation.shippingClassId && classSlug.get(variation.shippingClassId)) || "",
      shipping_class_id: variation.shippingClassId ?? 0,
      attributes: variationTermRows
        .filter((term) => term.variationId === variation.id)
        .map((term) => ({
          id: term.attributeOwner === null ? term.attributeId : 0,
          name: term.attributeLabel[FALLBACK_LOCALE] ?? term.attribute,
          option: term.termLabel[FALLBACK_LOCALE] ?? term.term,
          term: term.termId,
        })),
    })),
  };
}

/** wc/v3's `backorders`, `backorders_allowed` and `backordered` of a product or variation (decision 0080). */
function backorderFields(row: { stockQuantity: number | null; stockStatus: string; backorders: Backorders }) {
  return {
    backorders: row.backorders,
    backorders_allowed: backordersAllowed(row),
    backordered: isOnBackorder(row),
  };
}

/** wc/v3's sale days of a product or variation (decision 0079): UTC days, so `_gmt` says the same. */
function saleFields(row: {
  salePrice: number | null;
  dateOnSaleFrom: string | null;
  dateOnSaleTo: string | null;
}) {
  const from = row.dateOnSaleFrom ? `${row.dateOnSaleFrom}T00:00:00` : null;
  const to = row.dateOnSaleTo ? `${row.dateOnSaleTo}T23:59:59` : null;
  return {
    date_on_sale_from: from,
    date_on_sale_from_gmt: from,
    date_on_sale_to: to,
    date_on_sale_to_gmt: to,
    on_sale: row.salePrice !== null && saleHoldsOn(row.dateOnSaleFrom, row.dateOnSaleTo, new Date()),
  };
}

type SaleDayInput = Pick<
  ProductInput,
  "date_on_sale_from" | "date_on_sale_from_gmt" | "date_on_sale_to" | "date_on_sale_to_gmt"
>;

/** A sale day a save gives (its `_gmt` field when given, as WooCommerce applies it last); undefined: left out. */
function givenSaleDay(input: SaleDayInput, side: "from" | "to"): string | null | undefined {
  const gmt = side === "from" ? input.date_on_sale_from_gmt : input.date_on_sale_to_gmt;
  return gmt !== undefined ? gmt : side === "from" ? input.date_on_sale_from : input.date_on_sale_to;
}

/** A product's sale day after a save: the one given, else the one it had. */
const orKept = (given: string | null | undefined, kept: string | null | undefined): string | null =>
  given === undefined ? (kept ?? null) : given;

/** A variation's sale days a save gives; one left out is kept (a new variation has none). */
function variationSaleDays(input: SaleDayInput): {
  dateOnSaleFrom?: string | null;
  dateOnSaleTo?: string | null;
} {
  const from = givenSaleDay(input, "from");
  const to = givenSaleDay(input, "to");
  return {
    ...(from === undefined ? {} : { dateOnSaleFrom: from }),
    ...(to === undefined ? {} : { dateOnSaleTo: to }),
  };
}

/** Creates a product; answers its id. */
export async function createProduct(db: Database, input: ProductInput): Promise<number> {
  if (!input.type)
    throw new AdminInputError("rest_missing_callback_param", "Missing parameter: type", "type");
  const name = input.translations?.[FALLBACK_LOCALE]?.name?.trim();
  if (!name) throw new AdminInputError("product_needs_name", "The product needs an English name.", "texts");
  return (await saveProduct(db, null, input))!;
}

/** Applies a save to a product; null for an unknown id. */
export async function updateProduct(db: Database, id: number, input: ProductInput): Promise<number | null> {
  return saveProduct(db, id, input);
}

/** Creates (`id` null) or changes a product in one transaction; null when product `id` does not exist. */
async function saveProduct(db: Database, id: number | null, input: ProductInput): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      // Its rows locked in the checkout's order (a variation, then its product): an order taking
      // stock meanwhile is waited for and read, not overwritten, and neither waits for the other.
      if (id !== null)
        await tx
          .select({ id: variations.id })
          .from(variations)
          .where(eq(variations.productId, id))
          .orderBy(asc(variations.id))
          .for("update");
      const current =
        id === null
          ? null
          : ((await tx.select().from(products).where(eq(products.id, id)).for("update"))[0] ?? null);
      if (id !== null && !current) return null;
      const type = input.type ?? current?.type ?? "simple";
      await checkReferences(tx, input);
      const slug = await slugFor(tx, current?.slug ?? null, input);
      if (current && slug !== current.slug)
        await recordMove(tx, `/product/${current.slug}`, `/product/${slug}`);
      const backorders = input.backorders ?? current?.backorders ?? "no";
      const stock = stockOf(input, current, backorders);
      const values = {
        slug,
        type,
        status: input.status ?? current?.status ?? "publish",
        featured: input.featured ?? current?.featured ?? false,
        downloadLimit: input.download_limit ?? current?.downloadLimit ?? -1,
        downloadExpiry: input.download_expiry ?? current?.downloadExpiry ?? -1,
        sku: input.sku === undefined ? (current?.sku ?? null) : input.sku?.trim() || null,
        gtin: input.gtin === undefined ? (current?.gtin ?? null) : input.gtin,
        dateOnSaleFrom: orKept(givenSaleDay(input, "from"), current?.dateOnSaleFrom),
        dateOnSaleTo: orKept(givenSaleDay(input, "to"), current?.dateOnSaleTo),
        catalogVisibility: input.catalog_visibility ?? current?.catalogVisibility ?? "visible",
        reviewsAllowed: input.reviews_allowed ?? current?.reviewsAllowed ?? true,
        backorders,
        taxStatus: input.tax_status ?? current?.taxStatus ?? "taxable",
        taxClass: input.tax_class ?? current?.taxClass ?? "",
        shippingClassId:
          input.shipping_class === undefined
            ? (current?.shippingClassId ?? null)
            : await shippingClassIdOf(tx, input.shipping_class),
        regularPrice: input.regular_price ?? current?.regularPrice ?? 0,
        salePrice: input.sale_price === undefined ? (current?.salePrice ?? null) : input.sale_price,
        ...stock,
        virtual: input.virtual ?? current?.virtual ?? false,
        downloadable: input.downloadable ?? current?.downloadable ?? false,
        externalUrl: input.external_url === undefined ? (current?.externalUrl ?? null) : input.external_url,
        updatedAt: new Date(),
      };
      if (values.dateOnSaleFrom && values.dateOnSaleTo && values.dateOnSaleFrom > values.dateOnSaleTo)
        throw new AdminInputError(
          "product_invalid_sale_dates",
          "The sale ends before it starts.",
          "date_on_sale_to",
        );
      if (values.salePrice !== null && values.salePrice >= values.regularPrice) {
        throw new AdminInputError(
          "product_sale_price_too_high",
          "The sale price must be lower than the price.",
          "sale_price",
        );
      }
      let productId: number;
      if (id === null) {
        const [inserted] = await tx.insert(products).values(values).returning({ id: products.id });
        productId = inserted!.id;
      } else {
        await tx.update(products).set(values).where(eq(products.id, id));
        productId = id;
      }
      await writeTexts(tx, productId, textsWithButton(input));
      await writeProductLinks(tx, productId, type, input);
      if (input.tags) await writeProductTags(tx, productId, input.tags);
      await keepExternalLink(tx, productId, type, values.externalUrl);
      if (input.categories) {
        await tx.delete(productCategories).where(eq(productCategories.productId, productId));
        const unique = [...new Set(input.categories)];
        if (unique.length > 0)
          await tx.insert(productCategories).values(unique.map((categoryId) => ({ productId, categoryId })));
      }
      if (input.images) {
        await tx.delete(productImages).where(eq(productImages.productId, productId));
        const unique = [...new Set(input.images)];
        if (unique.length > 0)
          await tx
            .insert(productImages)
            .values(unique.map((mediaId, position) => ({ productId, mediaId, position })));
      }
      if (input.downloads) await writeDownloads(tx, productId, null, input.downloads);
      const offered = input.attributes ? await writeProductAttributes(tx, productId, input.attributes) : null;
      if (type === "variable") {
        if (input.variations) await writeVariations(tx, productId, input.variations, offered!);
        await deriveFromVariations(tx, productId);
      } else if (current?.type === "variable") {
        // No longer variable (simple, grouped, external): its variations go.
        await tx.delete(variations).where(eq(variations.productId, productId));
      }
      await checkSkusAcross(tx, input);
      return productId;
    });
  } catch (error) {
    const refusal = databaseRefusal(error);
    const constraint = refusal?.code === UNIQUE_VIOLATION ? (refusal.constraint ?? "") : null;
    if (constraint?.includes("slug"))
      throw new AdminInputError("product_slug_taken", "Another product has this address.", "slug");
    if (constraint?.includes("sku"))
      throw new AdminInputError("product_invalid_sku", "Invalid or duplicated SKU.", "sku");
    throw error;
  }
}

/** The advisory locks' first key for SKUs (the second is the SKU's hash). */
const SKU_LOCK = 7261004;

/**
 * A SKU names one product or variation in the whole catalogue, as WooCommerce's unique SKU check:
 * the unique indexes hold within products and within variations, this between them, for the SKUs a
 * save sets (a clash already stored does not stop other changes). Each SKU's lock, held to the
 * commit, makes saves naming one SKU check one after the other.
 */
async function checkSkusAcross(tx: Transaction, input: ProductInput): Promise<void> {
  const own = input.sku?.trim() || null;
  const ofVariations = (input.variations ?? []).flatMap((variation) => variation.sku?.trim() || []);
  const skus = [...new Set([...(own ? [own] : []), ...ofVariations])].sort();
  // In one order, so that two saves never wait for each other's locks.
  for (const sku of skus) await tx.execute(sql`select pg_advisory_xact_lock(${SKU_LOCK}, hashtext(${sku}))`);
  if (own) {
    const [variation] = await tx
      .select({ id: variations.id })
      .from(variations)
      .where(eq(variations.sku, own))
      .limit(1);
    if (variation) throw new AdminInputError("product_invalid_sku", "Invalid or duplicated SKU.", "sku");
  }
  if (ofVariations.length > 0) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.sku, ofVariations))
      .limit(1);
    if (product) throw new AdminInputError("product_invalid_sku", "Invalid or duplicated SKU.", "variations");
  }
}

/**
 * Stock as the save leaves it: a count given, or backorders given for a counted stock, decide the
 * state (`stockStatusFor`, as WooCommerce's save; decision 0080); otherwise the state given (or
 * kept), so one set by hand stays.
 */
function stockOf(
  input: Pick<ProductInput, "stock_quantity" | "stock_status" | "backorders">,
  current: { stockQuantity: number | null; stockStatus: StockStatus } | null | undefined,
  backorders: Backorders,
): { stockQuantity: number | null; stockStatus: StockStatus } {
  const stockQuantity =
    input.stock_quantity === undefined ? (current?.stockQuantity ?? null) : input.stock_quantity;
  // Only orders on backorder take a stock below zero; the database holds that too.
  if (stockQuantity !== null && stockQuantity < 0 && backorders === "no")
    throw new AdminInputError(
      "product_negative_stock",
      "A stock below zero needs backorders allowed.",
      "stock_quantity",
    );
  const given = input.stock_status ?? current?.stockStatus ?? "instock";
  if (input.stock_quantity === undefined && input.backorders === undefined)
    return { stockQuantity, stockStatus: given };
  return { stockQuantity, stockStatus: stockStatusFor(stockQuantity, backorders, given) };
}

/** Categories and pictures a save names must exist (attributes: `writeProductAttributes`). */
async function checkReferences(tx: Transaction, input: ProductInput): Promise<void> {
  const missing = async (
    ids: number[],
    table: typeof categories | typeof media,
    param: string,
    what: string,
  ) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, unique));
    if (found.length !== unique.length)
      throw new AdminInputError("product_unknown_reference", `Unknown ${what}.`, param);
  };
  await missing(input.categories ?? [], categories, "categories", "category");
  await missing(
    [
      ...(input.images ?? []),
      ...(input.variations ?? []).flatMap((variation) => (variation.image_id ? [variation.image_id] : [])),
    ],
    media,
    "images",
    "picture",
  );
  const classes = new Set([
    ...(input.tax_class === undefined ? [] : [input.tax_class]),
    ...(input.variations ?? []).flatMap((variation) =>
      variation.tax_class === undefined || variation.tax_class === "parent" ? [] : [variation.tax_class],
    ),
  ]);
  for (const slug of classes) await checkTaxClass(tx, slug, "tax_class");
  // Variations name the attributes' terms: checked against what the save offers, once written.
  if (input.variations && !input.attributes)
    throw new AdminInputError(
      "product_variation_terms",
      "Variations need the product's attributes.",
      "attributes",
    );
}

/** The slug asked for, else the kept one, else made from the English name (with a number if taken). */
async function slugFor(tx: Transaction, kept: string | null, input: ProductInput): Promise<string> {
  const asked = input.slug?.trim();
  if (asked) {
    if (!isSlug(asked))
      throw new AdminInputError(
        "product_invalid_slug",
        "A slug is lowercase letters, digits and hyphens.",
        "slug",
      );
    return asked;
  }
  if (kept !== null) return kept;
  const base = slugify(input.translations?.[FALLBACK_LOCALE]?.name ?? "") || "product";
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), ilike(products.slug, `${base}-%`)));
  return freeSlug(
    base,
    taken.map((row) => row.slug),
  );
}

/** A slug: lowercase letters and digits in words joined by hyphens. */
export function isSlug(text: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) && text.length <= 200;
}

/** `base`, or `base-2`, `base-3`… when taken. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export { slugify };

/** The texts a save sends, WooCommerce's top-level `button_text` as the English one. */
function textsWithButton(input: ProductInput): ProductInput["translations"] {
  if (input.button_text === undefined) return input.translations;
  const english = input.translations?.[FALLBACK_LOCALE];
  return { ...input.translations, [FALLBACK_LOCALE]: { ...english, button_text: input.button_text } };
}

async function writeTexts(
  tx: Transaction,
  productId: number,
  texts: ProductInput["translations"],
): Promise<void> {
  for (const locale of locales) {
    const given = texts?.[locale];
    if (!given) continue;
    const [existing] = await tx
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
    const next = {
      name: given.name?.trim() ?? existing?.name ?? "",
      shortDescription: given.short_description ?? existing?.shortDescription ?? "",
      description: given.description ?? existing?.description ?? "",
      metaDescription: given.meta_description ?? existing?.metaDescription ?? "",
      buttonText:
        given.button_text === undefined ? (existing?.buttonText ?? null) : given.button_text || null,
    };
    // A language without a name falls back to English on the storefront (translations.server.ts).
    if (!next.name) {
      if (locale === FALLBACK_LOCALE)
        throw new AdminInputError("product_needs_name", "The product needs an English name.", "texts");
      await tx
        .delete(productTranslations)
        .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
      continue;
    }
    await tx
      .insert(productTranslations)
      .values({ productId, locale, ...next })
      .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.locale], set: next });
  }
}

/** Each variation's term of each attribute used for variations; no two variations alike. */
function termsOfVariations(offered: OfferedAttribute[], given: VariationInput[]): Array<Map<number, number>> {
  const combinations = new Set<string>();
  return given.map((variation) => {
    const terms = variationTermsOf(offered, variation.attributes);
    const combination = [...terms].sort(([a], [b]) => a - b).join(";");
    if (combinations.has(combination))
      throw new AdminInputError(
        "product_variation_terms",
        "Two variations have the same terms.",
        "variations",
      );
    combinations.add(combination);
    return terms;
  });
}

async function writeVariations(
  tx: Transaction,
  productId: number,
  given: VariationInput[],
  offered: OfferedAttribute[],
): Promise<void> {
  const termsOf = termsOfVariations(offered, given);
  const kept = given.flatMap((variation) => (variation.id ? [variation.id] : []));
  const existing = await tx
    .select({
      id: variations.id,
      backorders: variations.backorders,
      sku: variations.sku,
      salePrice: variations.salePrice,
      stockQuantity: variations.stockQuantity,
      stockStatus: variations.stockStatus,
      imageId: variations.imageId,
    })
    .from(variations)
    .where(eq(variations.productId, productId));
  const own = new Set(existing.map((row) => row.id));
  const saved = new Map(existing.map((row) => [row.id, row]));
  if (kept.some((variationId) => !own.has(variationId)))
    throw new AdminInputError("product_unknown_reference", "Unknown variation.", "variations");
  await tx
    .delete(variations)
    .where(
      kept.length > 0
        ? and(eq(variations.productId, productId), notInArray(variations.id, kept))
        : eq(variations.productId, productId),
    );
  for (const [menuOrder, variation] of given.entries()) {
    // A field left out keeps a kept variation's value, as WooCommerce's save; a new one has none.
    const before = variation.id ? saved.get(variation.id) : undefined;
    const salePrice = variation.sale_price === undefined ? (before?.salePrice ?? null) : variation.sale_price;
    if (salePrice !== null && salePrice >= variation.regular_price)
      throw new AdminInputError(
        "product_sale_price_too_high",
        "The sale price must be lower than the price.",
        "variations",
      );
    const backorders = variation.backorders ?? before?.backorders ?? "no";
    const values = {
      productId,
      sku: variation.sku === undefined ? (before?.sku ?? null) : variation.sku?.trim() || null,
      regularPrice: variation.regular_price,
      salePrice,
      // A count given (null: not counted) sets the state as before; left out, count and state stay.
      ...stockOf(variation, variation.stock_quantity === undefined ? before : null, backorders),
      backorders,
      imageId: variation.image_id === undefined ? (before?.imageId ?? null) : variation.image_id,
      menuOrder,
      ...variationSaleDays(variation),
      ...(variation.download_limit === undefined ? {} : { downloadLimit: variation.download_limit }),
      ...(variation.download_expiry === undefined ? {} : { downloadExpiry: variation.download_expiry }),
      ...(variation.virtual === undefined ? {} : { virtual: variation.virtual }),
      ...(variation.downloadable === undefined ? {} : { downloadable: variation.downloadable }),
      // Left out, a kept variation keeps its class and a new one takes the product's ("parent").
      ...(variation.tax_class === undefined ? {} : { taxClass: variation.tax_class }),
      ...(variation.shipping_class === undefined
        ? {}
        : { shippingClassId: await shippingClassIdOf(tx, variation.shipping_class) }),
    };
    let variationId: number;
    if (variation.id) {
      await tx.update(variations).set(values).where(eq(variations.id, variation.id));
      variationId = variation.id;
      await tx.delete(variationAttributes).where(eq(variationAttributes.variationId, variationId));
    } else {
      const [inserted] = await tx.insert(variations).values(values).returning({ id: variations.id });
      variationId = inserted!.id;
    }
    if (variation.downloads) await writeDownloads(tx, productId, variationId, variation.downloads);
    const terms = [...termsOf[menuOrder]!];
    if (terms.length > 0)
      await tx
        .insert(variationAttributes)
        .values(terms.map(([attributeId, termId]) => ({ variationId, attributeId, termId })));
  }
  // A side left out was kept: the days as saved decide whether a sale ends before it starts.
  const [backwards] = await tx
    .select({ id: variations.id })
    .from(variations)
    .where(
      and(
        eq(variations.productId, productId),
        sql`${variations.dateOnSaleFrom} > ${variations.dateOnSaleTo}`,
      ),
    )
    .limit(1);
  if (backwards)
    throw new AdminInputError(
      "product_invalid_sale_dates",
      "A variation's sale ends before it starts.",
      "variations",
    );
}

/**
 * A variable product's own price and stock are its variations' (schema: the lowest variation's
 * price): in stock when one is, else on backorder when one is, else out of stock.
 */
async function deriveFromVariations(tx: Transaction, productId: number): Promise<void> {
  const rows = await tx.select().from(variations).where(eq(variations.productId, productId));
  const effective = (row: (typeof rows)[number]) => row.salePrice ?? row.regularPrice;
  const cheapest = rows.reduce<(typeof rows)[number] | undefined>(
    (best, row) => (best === undefined || effective(row) < effective(best) ? row : best),
    undefined,
  );
  const states = new Set(rows.map((row) => row.stockStatus));
  await tx
    .update(products)
    .set({
      regularPrice: cheapest?.regularPrice ?? 0,
      salePrice: cheapest?.salePrice ?? null,
      stockQuantity: null,
      stockStatus: states.has("instock")
        ? "instock"
        : states.has("onbackorder")
          ? "onbackorder"
          : "outofstock",
    })
    .where(eq(products.id, productId));
}

/** A shipping class's id from its slug ("" none); an unknown slug is refused, naming the field. */
async function shippingClassIdOf(tx: Transaction, slug: string): Promise<number | null> {
  if (slug === "") return null;
  const [found] = await tx
    .select({ id: shippingClasses.id })
    .from(shippingClasses)
    .where(eq(shippingClasses.slug, slug));
  if (!found)
    throw new AdminInputError("rest_invalid_param", "Invalid parameter: shipping_class", "shipping_class");
  return found.id;
}
