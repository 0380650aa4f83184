import {
  attributes,
  attributeTerms,
  catalogueImportPictures,
  categories,
  categoryTranslations,
  mediaSizes,
  productAttributeTerms,
  productCategories,
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
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { esAttributeMeta, splitList, VITRINE_META, type WooProductRow } from "../../lib/woo-product-csv.ts";
import { freeSlug, isSlug } from "../catalogue/products-admin.server.ts";
import { MEDIA_URL_PREFIX } from "../media/media.server.ts";
import { slugify } from "../shared/slugs.server.ts";
import { byName } from "./catalogue-rows.server.ts";

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
    for (const row of tagRows) names.tagIdBySlug.set(row.slug, { id: row.id, name: row.name });
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
    return this.tagIdBySlug.get(slugOf(name, name))?.name ?? name;
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
  for (const path of paths) {
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
    const slug = slugOf(name, "tag");
    let tag = names.tagIdBySlug.get(slug);
    if (!tag) {
      const [created] = await tx.insert(tags).values({ slug }).returning({ id: tags.id });
      await tx.insert(tagTranslations).values({ tagId: created!.id, locale: "en", name });
      tag = { id: created!.id, name };
      names.tagIdBySlug.set(slug, tag);
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
  const prefix = `${origin}${MEDIA_URL_PREFIX}`;
  const paths = [
    ...new Set(urls.filter((url) => url.startsWith(prefix)).map((url) => url.slice(prefix.length))),
  ];
  if (paths.length === 0) return new Map();
  const rows = await tx
    .select({ mediaId: mediaSizes.mediaId, path: mediaSizes.path })
    .from(mediaSizes)
    .where(inArray(mediaSizes.path, paths));
  return new Map(rows.map((row) => [`${prefix}${row.path}`, row.mediaId]));
}

export type WriteContext = { tx: Transaction; names: ImportNames; origin: string; jobId: number | null };

/** Writes a product's row (creating it when `productId` is null); answers its id. */
export async function writeProduct(
  context: WriteContext,
  productId: number | null,
  row: WooProductRow,
  changed: ReadonlySet<string>,
): Promise<number> {
  const { tx, names } = context;
  const creating = productId === null;
  const has = (field: string) => creating || changed.has(field);
  const kind = row.type === "variation" ? "simple" : (row.type ?? "simple");
  const wantedSlug = row.meta?.[VITRINE_META.slug] || "";
  let slug: string | undefined;
  if (creating || (wantedSlug && changed.has(`meta:${VITRINE_META.slug}`))) {
    slug =
      wantedSlug && !names.slugs.has(wantedSlug)
        ? wantedSlug
        : freeSlug(slugOf(wantedSlug || row.name || "", "product"), [...names.slugs]);
    names.slugs.add(slug);
  }
  const values = {
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
    ...(kind === "variable"
      ? {}
      : {
          regularPrice: row.regularPrice ?? 0,
          salePrice: row.salePrice ?? null,
          stockQuantity: row.stock ?? null,
          stockStatus: row.stockStatus ?? "instock",
          ...(row.lowStockAmount != null ? { lowStockThreshold: row.lowStockAmount } : {}),
        }),
    updatedAt: new Date(),
    ...(slug ? { slug } : {}),
  };
  let id: number;
  if (creating) {
    const [inserted] = await tx
      .insert(products)
      .values({ regularPrice: 0, ...values, slug: slug! })
      .returning({ id: products.id });
    id = inserted!.id;
  } else {
    id = productId;
    await tx.update(products).set(values).where(eq(products.id, id));
  }
  const meta = row.meta ?? {};
  if (
    ["name", "shortDescription", "description", "buttonText"].some(has) ||
    [...changed].some((field) => field.startsWith("meta:"))
  ) {
    const texts = [
      {
        productId: id,
        locale: "en",
        name: row.name ?? "",
        shortDescription: row.shortDescription ?? "",
        description: row.description ?? "",
        metaDescription: meta[VITRINE_META.metaDescription] ?? "",
        buttonText: row.buttonText ?? null,
      },
    ];
    if (meta[VITRINE_META.esName])
      texts.push({
        productId: id,
        locale: "es",
        name: meta[VITRINE_META.esName] ?? "",
        shortDescription: meta[VITRINE_META.esShortDescription] ?? "",
        description: meta[VITRINE_META.esDescription] ?? "",
        metaDescription: meta[VITRINE_META.esMetaDescription] ?? "",
        buttonText: meta[VITRINE_META.esButtonText] || null,
      });
    await tx.delete(productTranslations).where(eq(productTranslations.productId, id));
    await tx.insert(productTranslations).values(texts);
  }
  if (has("categories")) {
    const ids = await categoryIds(tx, names, row.categories ?? []);
    if (!creating) await tx.delete(productCategories).where(eq(productCategories.productId, id));
    if (ids.length > 0)
      await tx.insert(productCategories).values(ids.map((categoryId) => ({ productId: id, categoryId })));
  }
  if (has("tags")) {
    const ids = await tagIds(tx, names, row.tags ?? []);
    if (!creating) await tx.delete(productTags).where(eq(productTags.productId, id));
    if (ids.length > 0) await tx.insert(productTags).values(ids.map((tagId) => ({ productId: id, tagId })));
  }
  if (has("images")) await writePictures(context, id, 0, row.images ?? [], creating);
  if (has("attributes") || [...changed].some((field) => field.startsWith("meta:_vitrine_es_attribute")))
    await writeAttributes(context, id, row, creating);
  return id;
}

/** A product's (or a variation's, `variationId`) pictures: the store's own by id, the others pending a fetch. */
async function writePictures(
  context: WriteContext,
  productId: number,
  variationId: number,
  urls: string[],
  creating: boolean,
): Promise<void> {
  const { tx } = context;
  const own = await ownPictures(tx, urls, context.origin);
  if (!creating) {
    if (variationId === 0) await tx.delete(productImages).where(eq(productImages.productId, productId));
    await tx
      .delete(catalogueImportPictures)
      .where(
        and(
          eq(catalogueImportPictures.productId, productId),
          eq(catalogueImportPictures.variationId, variationId),
        ),
      );
  }
  const mine = urls.flatMap((url, position) => (own.has(url) ? [{ mediaId: own.get(url)!, position }] : []));
  const pending = urls.flatMap((url, position) => (own.has(url) ? [] : [{ url, position }]));
  if (variationId === 0 && mine.length > 0)
    await tx
      .insert(productImages)
      .values(mine.map((image) => ({ productId, mediaId: image.mediaId, position: image.position })))
      .onConflictDoNothing();
  if (variationId !== 0)
    await tx
      .update(variations)
      .set({ imageId: mine[0]?.mediaId ?? null })
      .where(eq(variations.id, variationId));
  if (pending.length > 0)
    await tx
      .insert(catalogueImportPictures)
      .values(pending.map((picture) => ({ jobId: context.jobId, productId, variationId, ...picture })));
}

/** A product's attributes: global ones by name (made when missing, as WooCommerce does), its own ones anew. */
async function writeAttributes(
  context: WriteContext,
  productId: number,
  row: WooProductRow,
  creating: boolean,
): Promise<void> {
  const { tx, names } = context;
  if (!creating) {
    await tx.delete(productAttributeTerms).where(eq(productAttributeTerms.productId, productId));
    await tx.delete(attributes).where(eq(attributes.productId, productId));
  }
  const offered: Array<{ termId: number; visible: boolean }> = [];
  for (const [index, attribute] of (row.attributes ?? []).entries()) {
    const visible = attribute.visible ?? true;
    if (attribute.global) {
      let global = names.globalAttribute(attribute.name);
      if (!global) {
        const base = slugOf(attribute.name, "attribute");
        const [created] = await tx
          .insert(attributes)
          .values({ slug: base, label: { en: attribute.name } })
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
        global = { id, label: attribute.name, terms: new Map() };
        names.globalAttributes.set(attribute.name.toLowerCase(), global);
        names.globalAttributes.set(base, global);
      }
      for (const value of attribute.values) {
        let term = global.terms.get(value.toLowerCase());
        if (!term) {
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
          term = { id: created!.id, label: value };
          global.terms.set(value.toLowerCase(), term);
        }
        offered.push({ termId: term.id, visible });
      }
      continue;
    }
    const esNames = esAttributeMeta(index + 1);
    const esName = row.meta?.[esNames.name] ?? "";
    const esValues = splitList(row.meta?.[esNames.values] ?? "");
    const [own] = await tx
      .insert(attributes)
      .values({
        productId,
        slug: slugOf(attribute.name, `attribute-${index + 1}`),
        label: esName ? { en: attribute.name, es: esName } : { en: attribute.name },
      })
      .onConflictDoNothing()
      .returning({ id: attributes.id });
    if (!own) continue;
    const seen = new Set<string>();
    const values = attribute.values.flatMap((value, position) => {
      const slug = slugOf(value, `value-${position + 1}`);
      if (seen.has(slug)) return [];
      seen.add(slug);
      const es = esValues[position];
      const label: Record<string, string> = es ? { en: value, es } : { en: value };
      return [{ attributeId: own.id, slug, label, position }];
    });
    if (values.length === 0) continue;
    const terms = await tx.insert(attributeTerms).values(values).returning({ id: attributeTerms.id });
    for (const term of terms) offered.push({ termId: term.id, visible });
  }
  const unique = [...new Map(offered.map((offer) => [offer.termId, offer])).values()];
  if (unique.length > 0)
    await tx.insert(productAttributeTerms).values(
      unique.map((offer) => ({
        productId,
        termId: offer.termId,
        visible: offer.visible,
        usedForVariations: row.type === "variable",
      })),
    );
}

/** The terms a variation row names, among its parent's; a problem when one is not the parent's. */
export async function variationTermsOf(
  tx: Transaction,
  parentId: number,
  row: WooProductRow,
): Promise<{ terms: Array<{ attributeId: number; termId: number }> } | { problem: string }> {
  const offered = await tx
    .select({
      attributeId: attributes.id,
      attributeLabel: attributes.label,
      termId: attributeTerms.id,
      termLabel: attributeTerms.label,
    })
    .from(productAttributeTerms)
    .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
    .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
    .where(eq(productAttributeTerms.productId, parentId));
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

/** Writes a variation's row (creating it when `variationId` is null); answers its id. */
export async function writeVariation(
  context: WriteContext,
  parentId: number,
  variationId: number | null,
  row: WooProductRow,
  terms: Array<{ attributeId: number; termId: number }>,
  changed: ReadonlySet<string>,
): Promise<number> {
  const { tx, names } = context;
  const values = {
    productId: parentId,
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
  };
  let id: number;
  if (variationId === null) {
    const [inserted] = await tx.insert(variations).values(values).returning({ id: variations.id });
    id = inserted!.id;
  } else {
    id = variationId;
    await tx.update(variations).set(values).where(eq(variations.id, id));
  }
  if (variationId === null || changed.has("attributes")) {
    if (variationId !== null)
      await tx.delete(variationAttributes).where(eq(variationAttributes.variationId, id));
    if (terms.length > 0)
      await tx.insert(variationAttributes).values(terms.map((term) => ({ variationId: id, ...term })));
  }
  if (variationId === null || changed.has("images"))
    await writePictures(context, parentId, id, row.images ?? [], variationId === null);
  return id;
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
