import {
  attributes,
  attributeTerms,
  catalogueImportPictures,
  categories,
  categoryTranslations,
  type Database,
  media,
  mediaSizes,
  productAttributeTerms,
  productCategories,
  productDownloads,
  productImages,
  productLinks,
  products,
  productTags,
  productTranslations,
  shippingClasses,
  type Transaction,
  tagTranslations,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { DOWNLOAD_FILE_PATH } from "../../lib/download-resource.ts";
import {
  esAttributeMeta,
  type ProductRef,
  VITRINE_META,
  type WooProductRow,
  type WriteShape,
} from "../../lib/woo-product-csv.ts";
import { absoluteMediaAddress } from "../media/media-address.server.ts";

/**
 * The catalogue as rows of WooCommerce's product CSV (decision 0074): a product's row, then its
 * variations' rows. The export writes them; the import reads the rows of the products a file names
 * and compares, so a file that says what the store already holds changes nothing.
 */

type Reader = Database | Transaction;

/** A row with the ids it stands for. */
export type CatalogueEntry = { productId: number; variationId: number | null; row: WooProductRow };

/** What every batch's rows need and that does not change within an export: categories' paths, classes. */
export type CatalogueLookups = {
  categoryPath: Map<number, string[]>;
  shippingClassName: Map<number, string>;
  origin: string;
};

export async function catalogueLookups(db: Reader, origin: string): Promise<CatalogueLookups> {
  const [rows, classes] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categoryTranslations.name })
      .from(categories)
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, "en")),
      ),
    db.select({ id: shippingClasses.id, name: shippingClasses.name }).from(shippingClasses),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const categoryPath = new Map<number, string[]>();
  for (const row of rows) {
    const path: string[] = [];
    const seen = new Set<number>();
    for (let at: typeof row | undefined = row; at && !seen.has(at.id); at = byId.get(at.parentId ?? -1)) {
      seen.add(at.id);
      path.unshift(at.name);
    }
    categoryPath.set(row.id, path);
  }
  return {
    categoryPath,
    shippingClassName: new Map(classes.map((shippingClass) => [shippingClass.id, shippingClass.name])),
    origin,
  };
}

/** The public address of each picture's largest JPEG rendition (what WooCommerce calls "full"). */
export async function pictureUrls(db: Reader, ids: number[], origin: string): Promise<Map<number, string>> {
  const urls = new Map<number, string>();
  if (ids.length === 0) return urls;
  const rows = await db
    .select({ mediaId: mediaSizes.mediaId, path: mediaSizes.path })
    .from(mediaSizes)
    .where(and(inArray(mediaSizes.mediaId, [...new Set(ids)]), eq(mediaSizes.format, "jpeg")))
    .orderBy(asc(mediaSizes.mediaId), desc(mediaSizes.width));
  for (const row of rows)
    if (!urls.has(row.mediaId)) urls.set(row.mediaId, absoluteMediaAddress(row.path, origin));
  return urls;
}

/** Product ids in id order after `afterId`, `limit` at most (the export's pages). */
export async function productIdsAfter(db: Reader, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

const refOf = (row: { id: number; sku: string | null }): ProductRef =>
  row.sku ? { sku: row.sku } : { id: row.id };

/** The rows of these products (each followed by its variations), in the order of `ids`. */
export async function catalogueRows(
  db: Reader,
  ids: number[],
  lookups: CatalogueLookups,
): Promise<CatalogueEntry[]> {
  if (ids.length === 0) return [];
  const [
    productRows,
    texts,
    categoryRows,
    tagRows,
    imageRows,
    attributeRows,
    variationRows,
    variationTermRows,
    linkRows,
    pendingRows,
    downloadRows,
  ] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    db.select().from(productTranslations).where(inArray(productTranslations.productId, ids)),
    db
      .select()
      .from(productCategories)
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.categoryId)),
    db
      .select({ productId: productTags.productId, name: tagTranslations.name })
      .from(productTags)
      .innerJoin(
        tagTranslations,
        and(eq(tagTranslations.tagId, productTags.tagId), eq(tagTranslations.locale, "en")),
      )
      .where(inArray(productTags.productId, ids))
      .orderBy(asc(tagTranslations.name)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position)),
    db
      .select({
        productId: productAttributeTerms.productId,
        visible: productAttributeTerms.visible,
        attributeId: attributes.id,
        own: attributes.productId,
        attributeLabel: attributes.label,
        termLabel: attributeTerms.label,
        termPosition: attributeTerms.position,
      })
      .from(productAttributeTerms)
      .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
      .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
      .where(inArray(productAttributeTerms.productId, ids))
      .orderBy(asc(attributes.id), asc(attributeTerms.position), asc(attributeTerms.id)),
    db
      .select()
      .from(variations)
      .where(inArray(variations.productId, ids))
      .orderBy(asc(variations.menuOrder), asc(variations.id)),
    db
      .select({
        variationId: variationAttributes.variationId,
        productId: variations.productId,
        attributeId: attributes.id,
        own: attributes.productId,
        attributeLabel: attributes.label,
        termLabel: attributeTerms.label,
      })
      .from(variationAttributes)
      .innerJoin(variations, eq(variations.id, variationAttributes.variationId))
      .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
      .innerJoin(attributeTerms, eq(attributeTerms.id, variationAttributes.termId))
      .where(inArray(variations.productId, ids))
      .orderBy(asc(attributes.id)),
    db
      .select({
        productId: productLinks.productId,
        kind: productLinks.kind,
        id: products.id,
        sku: products.sku,
      })
      .from(productLinks)
      .innerJoin(products, eq(products.id, productLinks.linkedProductId))
      .where(inArray(productLinks.productId, ids))
      .orderBy(asc(productLinks.position), asc(products.id)),
    db
      .select()
      .from(catalogueImportPictures)
      .where(
        and(
          inArray(catalogueImportPictures.productId, ids),
          inArray(catalogueImportPictures.state, ["pending", "failed"]),
        ),
      )
      .orderBy(asc(catalogueImportPictures.position)),
    db
      .select({
        productId: productDownloads.productId,
        variationId: productDownloads.variationId,
        downloadId: productDownloads.downloadId,
        name: productDownloads.name,
        mediaId: productDownloads.mediaId,
        filename: media.filename,
        originalPath: media.originalPath,
      })
      .from(productDownloads)
      .innerJoin(media, eq(media.id, productDownloads.mediaId))
      .where(inArray(productDownloads.productId, ids))
      .orderBy(asc(productDownloads.position), asc(productDownloads.id)),
  ]);
  // A stored file by its staff-only address on the public URL; one still to fetch by the address it came from.
  const downloadsOf = (productId: number, variationId: number | null) =>
    downloadRows
      .filter((row) => row.productId === productId && row.variationId === variationId)
      .map((row) => ({
        id: row.downloadId,
        name: row.name,
        url: pendingDownloadUrl(row) ?? `${lookups.origin}${DOWNLOAD_FILE_PATH}${row.mediaId}`,
      }));
  const urls = await pictureUrls(
    db,
    [
      ...imageRows.map((image) => image.mediaId),
      ...variationRows.flatMap((v) => (v.imageId ? [v.imageId] : [])),
    ],
    lookups.origin,
  );
  const byProduct = new Map(productRows.map((row) => [row.id, row]));
  const entries: CatalogueEntry[] = [];
  for (const id of ids) {
    const product = byProduct.get(id);
    if (!product) continue;
    const en = texts.find((text) => text.productId === id && text.locale === "en");
    const es = texts.find((text) => text.productId === id && text.locale === "es");
    const meta: Record<string, string> = {
      [VITRINE_META.slug]: product.slug,
      [VITRINE_META.metaDescription]: en?.metaDescription ?? "",
      [VITRINE_META.esName]: es?.name ?? "",
      [VITRINE_META.esShortDescription]: es?.shortDescription ?? "",
      [VITRINE_META.esDescription]: es?.description ?? "",
      [VITRINE_META.esMetaDescription]: es?.metaDescription ?? "",
      [VITRINE_META.esButtonText]: es?.buttonText ?? "",
    };
    const own = attributeRows.filter((row) => row.productId === id);
    const attributeIds = [...new Set(own.map((row) => row.attributeId))];
    const productAttributes = attributeIds.map((attributeId, index) => {
      const terms = own.filter((row) => row.attributeId === attributeId);
      const first = terms[0]!;
      if (first.own !== null) {
        const names = esAttributeMeta(index + 1);
        meta[names.name] = first.attributeLabel.es ?? "";
        const esValues = terms.map((term) => term.termLabel.es ?? "");
        meta[names.values] = esValues.some((value) => value !== "")
          ? esValues.map((v) => v.replaceAll(",", "\\,")).join(", ")
          : "";
      }
      const values = terms.map((term) => term.termLabel.en ?? "");
      return {
        name: first.attributeLabel.en ?? "",
        // A global attribute's values by name, as WooCommerce lists a taxonomy's terms; an own one's in its order.
        values: first.own === null ? byName(values) : values,
        visible: terms.some((term) => term.visible),
        global: first.own === null,
      };
    });
    const links = (kind: "grouped" | "upsell" | "cross_sell") =>
      linkRows.filter((link) => link.productId === id && link.kind === kind).map(refOf);
    const pending = pendingRows
      .filter((row) => row.productId === id && row.variationId === 0)
      .map((row) => row.url);
    const isVariable = product.type === "variable";
    entries.push({
      productId: id,
      variationId: null,
      row: {
        id,
        type: product.type,
        virtual: product.virtual,
        downloadable: product.downloadable,
        sku: product.sku,
        gtin: product.gtin,
        name: en?.name ?? "",
        published: product.status,
        featured: product.featured,
        catalogVisibility: product.catalogVisibility,
        shortDescription: en?.shortDescription ?? "",
        description: en?.description ?? "",
        saleFrom: isVariable ? null : product.dateOnSaleFrom,
        saleTo: isVariable ? null : product.dateOnSaleTo,
        taxStatus: product.taxStatus,
        taxClass: product.taxClass,
        stockStatus: product.stockStatus,
        // A variable product's price and stock are its variations' (decision 0033): WooCommerce writes none.
        stock: isVariable ? null : product.stockQuantity,
        lowStockAmount: product.stockQuantity === null ? null : product.lowStockThreshold,
        backorders: product.backorders,
        reviewsAllowed: product.reviewsAllowed,
        salePrice: isVariable ? null : product.salePrice,
        regularPrice: isVariable || product.type === "grouped" ? null : product.regularPrice,
        categories: categoryRows
          .filter((row) => row.productId === id)
          .flatMap((row) => {
            const path = lookups.categoryPath.get(row.categoryId);
            return path ? [path] : [];
          }),
        tags: tagRows.filter((row) => row.productId === id).map((row) => row.name),
        shippingClass: product.shippingClassId
          ? (lookups.shippingClassName.get(product.shippingClassId) ?? "")
          : "",
        images: [
          ...imageRows.filter((row) => row.productId === id).flatMap((row) => urls.get(row.mediaId) ?? []),
          ...pending,
        ],
        parent: null,
        grouped: links("grouped"),
        upsells: links("upsell"),
        crossSells: links("cross_sell"),
        externalUrl: product.externalUrl,
        buttonText: en?.buttonText ?? null,
        position: product.menuOrder,
        attributes: productAttributes,
        downloads: downloadsOf(id, null),
        downloadLimit: product.downloadLimit,
        downloadExpiry: product.downloadExpiry,
        meta,
      },
    });
    for (const variation of variationRows.filter((row) => row.productId === id)) {
      const terms = variationTermRows.filter((row) => row.variationId === variation.id);
      const pendingImage = pendingRows.find((row) => row.variationId === variation.id)?.url;
      const image = variation.imageId ? urls.get(variation.imageId) : pendingImage;
      entries.push({
        productId: id,
        variationId: variation.id,
        row: {
          id: variation.id,
          type: "variation",
          virtual: variation.virtual,
          downloadable: variation.downloadable,
          sku: variation.sku,
          name: [en?.name ?? "", terms.map((term) => term.termLabel.en ?? "").join(", ")].join(" - "),
          published: "publish",
          saleFrom: variation.dateOnSaleFrom,
          saleTo: variation.dateOnSaleTo,
          taxClass: variation.taxClass,
          stockStatus: variation.stockStatus,
          stock: variation.stockQuantity,
          backorders: variation.backorders,
          salePrice: variation.salePrice,
          regularPrice: variation.regularPrice,
          shippingClass: variation.shippingClassId
            ? (lookups.shippingClassName.get(variation.shippingClassId) ?? "")
            : "",
          images: image ? [image] : [],
          parent: refOf(product),
          position: variation.menuOrder,
          attributes: terms.map((term) => ({
            name: term.attributeLabel.en ?? "",
            values: [term.termLabel.en ?? ""],
            visible: null,
            global: term.own === null,
          })),
          downloads: downloadsOf(id, variation.id),
          downloadLimit: variation.downloadLimit,
          downloadExpiry: variation.downloadExpiry,
        },
      });
    }
  }
  return entries;
}

/**
 * A download whose file is still to be fetched (decision 0074): a file row with no original, whose
 * name is the address the file came from. Null for a stored file.
 */
export function pendingDownloadUrl(file: { originalPath: string | null; filename: string }): string | null {
  return file.originalPath === null && /^https?:\/\//i.test(file.filename) ? file.filename : null;
}

/** The numbered and meta columns a file of these rows needs. */
export function shapeOf(rows: Iterable<WooProductRow>, shape: WriteShape): WriteShape {
  let attributeCount = shape.attributes;
  let downloadCount = shape.downloads;
  const meta = new Set(shape.meta);
  for (const row of rows) {
    attributeCount = Math.max(attributeCount, row.attributes?.length ?? 0);
    downloadCount = Math.max(downloadCount, row.downloads?.length ?? 0);
    for (const key of Object.keys(row.meta ?? {})) meta.add(key);
  }
  return { attributes: attributeCount, downloads: downloadCount, meta: [...meta] };
}

/** Names in a fixed order whatever the store's term positions: both stores of a round trip write the same. */
export function byName(values: string[]): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
