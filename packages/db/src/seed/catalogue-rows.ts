import type { Transaction } from "../client.ts";
import {
  attributes,
  attributeTerms,
  categories,
  categoryTranslations,
  productAttributeTerms,
  productCategories,
  productImages,
  products,
  productTranslations,
  reviews,
  variationAttributes,
  variations,
} from "../schema/index.ts";
import type { PlannedCategory, PlannedProduct } from "./demo-catalogue.ts";
import { type PlannedReview, ratingSummary } from "./reviews.ts";
import { DEMO_REDUCED_CATEGORY } from "./taxes.ts";
import { colorTerms, sizeTerms } from "./vocabulary.ts";

/**
 * Writes the planned catalogue, one multi-row statement per table (per level, for the category
 * tree). Generated ids are matched back through natural keys (slug, sku), never by row order.
 */
const locales = ["en", "es"] as const;

/** `known` holds categories already in the database that planned ones may hang under. */
export async function insertCategories(
  tx: Transaction,
  planned: readonly PlannedCategory[],
  mediaIds: ReadonlyMap<string, number>,
  known: ReadonlyMap<string, number> = new Map(),
): Promise<Map<string, number>> {
  const ids = new Map(known);
  if (planned.length === 0) return ids;
  let level = planned.filter((c) => c.parentSlug === null || known.has(c.parentSlug));
  while (level.length > 0) {
    const inserted = await tx
      .insert(categories)
      .values(
        level.map((c) => ({
          slug: c.slug,
          parentId: c.parentSlug ? ids.get(c.parentSlug)! : null,
          position: c.position,
          imageId: c.imageKey ? mediaIds.get(c.imageKey)! : null,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
    const slugs = new Set(level.map((c) => c.slug));
    level = planned.filter((c) => c.parentSlug !== null && slugs.has(c.parentSlug));
  }
  await tx.insert(categoryTranslations).values(
    planned.flatMap((c) =>
      locales.map((locale) => ({
        categoryId: ids.get(c.slug)!,
        locale,
        name: c.name[locale],
        description: c.description[locale],
      })),
    ),
  );
  return ids;
}

export async function insertProducts(
  tx: Transaction,
  planned: readonly PlannedProduct[],
  plannedReviews: readonly PlannedReview[],
  categoryIds: ReadonlyMap<string, number>,
  mediaIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const ratings = ratingSummary(plannedReviews);
  const inserted = await tx
    .insert(products)
    .values(
      planned.map((p) => ({
        slug: p.slug,
        type: p.type,
        status: "publish" as const,
        sku: p.sku,
        regularPrice: p.regularPrice,
        salePrice: p.salePrice,
        stockQuantity: p.stockQuantity,
        stockStatus: p.stockStatus,
        lowStockThreshold: p.lowStockThreshold,
        taxClass: p.categorySlug === DEMO_REDUCED_CATEGORY ? "reduced-rate" : "",
        featured: p.featured,
        menuOrder: p.menuOrder,
        totalSales: p.totalSales,
        averageRating: ratings.get(p.index)?.averageRating ?? "0",
        reviewCount: ratings.get(p.index)?.reviewCount ?? 0,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const ids = new Map(inserted.map((row) => [row.slug, row.id]));
  const idOf = (p: PlannedProduct) => ids.get(p.slug)!;

  await tx.insert(productTranslations).values(
    planned.flatMap((p) =>
      locales.map((locale) => ({
        productId: idOf(p),
        locale,
        name: p.name[locale],
        shortDescription: p.shortDescription[locale],
        description: p.description[locale],
      })),
    ),
  );
  await tx
    .insert(productCategories)
    .values(planned.map((p) => ({ productId: idOf(p), categoryId: categoryIds.get(p.categorySlug)! })));
  await tx
    .insert(productImages)
    .values(
      planned.flatMap((p) =>
        p.imageKeys.map((key, position) => ({ productId: idOf(p), mediaId: mediaIds.get(key)!, position })),
      ),
    );
  const byIndex = new Map(planned.map((p) => [p.index, p]));
  await tx.insert(reviews).values(
    plannedReviews.map((r) => ({
      productId: idOf(byIndex.get(r.productIndex)!),
      authorName: r.authorName,
      authorEmail: r.authorEmail,
      rating: r.rating,
      body: r.body,
      locale: r.locale,
      status: r.status,
      createdAt: r.createdAt,
    })),
  );
  return ids;
}

export async function insertVariations(
  tx: Transaction,
  planned: readonly PlannedProduct[],
  productIds: ReadonlyMap<string, number>,
  mediaIds: ReadonlyMap<string, number>,
): Promise<void> {
  const variable = planned.filter((p) => p.type === "variable");
  if (variable.length === 0) return;

  const attributeRows = await tx
    .insert(attributes)
    .values([
      { slug: "color", label: { en: "Colour", es: "Color" } },
      { slug: "size", label: { en: "Size", es: "Talla" } },
    ])
    .returning({ id: attributes.id, slug: attributes.slug });
  const colorId = attributeRows.find((a) => a.slug === "color")!.id;
  const sizeId = attributeRows.find((a) => a.slug === "size")!.id;

  const termRows = await tx
    .insert(attributeTerms)
    .values([
      ...colorTerms.map((t, position) => ({ attributeId: colorId, slug: t.slug, label: t.label, position })),
      ...sizeTerms.map((t, position) => ({ attributeId: sizeId, slug: t.slug, label: t.label, position })),
    ])
    .returning({ id: attributeTerms.id, attributeId: attributeTerms.attributeId, slug: attributeTerms.slug });
  const termId = (attributeId: number, slug: string) =>
    termRows.find((t) => t.attributeId === attributeId && t.slug === slug)!.id;

  await tx
    .insert(productAttributeTerms)
    .values(
      variable.flatMap((p) => [
        ...p.colors.map((c) => ({ productId: productIds.get(p.slug)!, termId: termId(colorId, c.slug) })),
        ...p.sizes.map((s) => ({ productId: productIds.get(p.slug)!, termId: termId(sizeId, s.slug) })),
      ]),
    );

  const plannedVariations = variable.flatMap((p) => p.variations.map((v) => ({ product: p, variation: v })));
  const inserted = await tx
    .insert(variations)
    .values(
      plannedVariations.map(({ product, variation: v }) => ({
        productId: productIds.get(product.slug)!,
        sku: v.sku,
        regularPrice: v.regularPrice,
        salePrice: v.salePrice,
        stockQuantity: v.stockQuantity,
        stockStatus: v.stockStatus,
        imageId: mediaIds.get(v.imageKey)!,
        menuOrder: v.menuOrder,
      })),
    )
    .returning({ id: variations.id, sku: variations.sku });
  const variationIds = new Map(inserted.map((row) => [row.sku, row.id]));

  await tx.insert(variationAttributes).values(
    plannedVariations.flatMap(({ variation: v }) => {
      const variationId = variationIds.get(v.sku)!;
      const color = { variationId, attributeId: colorId, termId: termId(colorId, v.color.slug) };
      return v.size
        ? [color, { variationId, attributeId: sizeId, termId: termId(sizeId, v.size.slug) }]
        : [color];
    }),
  );
}
