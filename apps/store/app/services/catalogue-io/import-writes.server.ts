import { randomUUID } from "node:crypto";
import {
  attributes,
  attributeTerms,
  catalogueImportFiles,
  catalogueImportPictures,
  categories,
  categoryTranslations,
  media,
  mediaSizes,
  productAttributeTerms,
  productCategories,
  productDownloads,
  productImages,
  products,
  productTags,
  productTranslations,
  shippingClasses,
  type Transaction,
  tags,
  tagTranslations,
  taxClasses,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { DOWNLOAD_FILE_PATH, storedFileId } from "../../lib/download-resource.ts";
import {
  type CsvDownload,
  esAttributeMeta,
  splitList,
  VITRINE_META,
  type WooProductRow,
} from "../../lib/woo-product-csv.ts";
import { freeSlug, isSlug } from "../catalogue/products-admin.server.ts";
import { mediaKeyOf } from "../media/media-address.server.ts";
import { slugify } from "../shared/slugs.server.ts";
import { byName } from "./catalogue-rows.server.ts";
import { insertRows } from "./json-rows.server.ts";

const LOW_STOCK_DEFAULT = products.lowStockThreshold.default as number;
/** The most a price's integer column holds, in cents (PostgreSQL's `integer`). */
const MAX_CENTS = 2_147_483_647;

/**
 * The import's writes (decision 0074): names resolved to the store's rows (categories by path,
 * tags, shipping and tax classes, global attributes and their terms, pictures), created when
 * missing, and a product's or variation's rows written as the product save writes them.
 */

const slugOf = (text: string, fallback: string) => slugify(text) || fallback;

/** The store's names, read once per job and kept as the job creates more. */
export class ImportNames {
  categoryIdByPath = new Map<string, number>();
  categoryNamesByPath = new Map<string, string[]>();
  tagIdBySlug = new Map<string, { id: number; name: string }>();
  tagByName = new Map<string, { id: number; name: string }>();
  shippingClassByKey = new Map<string, { id: number; name: string }>();
  taxClasses = new Set<string>([""]);
  globalAttributes = new Map<
    string,
    { id: number; label: string; terms: Map<string, { id: number; label: string }> }
  >();
  slugs = new Set<string>();

  static async load(tx: Transaction): Promise<ImportNames> {
    const names = new ImportNames();
    const [categoryRows, tagRows, classRows, taxRows, attributeRows, termRows, slugRows] = await Promise.all([
      tx
        .select({ id: categories.id, parentId: categories.parentId, name: categoryTranslations.name })
        .from(categories)
        .innerJoin(
          categoryTranslations,
          and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, "en")),
        ),
      tx
        .select({ id: tags.id, slug: tags.slug, name: tagTranslations.name })
        .from(tags)
        .innerJoin(
          tagTranslations,
          and(eq(tagTranslations.tagId, tags.id), eq(tagTranslations.locale, "en")),
        ),
      tx.select().from(shippingClasses),
      tx.select({ slug: taxClasses.slug }).from(taxClasses),
      tx.select().from(attributes).where(isNull(attributes.productId)),
      tx
        .select({
          id: attributeTerms.id,
          attributeId: attributeTerms.attributeId,
          label: attributeTerms.label,
        })
        .from(attributeTerms)
        .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
        .where(isNull(attributes.productId)),
      tx.select({ slug: products.slug }).from(products),
    ]);
    const byId = new Map(categoryRows.map((row) => [row.id, row]));
    for (const row of categoryRows) {
      const path: string[] = [];
      for (let at: typeof row | undefined = row; at && path.length < 50; at = byId.get(at.parentId ?? -1))
        path.unshift(at.name);
      names.categoryIdByPath.set(pathKey(path), row.id);
      names.categoryNamesByPath.set(pathKey(path), path);
    }
    for (const row of tagRows) {
      names.tagIdBySlug.set(row.slug, { id: row.id, name: row.name });
      names.tagByName.set(row.name.toLowerCase(), { id: row.id, name: row.name });
    }
    for (const row of classRows) {
      names.shippingClassByKey.set(row.name.toLowerCase(), row);
      names.shippingClassByKey.set(row.slug, row);
    }
    for (const row of taxRows) names.taxClasses.add(row.slug);
    for (const row of attributeRows) {
      const label = row.label.en ?? row.slug;
      const entry = { id: row.id, label, terms: new Map<string, { id: number; label: string }>() };
      names.globalAttributes.set(label.toLowerCase(), entry);
      names.globalAttributes.set(row.slug, entry);
    }
    const attributeById = new Map([...names.globalAttributes.values()].map((entry) => [entry.id, entry]));
    for (const term of termRows) {
      const label = term.label.en ?? "";
      attributeById.get(term.attributeId)?.terms.set(label.toLowerCase(), { id: term.id, label });
    }
    for (const row of slugRows) names.slugs.add(row.slug);
    return names;
  }

  /** A path as the store names it (matched by slug, level by level), or as given when new. */
  canonicalPath(path: string[]): string[] {
    const out: string[] = [];
    for (const part of path) {
      const found = this.findCategory([...out, part]);
      out.push(found ?? part);
    }
    return out;
  }

  private findCategory(path: string[]): string | undefined {
    const exact = this.categoryNamesByPath.get(pathKey(path));
    if (exact) return exact[exact.length - 1];
    const wanted = path.map((part) => slugOf(part, part)).join(">");
    for (const [key, names] of this.categoryNamesByPath)
      if (
        names.length === path.length &&
        key
          .split("\u0001")
          .map((part) => slugOf(part, part))
          .join(">") === wanted
      )
        return names[names.length - 1];
    return undefined;
  }

  canonicalTag(name: string): string {
    return this.tag(name)?.name ?? name;
  }

  /**
   * The store's tag of this name (as WooCommerce finds a tag by its name), else of its slug; a name
   * without a slug (Cyrillic, Greek, symbols) is matched by name only, or every such tag would be one.
   */
  tag(name: string): { id: number; name: string } | undefined {
    const slug = slugify(name);
    return this.tagByName.get(name.toLowerCase()) ?? (slug ? this.tagIdBySlug.get(slug) : undefined);
  }

  shippingClass(name: string): { id: number; name: string } | undefined {
    return this.shippingClassByKey.get(name.toLowerCase()) ?? this.shippingClassByKey.get(slugOf(name, name));
  }

  globalAttribute(name: string) {
    return this.globalAttributes.get(name.toLowerCase()) ?? this.globalAttributes.get(slugOf(name, name));
  }
}

const pathKey = (path: string[]) => path.join("\u0001");

/** A row's names as the store spells them, so a file that differs only in case changes nothing. */
export function canonicalise(row: WooProductRow, names: ImportNames): WooProductRow {
  const out = { ...row };
  if (out.categories) out.categories = out.categories.map((path) => names.canonicalPath(path));
  if (out.tags) out.tags = out.tags.map((tag) => names.canonicalTag(tag));
  if (out.shippingClass)
    out.shippingClass = names.shippingClass(out.shippingClass)?.name ?? out.shippingClass;
  if (out.attributes)
    out.attributes = out.attributes.map((attribute) => {
      const global = attribute.global ? names.globalAttribute(attribute.name) : undefined;
      if (!global) return attribute;
      return {
        ...attribute,
        name: global.label,
        values: byName(
          attribute.values.map((value) => global.terms.get(value.toLowerCase())?.label ?? value),
        ),
      };
    });
  return out;
}

/** The problems a desired row has against the store's rules, by column. */
export function ruleProblems(
  row: WooProductRow,
  names: ImportNames,
): Array<{ column: string; code: string; message: string }> {
  const problems: Array<{ column: string; code: string; message: string }> = [];
  // Prices are kept in cents in integer columns: a file's price of nine digits (a car in Colombian
  // or Paraguayan pesos) would fail the batch's insert and stop the whole import, so it is this row's problem.
  for (const [column, cents] of [
    ["Regular price", row.regularPrice],
    ["Sale price", row.salePrice],
  ] as const)
    if (cents !== null && cents !== undefined && cents > MAX_CENTS)
      problems.push({
        column,
        code: "bad_price",
        message: `The store keeps prices up to ${MAX_CENTS / 100}.`,
      });
  if (row.salePrice !== null && row.salePrice !== undefined && row.salePrice >= (row.regularPrice ?? 0))
    problems.push({
      column: "Sale price",
      code: "bad_price",
      message: "The sale price must be lower than the regular price.",
    });
  if (row.taxClass && row.taxClass !== "parent" && !names.taxClasses.has(row.taxClass))
    problems.push({
      column: "Tax class",
      code: "bad_value",
      message: `There is no tax class ${row.taxClass}.`,
    });
  if (row.taxClass === "parent" && row.type !== "variation")
    problems.push({
      column: "Tax class",
      code: "bad_value",
      message: "Only a variation takes its parent's tax class.",
    });
  if (row.shippingClass && !names.shippingClass(row.shippingClass))
    problems.push({
      column: "Shipping class",
      code: "bad_value",
      message: `There is no shipping class ${row.shippingClass}.`,
    });
  if (row.type === "external" && !row.externalUrl)
    problems.push({
      column: "External URL",
      code: "bad_value",
      message: "An external product needs its address.",
    });
  const slug = row.meta?.[VITRINE_META.slug];
  if (slug && !isSlug(slug))
    problems.push({
      column: `Meta: ${VITRINE_META.slug}`,
      code: "bad_value",
      message: "A slug is lowercase letters, digits and hyphens.",
    });
  if (row.saleFrom && row.saleTo && row.saleFrom > row.saleTo)
    problems.push({
      column: "Date sale price ends",
      code: "bad_date",
      message: "The sale ends before it starts.",
    });
  return problems;
}

/** Category ids of these paths, creating what is missing (parents first). */
async function categoryIds(tx: Transaction, names: ImportNames, paths: string[][]): Promise<number[]> {
  const ids: number[] = [];
  // As the store spells it now: a category an earlier row of the batch made is found, not made twice.
  for (const path of paths.map((given) => names.canonicalPath(given))) {
    let parentId: number | null = null;
    for (let depth = 1; depth <= path.length; depth++) {
      const key = pathKey(path.slice(0, depth));
      let id = names.categoryIdByPath.get(key);
      if (id === undefined) {
        const name = path[depth - 1]!;
        const base = slugOf(name, "category");
        const taken = await tx
          .select({ slug: categories.slug })
          .from(categories)
          .where(sql`${categories.slug} like ${`${base}%`}`);
        const [created]: Array<{ id: number }> = await tx
          .insert(categories)
          .values({
            slug: freeSlug(
              base,
              taken.map((row) => row.slug),
            ),
            parentId,
          })
          .returning({ id: categories.id });
        id = created!.id;
        await tx.insert(categoryTranslations).values({ categoryId: id, locale: "en", name });
        names.categoryIdByPath.set(key, id);
        names.categoryNamesByPath.set(key, path.slice(0, depth));
      }
      parentId = id;
    }
    if (parentId !== null) ids.push(parentId);
  }
  return [...new Set(ids)];
}

async function tagIds(tx: Transaction, names: ImportNames, given: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of given) {
    let tag = names.tag(name);
    if (!tag) {
      // A name with no slug of its own (every Cyrillic or Greek tag falls back to "tag") gets a free one.
      const slug = freeSlugIn(slugOf(name, "tag"), names.tagIdBySlug);
      const [created] = await tx.insert(tags).values({ slug }).returning({ id: tags.id });
      await tx.insert(tagTranslations).values({ tagId: created!.id, locale: "en", name });
      tag = { id: created!.id, name };
      names.tagIdBySlug.set(slug, tag);
      names.tagByName.set(name.toLowerCase(), tag);
    }
    ids.push(tag.id);
  }
  return [...new Set(ids)];
}

/** The store's own pictures by their public address; others are left to the picture fetcher. */
export async function ownPictures(
  tx: Transaction,
  urls: string[],
  origin: string,
): Promise<Map<string, number>> {
  const keyed = urls.flatMap((url) => {
    const key = mediaKeyOf(url, origin);
    return key === null ? [] : [{ url, key }];
  });
  if (keyed.length === 0) return new Map();
  const rows = await tx
    .select({ mediaId: mediaSizes.mediaId, path: mediaSizes.path })
    .from(mediaSizes)
    .where(inArray(mediaSizes.path, [...new Set(keyed.map((found) => found.key))]));
  const byKey = new Map(rows.map((row) => [row.path, row.mediaId]));
  return new Map(keyed.flatMap(({ url, key }) => (byKey.has(key) ? [[url, byKey.get(key)!] as const] : [])));
}

export type WriteContext = { tx: Transaction; names: ImportNames; origin: string; jobId: number | null };

/** A product's row to write: `productId` null creates it; `changed` names the parts that differ. */
export type ProductWrite = { productId: number | null; row: WooProductRow; changed: ReadonlySet<string> };

/** A variation's row to write, with the parent's terms it names. */
export type VariationWrite = {
  parentId: number;
  variationId: number | null;
  row: WooProductRow;
  terms: Array<{ attributeId: number; termId: number }>;
  changed: ReadonlySet<string>;
};

/** `n` new ids of a table's serial column, taken before the insert so each row knows its id. */
async function nextIds(tx: Transaction, table: "products" | "variations", n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${n}::int)`);
  return rows.map((row) => row.id);
}

/** The first of base, base-2, base-3 … that no product has. */
function freeSlugIn(base: string, taken: { has(slug: string): boolean }): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * A batch's products written in a few statements whatever its size (decision 0074): the new ones
 * in one insert (their ids taken first), the changed ones in one update from a JSON list, then
 * each kind of part (texts, categories, tags, pictures, attributes) deleted and inserted for the
 * whole batch at once, only for the products whose part changed. Answers the ids in order.
 */
export async function writeProducts(context: WriteContext, writes: ProductWrite[]): Promise<number[]> {
  const { tx, names } = context;
  if (writes.length === 0) return [];
  const freshIds = await nextIds(tx, "products", writes.filter((write) => write.productId === null).length);
  let fresh = 0;
  const items = writes.map((write) => {
    const creating = write.productId === null;
    const id = creating ? freshIds[fresh++]! : write.productId!;
    const { row, changed } = write;
    const wantedSlug = row.meta?.[VITRINE_META.slug] || "";
    let slug: string | null = null;
    if (creating || (wantedSlug && changed.has(`meta:${VITRINE_META.slug}`))) {
      slug =
        wantedSlug && !names.slugs.has(wantedSlug)
          ? wantedSlug
          : freeSlugIn(slugOf(wantedSlug || row.name || "", "product"), names.slugs);
      names.slugs.add(slug);
    }
    const has = (field: string) => creating || changed.has(field);
    return { id, creating, row, changed, slug, has };
  });

  const scalars = (item: (typeof items)[number]) => {
    const { row } = item;
    const kind = row.type === "variation" ? "simple" : (row.type ?? "simple");
    return {
      kind,
      values: {
        type: kind,
        status: row.published ?? "publish",
        sku: row.sku ?? null,
        gtin: row.gtin ?? null,
        featured: row.featured ?? false,
        catalogVisibility: row.catalogVisibility ?? "visible",
        virtual: row.virtual ?? false,
        downloadable: row.downloadable ?? false,
        dateOnSaleFrom: row.saleFrom ?? null,
        dateOnSaleTo: row.saleTo ?? null,
        taxStatus: row.taxStatus ?? "taxable",
        taxClass: row.taxClass ?? "",
        shippingClassId: row.shippingClass ? (names.shippingClass(row.shippingClass)?.id ?? null) : null,
        backorders: row.backorders ?? "no",
        reviewsAllowed: row.reviewsAllowed ?? true,
        externalUrl: row.externalUrl ?? null,
        menuOrder: row.position ?? 0,
        downloadLimit: row.downloadLimit ?? -1,
        downloadExpiry: row.downloadExpiry ?? -1,
      },
      // A variable product's price and stock are its variations' (decision 0033): kept as they are.
      ownFigures: kind !== "variable",
      figures: {
        regularPrice: row.regularPrice ?? 0,
        salePrice: row.salePrice ?? null,
        stockQuantity: row.stock ?? null,
        stockStatus: row.stockStatus ?? "instock",
      },
      lowStockThreshold: row.lowStockAmount ?? null,
    };
  };

  await insertRows(
    tx,
    products,
    items
      .filter((item) => item.creating)
      .map((item) => {
        const { values, ownFigures, figures, lowStockThreshold } = scalars(item);
        return {
          id: item.id,
          slug: item.slug!,
          ...values,
          ...(ownFigures
            ? figures
            : { regularPrice: 0, salePrice: null, stockQuantity: null, stockStatus: "instock" as const }),
          lowStockThreshold: (ownFigures ? lowStockThreshold : null) ?? LOW_STOCK_DEFAULT,
        };
      }),
  );
  const updates = items.filter((item) => !item.creating);
  if (updates.length > 0) {
    const list = updates.map((item) => {
      const { values, ownFigures, figures, lowStockThreshold } = scalars(item);
      return {
        id: item.id,
        slug: item.slug,
        ...values,
        ...figures,
        ownFigures,
        lowStockThreshold: ownFigures ? lowStockThreshold : null,
      };
    });
    await tx.execute(sql`
      update products p set
        type = v."type", status = v.status, sku = v.sku, gtin = v.gtin, featured = v.featured,
        catalog_visibility = v."catalogVisibility", virtual = v.virtual, downloadable = v.downloadable,
        date_on_sale_from = v."dateOnSaleFrom", date_on_sale_to = v."dateOnSaleTo",
        tax_status = v."taxStatus", tax_class = v."taxClass", shipping_class_id = v."shippingClassId",
        backorders = v.backorders, reviews_allowed = v."reviewsAllowed", external_url = v."externalUrl",
        menu_order = v."menuOrder", download_limit = v."downloadLimit", download_expiry = v."downloadExpiry",
        regular_price = case when v."ownFigures" then v."regularPrice" else p.regular_price end,
        sale_price = case when v."ownFigures" then v."salePrice" else p.sale_price end,
        stock_quantity = case when v."ownFigures" then v."stockQuantity" else p.stock_quantity end,
        stock_status = case when v."ownFigures" then v."stockStatus" else p.stock_status end,
        low_stock_threshold = coalesce(v."lowStockThreshold", p.low_stock_threshold),
        slug = coalesce(v.slug, p.slug),
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(
        id int, slug text, "type" text, status text, sku text, gtin text, featured boolean,
        "catalogVisibility" text, virtual boolean, downloadable boolean, "dateOnSaleFrom" date,
        "dateOnSaleTo" date, "taxStatus" text, "taxClass" text, "shippingClassId" int, backorders text,
        "reviewsAllowed" boolean, "externalUrl" text, "menuOrder" int, "downloadLimit" int,
        "downloadExpiry" int, "ownFigures" boolean,
        "regularPrice" int, "salePrice" int, "stockQuantity" int, "stockStatus" text,
        "lowStockThreshold" int)
      where p.id = v.id`);
  }

  // Each part: the changed products' rows of it deleted in one statement, then all inserted in one.
  const replacing = (needs: (item: (typeof items)[number]) => boolean) => {
    const chosen = items.filter(needs);
    return { chosen, stale: chosen.filter((item) => !item.creating).map((item) => item.id) };
  };

  const texts = replacing(
    (item) =>
      ["name", "shortDescription", "description", "buttonText"].some(item.has) ||
      [...item.changed].some((field) => field.startsWith("meta:")),
  );
  if (texts.stale.length > 0)
    await tx.delete(productTranslations).where(inArray(productTranslations.productId, texts.stale));
  const textRows = texts.chosen.flatMap(({ id, row }) => {
    const meta = row.meta ?? {};
    const english = {
      productId: id,
      locale: "en",
      name: row.name ?? "",
      shortDescription: row.shortDescription ?? "",
      description: row.description ?? "",
      metaDescription: meta[VITRINE_META.metaDescription] ?? "",
      buttonText: row.buttonText ?? null,
    };
    if (!meta[VITRINE_META.esName]) return [english];
    return [
      english,
      {
        productId: id,
        locale: "es",
        name: meta[VITRINE_META.esName] ?? "",
        shortDescription: meta[VITRINE_META.esShortDescription] ?? "",
        description: meta[VITRINE_META.esDescription] ?? "",
        metaDescription: meta[VITRINE_META.esMetaDescription] ?? "",
        buttonText: meta[VITRINE_META.esButtonText] || null,
      },
    ];
  });
  await insertRows(tx, productTranslations, textRows);

  const filed = replacing((item) => item.has("categories"));
  if (filed.stale.length > 0)
    await tx.delete(productCategories).where(inArray(productCategories.productId, filed.stale));
  const categoryRows: Array<{ productId: number; categoryId: number }> = [];
  for (const item of filed.chosen)
    for (const categoryId of await categoryIds(tx, names, item.row.categories ?? []))
      categoryRows.push({ productId: item.id, categoryId });
  await insertRows(tx, productCategories, categoryRows);

  const tagged = replacing((item) => item.has("tags"));
  if (tagged.stale.length > 0)
    await tx.delete(productTags).where(inArray(productTags.productId, tagged.stale));
  const tagRows: Array<{ productId: number; tagId: number }> = [];
  for (const item of tagged.chosen)
    for (const tagId of await tagIds(tx, names, item.row.tags ?? []))
      tagRows.push({ productId: item.id, tagId });
  await insertRows(tx, productTags, tagRows);

  const pictured = replacing((item) => item.has("images"));
  await writePictures(
    context,
    pictured.chosen.map((item) => ({ productId: item.id, variationId: 0, urls: item.row.images ?? [] })),
    pictured.stale.map((productId) => ({ productId, variationId: 0 })),
  );

  const described = replacing(
    (item) =>
      item.has("attributes") ||
      [...item.changed].some((field) => field.startsWith("meta:_vitrine_es_attribute")),
  );
  await writeAttributes(context, described.chosen, described.stale);

  await writeDownloads(
    context,
    items
      .filter((item) => item.has("downloads"))
      .map((item) => ({
        productId: item.id,
        variationId: null,
        downloads: item.row.downloads ?? [],
        creating: item.creating,
      })),
  );
  return items.map((item) => item.id);
}

/**
 * Pictures of products (variation 0) and variations: the store's own by their media id (a
 * product's gallery, a variation's one picture), the others pending a fetch in their positions.
 * `stale` are the owners whose pictures are replaced.
 */
async function writePictures(
  context: WriteContext,
  owners: Array<{ productId: number; variationId: number; urls: string[] }>,
  stale: Array<{ productId: number; variationId: number }>,
  known?: Map<string, number>,
): Promise<void> {
  const { tx } = context;
  const staleProducts = stale.filter((owner) => owner.variationId === 0).map((owner) => owner.productId);
  if (staleProducts.length > 0)
    await tx.delete(productImages).where(inArray(productImages.productId, staleProducts));
  if (stale.length > 0)
    await tx.execute(sql`
      delete from catalogue_import_pictures c
      using jsonb_to_recordset(${JSON.stringify(stale)}::jsonb) as s("productId" int, "variationId" int)
      where c.product_id = s."productId" and c.variation_id = s."variationId"`);
  const own =
    known ??
    (await ownPictures(
      tx,
      owners.flatMap((owner) => owner.urls),
      context.origin,
    ));
  const gallery = owners.flatMap((owner) =>
    owner.variationId !== 0
      ? []
      : owner.urls.flatMap((url, position) =>
          own.has(url) ? [{ productId: owner.productId, mediaId: own.get(url)!, position }] : [],
        ),
  );
  await insertRows(tx, productImages, gallery, sql`on conflict do nothing`);
  const pending = owners.flatMap((owner) =>
    owner.urls.flatMap((url, position) =>
      own.has(url)
        ? []
        : [
            {
              jobId: context.jobId,
              productId: owner.productId,
              variationId: owner.variationId,
              url,
              position,
            },
          ],
    ),
  );
  await insertRows(tx, catalogueImportPictures, pending);
}

/**
 * Products' attributes: global ones by name (made when missing, as WooCommerce does), their own
 * ones anew; `stale` are the products whose attributes are replaced.
 */
async function writeAttributes(
  context: WriteContext,
  chosen: Array<{ id: number; row: WooProductRow }>,
  stale: number[],
): Promise<void> {
  const { tx, names } = context;
  if (stale.length > 0) {
    await tx.delete(productAttributeTerms).where(inArray(productAttributeTerms.productId, stale));
    await tx.delete(attributes).where(inArray(attributes.productId, stale));
  }
  const offered: Array<{ productId: number; termId: number; visible: boolean; usedForVariations: boolean }> =
    [];
  type OwnAttribute = {
    productId: number;
    slug: string;
    label: Record<string, string>;
    values: Array<{ slug: string; label: Record<string, string>; position: number }>;
    visible: boolean;
    usedForVariations: boolean;
  };
  const ownAttributes = new Map<string, OwnAttribute>();
  for (const { id: productId, row } of chosen) {
    const usedForVariations = row.type === "variable";
    for (const [index, attribute] of (row.attributes ?? []).entries()) {
      const visible = attribute.visible ?? true;
      if (attribute.global) {
        const global = await globalAttribute(tx, names, attribute.name);
        for (const value of attribute.values) {
          const term = await globalTerm(tx, global, value);
          offered.push({ productId, termId: term.id, visible, usedForVariations });
        }
        continue;
      }
      const esNames = esAttributeMeta(index + 1);
      const esName = row.meta?.[esNames.name] ?? "";
      const esValues = splitList(row.meta?.[esNames.values] ?? "");
      const slug = slugOf(attribute.name, `attribute-${index + 1}`);
      // Two of a product's own attributes with one slug: the first is kept, as the unique key keeps it.
      if (ownAttributes.has(`${productId}\u0001${slug}`)) continue;
      const seen = new Set<string>();
      const values = attribute.values.flatMap((value, position) => {
        const valueSlug = slugOf(value, `value-${position + 1}`);
        if (seen.has(valueSlug)) return [];
        seen.add(valueSlug);
        const es = esValues[position];
        const label: Record<string, string> = es ? { en: value, es } : { en: value };
        return [{ slug: valueSlug, label, position }];
      });
      ownAttributes.set(`${productId}\u0001${slug}`, {
        productId,
        slug,
        label: esName ? { en: attribute.name, es: esName } : { en: attribute.name },
        values,
        visible,
        usedForVariations,
      });
    }
  }
  const own = [...ownAttributes.values()];
  if (own.length > 0) {
    const made = await tx
      .insert(attributes)
      .values(own.map(({ productId, slug, label }) => ({ productId, slug, label })))
      .returning({ id: attributes.id, productId: attributes.productId, slug: attributes.slug });
    const idOf = new Map(made.map((row) => [`${row.productId}\u0001${row.slug}`, row.id]));
    const termValues = own.flatMap((attribute) =>
      attribute.values.map((value) => ({
        attributeId: idOf.get(`${attribute.productId}\u0001${attribute.slug}`)!,
        ...value,
      })),
    );
    if (termValues.length > 0) {
      const terms = await tx
        .insert(attributeTerms)
        .values(termValues)
        .returning({ id: attributeTerms.id, attributeId: attributeTerms.attributeId });
      const attributeOf = new Map(
        own.map((attribute) => [idOf.get(`${attribute.productId}\u0001${attribute.slug}`)!, attribute]),
      );
      for (const term of terms) {
        const attribute = attributeOf.get(term.attributeId)!;
        offered.push({
          productId: attribute.productId,
          termId: term.id,
          visible: attribute.visible,
          usedForVariations: attribute.usedForVariations,
        });
      }
    }
  }
  const unique = [...new Map(offered.map((offer) => [`${offer.productId}:${offer.termId}`, offer])).values()];
  await insertRows(tx, productAttributeTerms, unique);
}

type GlobalAttribute = NonNullable<ReturnType<ImportNames["globalAttribute"]>>;

/** A global attribute by name, made when the store has none of that name. */
async function globalAttribute(tx: Transaction, names: ImportNames, name: string): Promise<GlobalAttribute> {
  const known = names.globalAttribute(name);
  if (known) return known;
  const base = slugOf(name, "attribute");
  const [created] = await tx
    .insert(attributes)
    .values({ slug: base, label: { en: name } })
    .onConflictDoNothing()
    .returning({ id: attributes.id });
  const id =
    created?.id ??
    (
      await tx
        .select({ id: attributes.id })
        .from(attributes)
        .where(and(eq(attributes.slug, base), isNull(attributes.productId)))
    )[0]!.id;
  const global = { id, label: name, terms: new Map<string, { id: number; label: string }>() };
  names.globalAttributes.set(name.toLowerCase(), global);
  names.globalAttributes.set(base, global);
  return global;
}

/** A global attribute's term by its label, made when missing. */
async function globalTerm(tx: Transaction, global: GlobalAttribute, value: string) {
  const known = global.terms.get(value.toLowerCase());
  if (known) return known;
  const [created] = await tx
    .insert(attributeTerms)
    .values({
      attributeId: global.id,
      slug: slugOf(value, `value-${global.terms.size + 1}`),
      label: { en: value },
      position: global.terms.size,
    })
    .onConflictDoUpdate({
      target: [attributeTerms.attributeId, attributeTerms.slug],
      set: { attributeId: global.id },
    })
    .returning({ id: attributeTerms.id });
  const term = { id: created!.id, label: value };
  global.terms.set(value.toLowerCase(), term);
  return term;
}

type OfferedTerm = {
  attributeId: number;
  attributeLabel: Record<string, string>;
  termId: number;
  termLabel: Record<string, string>;
};

/** The terms these variable products offer, by product: what their variations may name. */
export async function offeredTerms(
  tx: Transaction,
  parentIds: number[],
): Promise<Map<number, OfferedTerm[]>> {
  const byParent = new Map<number, OfferedTerm[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await tx
    .select({
      productId: productAttributeTerms.productId,
      attributeId: attributes.id,
      attributeLabel: attributes.label,
      termId: attributeTerms.id,
      termLabel: attributeTerms.label,
    })
    .from(productAttributeTerms)
    .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
    .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
    .where(inArray(productAttributeTerms.productId, parentIds));
  for (const { productId, ...offer } of rows)
    byParent.set(productId, [...(byParent.get(productId) ?? []), offer]);
  return byParent;
}

/** The terms a variation row names, among its parent's; a problem when one is not the parent's. */
export function variationTermsOf(
  offered: readonly OfferedTerm[],
  row: WooProductRow,
): { terms: Array<{ attributeId: number; termId: number }> } | { problem: string } {
  const terms: Array<{ attributeId: number; termId: number }> = [];
  for (const attribute of row.attributes ?? []) {
    const value = attribute.values[0];
    if (value === undefined || value === "") continue;
    const match = offered.find(
      (offer) =>
        (offer.attributeLabel.en ?? "").toLowerCase() === attribute.name.toLowerCase() &&
        (offer.termLabel.en ?? "").toLowerCase() === value.toLowerCase(),
    );
    if (!match) return { problem: `${attribute.name}: ${value} is not one of the parent's values.` };
    terms.push({ attributeId: match.attributeId, termId: match.termId });
  }
  return { terms };
}

/** A batch's variations written together, as `writeProducts` writes products; answers their ids. */
export async function writeVariations(context: WriteContext, writes: VariationWrite[]): Promise<number[]> {
  const { tx, names } = context;
  if (writes.length === 0) return [];
  const freshIds = await nextIds(
    tx,
    "variations",
    writes.filter((write) => write.variationId === null).length,
  );
  let fresh = 0;
  const items = writes.map((write) => {
    const creating = write.variationId === null;
    return { ...write, id: creating ? freshIds[fresh++]! : write.variationId!, creating };
  });
  const repictured = items.filter((item) => item.creating || item.changed.has("images"));
  const own = await ownPictures(
    tx,
    repictured.flatMap((item) => item.row.images ?? []),
    context.origin,
  );
  const valuesOf = (item: (typeof items)[number]) => {
    const { row } = item;
    return {
      id: item.id,
      productId: item.parentId,
      sku: row.sku ?? null,
      regularPrice: row.regularPrice ?? 0,
      salePrice: row.salePrice ?? null,
      stockQuantity: row.stock ?? null,
      stockStatus: row.stockStatus ?? "instock",
      menuOrder: row.position ?? 0,
      taxClass: row.taxClass || "parent",
      shippingClassId: row.shippingClass ? (names.shippingClass(row.shippingClass)?.id ?? null) : null,
      virtual: row.virtual ?? false,
      downloadable: row.downloadable ?? false,
      dateOnSaleFrom: row.saleFrom ?? null,
      dateOnSaleTo: row.saleTo ?? null,
      backorders: row.backorders ?? "no",
      downloadLimit: row.downloadLimit ?? -1,
      downloadExpiry: row.downloadExpiry ?? -1,
      // A variation's one picture: the store's own by id; another address is left pending (null here).
      imageId: (row.images ?? []).map((url) => own.get(url)).find((id) => id !== undefined) ?? null,
    };
  };
  const inserts = items.filter((item) => item.creating);
  await insertRows(tx, variations, inserts.map(valuesOf));
  const updates = items.filter((item) => !item.creating);
  if (updates.length > 0) {
    const list = updates.map((item) => ({ ...valuesOf(item), setImage: item.changed.has("images") }));
    await tx.execute(sql`
      update variations t set
        product_id = v."productId", sku = v.sku, regular_price = v."regularPrice",
        sale_price = v."salePrice", stock_quantity = v."stockQuantity", stock_status = v."stockStatus",
        menu_order = v."menuOrder", tax_class = v."taxClass", shipping_class_id = v."shippingClassId",
        virtual = v.virtual, downloadable = v.downloadable, date_on_sale_from = v."dateOnSaleFrom",
        date_on_sale_to = v."dateOnSaleTo", backorders = v.backorders,
        download_limit = v."downloadLimit", download_expiry = v."downloadExpiry",
        image_id = case when v."setImage" then v."imageId" else t.image_id end
      from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(
        id int, "productId" int, sku text, "regularPrice" int, "salePrice" int, "stockQuantity" int,
        "stockStatus" text, "menuOrder" int, "taxClass" text, "shippingClassId" int, virtual boolean,
        downloadable boolean, "dateOnSaleFrom" date, "dateOnSaleTo" date, backorders text,
        "downloadLimit" int, "downloadExpiry" int, "imageId" int, "setImage" boolean)
      where t.id = v.id`);
  }
  const reattributed = items.filter((item) => item.creating || item.changed.has("attributes"));
  const staleTerms = reattributed.filter((item) => !item.creating).map((item) => item.id);
  if (staleTerms.length > 0)
    await tx.delete(variationAttributes).where(inArray(variationAttributes.variationId, staleTerms));
  const termRows = reattributed.flatMap((item) =>
    item.terms.map((term) => ({ variationId: item.id, ...term })),
  );
  await insertRows(tx, variationAttributes, termRows);
  // The store's own picture is the variation's image_id, written above; the others are left pending.
  await writePictures(
    context,
    repictured.map((item) => ({
      productId: item.parentId,
      variationId: item.id,
      urls: item.row.images ?? [],
    })),
    repictured
      .filter((item) => !item.creating)
      .map((item) => ({ productId: item.parentId, variationId: item.id })),
    own,
  );
  await writeDownloads(
    context,
    items
      .filter((item) => item.creating || item.changed.has("downloads"))
      .map((item) => ({
        productId: item.parentId,
        variationId: item.id,
        downloads: item.row.downloads ?? [],
        creating: item.creating,
      })),
  );
  return items.map((item) => item.id);
}

/**
 * The addresses among the rows' downloads whose files an import has fetched (decision 0081), each
 * to the stored file's own address, as the export writes it once the file is here: a file naming
 * the outside address again then reads as the product it made, unchanged, and fetches nothing.
 */
export async function fetchedFileAddresses(
  tx: Transaction,
  rows: ReadonlyArray<{ row: WooProductRow }>,
  origin: string,
): Promise<Map<string, string>> {
  const ownPrefix = `${origin}${DOWNLOAD_FILE_PATH}`;
  const urls = [
    ...new Set(
      rows.flatMap(({ row }) =>
        (row.downloads ?? []).flatMap((download) =>
          download.url.startsWith(ownPrefix) ? [] : [download.url],
        ),
      ),
    ),
  ];
  if (urls.length === 0) return new Map();
  const fetched = await tx
    .select({ url: catalogueImportFiles.url, mediaId: catalogueImportFiles.mediaId })
    .from(catalogueImportFiles)
    .where(and(inArray(catalogueImportFiles.url, urls), eq(catalogueImportFiles.state, "fetched")));
  return new Map(fetched.map((file) => [file.url, `${ownPrefix}${file.mediaId}`]));
}

/** A row whose downloads name fetched files by the stored files' own addresses (`fetchedFileAddresses`). */
export function withFetchedFiles(row: WooProductRow, addresses: ReadonlyMap<string, string>): WooProductRow {
  if (!row.downloads || addresses.size === 0) return row;
  return {
    ...row,
    downloads: row.downloads.map((download) => ({
      ...download,
      url: addresses.get(download.url) ?? download.url,
    })),
  };
}

type DownloadOwner = {
  productId: number;
  /** Null: the product's own files. */
  variationId: number | null;
  downloads: CsvDownload[];
  creating: boolean;
};

/**
 * Products' and variations' downloads (decisions 0074, 0075, 0081). A file at the store's own
 * address (`{origin}/api/vitrine/v2/downloads/files/{id}`, as the export writes it) is that stored
 * file; any other address becomes a file to fetch: a media row of kind file with no original yet,
 * whose name is the address (the export writes it back), and its `catalogue_import_files` row, which
 * the fetcher stores the file from. An address named before is that same file, waiting or fetched,
 * never a second one; one whose fetch failed is tried again under this job. A download keeps its
 * row, and so the orders' permissions to it, while the file lists its ID; a download left out is
 * removed, as the product's save removes it.
 */
async function writeDownloads(context: WriteContext, owners: DownloadOwner[]): Promise<void> {
  const { tx, origin } = context;
  if (owners.length === 0) return;
  const urls = [...new Set(owners.flatMap((owner) => owner.downloads.map((download) => download.url)))];
  const ownPrefix = `${origin}${DOWNLOAD_FILE_PATH}`;
  const namedIds = [
    ...new Set(
      urls.flatMap((url) => {
        const id = url.startsWith(ownPrefix) ? storedFileId(url) : null;
        return id === null ? [] : [id];
      }),
    ),
  ];
  const stored = new Set(
    namedIds.length === 0
      ? []
      : (
          await tx
            .select({ id: media.id })
            .from(media)
            .where(and(inArray(media.id, namedIds), eq(media.kind, "file")))
        ).map((row) => row.id),
  );
  const fileOf = new Map<string, number>();
  for (const url of urls) {
    const id = url.startsWith(ownPrefix) ? storedFileId(url) : null;
    if (id !== null && stored.has(id)) fileOf.set(url, id);
  }
  const elsewhere = urls.filter((url) => !fileOf.has(url));
  if (elsewhere.length > 0) {
    const known = await tx
      .select({
        url: catalogueImportFiles.url,
        mediaId: catalogueImportFiles.mediaId,
        state: catalogueImportFiles.state,
      })
      .from(catalogueImportFiles)
      .where(inArray(catalogueImportFiles.url, elsewhere));
    for (const row of known) fileOf.set(row.url, row.mediaId);
    const failed = known.filter((row) => row.state === "failed").map((row) => row.url);
    if (failed.length > 0)
      await tx
        .update(catalogueImportFiles)
        .set({ state: "pending", attempts: 0, error: null, jobId: context.jobId })
        .where(and(inArray(catalogueImportFiles.url, failed), eq(catalogueImportFiles.state, "failed")));
    const missing = elsewhere.filter((url) => !fileOf.has(url));
    if (missing.length > 0) {
      const made = await tx
        .insert(media)
        .values(
          missing.map((url) => ({
            kind: "file" as const,
            filename: url,
            mimeType: "application/octet-stream",
            state: "processing" as const,
          })),
        )
        .returning({ id: media.id, filename: media.filename });
      for (const row of made) fileOf.set(row.filename, row.id);
      await insertRows(
        tx,
        catalogueImportFiles,
        made.map((row) => ({ jobId: context.jobId, mediaId: row.id, url: row.filename })),
      );
    }
  }
  const givenIds = [
    ...new Set(
      owners.flatMap((owner) => owner.downloads.flatMap((download) => (download.id ? [download.id] : []))),
    ),
  ];
  const held = await tx
    .select({
      downloadId: productDownloads.downloadId,
      productId: productDownloads.productId,
      variationId: productDownloads.variationId,
    })
    .from(productDownloads)
    .where(
      givenIds.length > 0
        ? or(
            inArray(
              productDownloads.productId,
              owners.map((owner) => owner.productId),
            ),
            inArray(productDownloads.downloadId, givenIds),
          )
        : inArray(
            productDownloads.productId,
            owners.map((owner) => owner.productId),
          ),
    );
  const holder = new Map(held.map((row) => [row.downloadId, `${row.productId}:${row.variationId}`]));
  const used = new Set<string>();
  const rows: Array<typeof productDownloads.$inferInsert> = [];
  const kept: Array<{ productId: number; variationId: number | null; keep: string[] }> = [];
  for (const owner of owners) {
    const key = `${owner.productId}:${owner.variationId}`;
    const keep: string[] = [];
    for (const [position, download] of owner.downloads.entries()) {
      // An ID another product's download has (or one given twice) is not taken: this one gets its own.
      const mine = download.id !== "" && holder.get(download.id) === key;
      const free = download.id !== "" && !holder.has(download.id);
      const downloadId = (mine || free) && !used.has(download.id) ? download.id : randomUUID();
      used.add(downloadId);
      if (mine) keep.push(downloadId);
      rows.push({
        downloadId,
        productId: owner.productId,
        variationId: owner.variationId,
        name: download.name || (download.url.split("/").pop() ?? "") || "Download",
        mediaId: fileOf.get(download.url)!,
        position,
      });
    }
    if (!owner.creating) kept.push({ productId: owner.productId, variationId: owner.variationId, keep });
  }
  if (kept.length > 0)
    await tx.execute(sql`
      delete from product_downloads d
      using jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as o("productId" int, "variationId" int, keep jsonb)
      where d.product_id = o."productId" and d.variation_id is not distinct from o."variationId"
        and not (o.keep ? d.download_id)`);
  await insertRows(
    tx,
    productDownloads,
    rows,
    sql`on conflict (download_id) do update set name = excluded.name, media_id = excluded.media_id, position = excluded.position`,
  );
}

/**
 * A variable product's own price and stock from its variations (decision 0033's rule, as the
 * product save derives them), and its attributes used for variations: those a variation names.
 */
export async function deriveParents(tx: Transaction, parentIds: number[]): Promise<void> {
  if (parentIds.length === 0) return;
  const list = sql.join(
    parentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update products p set
      regular_price = coalesce(c.regular_price, 0), sale_price = c.sale_price, stock_quantity = null,
      stock_status = coalesce(s.state, 'outofstock')
    from (select id from products where id in (${list})) ids
    left join lateral (
      select v.regular_price, v.sale_price from variations v where v.product_id = ids.id
      order by coalesce(v.sale_price, v.regular_price), v.id limit 1
    ) c on true
    left join lateral (
      select case when bool_or(v.stock_status = 'instock') then 'instock'
                  when bool_or(v.stock_status = 'onbackorder') then 'onbackorder'
                  when count(*) > 0 then 'outofstock' end as state
      from variations v where v.product_id = ids.id
    ) s on true
    where p.id = ids.id`);
  await tx.execute(sql`
    update product_attribute_terms pat set used_for_variations = exists (
      select 1 from variation_attributes va join variations v on v.id = va.variation_id
      join attribute_terms t on t.id = pat.term_id
      where v.product_id = pat.product_id and va.attribute_id = t.attribute_id)
    where pat.product_id in (${list})`);
}
