import type { FileStore } from "@vitrine/files";
import { eq, inArray, sql } from "drizzle-orm";
import { type Database, selectRows, type Transaction } from "../client.ts";
import {
  attributes,
  attributeTerms,
  categories,
  productAttributeTerms,
  productCategories,
  productImages,
  products,
  productTranslations,
} from "../schema/index.ts";
import { drawProductArt } from "./art.ts";
import { insertCategories } from "./catalogue-rows.ts";
import { planCategories, slugify } from "./demo-catalogue.ts";
import { type ImageJob, insertImages, renderImages } from "./media.ts";
import { createRandom, type Random } from "./random.ts";
import { adjectives, careNotes, colorTerms, kinds, materials, spanishPlural } from "./vocabulary.ts";

/**
 * Bulk products for load and search tests: simple products whose names and descriptions are
 * drawn from the demo's word tables (adjective × material × kind × colour, in both languages),
 * sharing a small pool of pictures. Each batch is one transaction of a few multi-row statements.
 */
export type SyntheticOptions = {
  products: number;
  /** Where the pictures' sizes are written. */
  media: FileStore;
  log?: (message: string) => void;
};

const batchSize = 1000;
const poolSize = 20;
const dayMs = 86_400_000;
const topLevelOf = new Map(planCategories().map((c) => [c.slug, c.parentSlug ?? c.slug]));

export async function seedSynthetic(db: Database, options: SyntheticOptions): Promise<void> {
  const log = options.log ?? (() => {});
  if (!Number.isInteger(options.products) || options.products < 0) {
    throw new RangeError("The number of synthetic products must be a whole number, zero or more.");
  }
  if (options.products === 0) return;

  const pool = await renderImages(imagePool(), options.media, log);
  const { categoryIds, mediaIds } = await db.transaction(async (tx) => ({
    categoryIds: await ensureCategories(tx),
    mediaIds: await insertImages(tx, pool),
  }));
  const colorTermIds = await colorTermsBySlug(db);
  const poolByKind = kinds.map((_, kindIndex) =>
    pool.filter((job) => job.key.startsWith(`${kindIndex}:`)).map((job) => mediaIds.get(job.key)!),
  );

  const first = (await nextNumber(db)) + 1;
  const random = createRandom(first);
  const now = Date.now();
  const started = performance.now();
  const reportEvery = Math.max(batchSize, Math.ceil(options.products / 10 / batchSize) * batchSize);
  for (let offset = 0; offset < options.products; offset += batchSize) {
    const size = Math.min(batchSize, options.products - offset);
    const rows = Array.from({ length: size }, (_, i) => syntheticProduct(first + offset + i, random, now));
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values(rows.map((row) => row.product))
        .returning({ id: products.id, sku: products.sku });
      const ids = new Map(inserted.map((row) => [row.sku!, row.id]));
      await tx
        .insert(productTranslations)
        .values(
          rows.flatMap((row) =>
            row.translations.map((t) => ({ ...t, productId: ids.get(row.product.sku)! })),
          ),
        );
      await tx.insert(productCategories).values(
        rows.map((row) => ({
          productId: ids.get(row.product.sku)!,
          categoryId: categoryIds.get(row.categorySlug)!,
        })),
      );
      // Each product's colour as a term of the demo's colour attribute, so the shop's filters and
      // their counts have a large catalogue to work on (none when the store has no such attribute).
      const terms = rows.flatMap((row) => {
        const termId = colorTermIds.get(row.colorSlug);
        return termId === undefined
          ? []
          : [{ productId: ids.get(row.product.sku)!, termId, usedForVariations: false }];
      });
      if (terms.length > 0) await tx.insert(productAttributeTerms).values(terms);
      await tx.insert(productImages).values(
        rows.map((row) => {
          const choices = poolByKind[row.kindIndex]!;
          return {
            productId: ids.get(row.product.sku)!,
            mediaId: choices[row.number % choices.length]!,
            position: 0,
          };
        }),
      );
    });
    const done = offset + size;
    if (done % reportEvery === 0 || done === options.products) {
      const seconds = (performance.now() - started) / 1000;
      log(`synthetic products: ${done}/${options.products} (${Math.round(done / seconds)}/s)`);
    }
  }
  // Fresh statistics, so the planner sees the new table sizes before the first listing query.
  await db.execute(
    sql`analyze products, product_translations, product_categories, product_images, product_attribute_terms`,
  );
}

/** One picture per kind, and a second colour for the first few kinds, all on their own backgrounds. */
function imagePool(): ImageJob[] {
  return Array.from({ length: poolSize }, (_, n) => {
    const kindIndex = n % kinds.length;
    const kind = kinds[kindIndex]!;
    const color = colorTerms[(n * 3) % colorTerms.length]!;
    return {
      key: `${kindIndex}:${n}`,
      filename: `synthetic-${kind.slug}-${n + 1}.jpg`,
      alt: { en: kind.noun.en, es: kind.noun.es },
      svg: drawProductArt({ shape: kind.shape, color: color.hex, seed: 10_000 + n }),
    };
  });
}

/** The demo's category tree, reusing whatever part of it already exists. */
async function ensureCategories(tx: Transaction): Promise<Map<string, number>> {
  const planned = planCategories();
  const existing = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        planned.map((c) => c.slug),
      ),
    );
  const known = new Map(existing.map((row) => [row.slug, row.id]));
  return insertCategories(
    tx,
    planned.filter((c) => !known.has(c.slug)),
    new Map(),
    known,
  );
}

/** The colour attribute's terms by slug (empty when the store has no attribute `color`). */
async function colorTermsBySlug(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: attributeTerms.id, slug: attributeTerms.slug })
    .from(attributeTerms)
    .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
    .where(eq(attributes.slug, "color"));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Synthetic numbers continue after the highest product id and the highest earlier synthetic sku. */
async function nextNumber(db: Database): Promise<number> {
  const [row] = await selectRows<{ last: number | string | null }>(
    db,
    sql`select greatest(
          (select max(id) from products),
          (select max(substring(sku from 5)::bigint) from products where sku ~ '^SYN-[0-9]+$')
        ) as last`,
  );
  return Number(row?.last ?? 0);
}

function syntheticProduct(number: number, random: Random, now: number) {
  const kindIndex = random.int(0, kinds.length - 1);
  const kind = kinds[kindIndex]!;
  const material = materials[random.pick(kind.materials)]!;
  const adjective = random.pick(adjectives);
  const color = random.pick(colorTerms);
  const agreed = adjective.es[kind.gender];
  const name = {
    en: `${adjective.en} ${material.en} ${kind.noun.en}, ${color.label.en}`,
    es: `${kind.noun.es} de ${material.es} ${kind.plural ? spanishPlural(agreed) : agreed}, ${color.label.es.toLowerCase()}`,
  };
  const care = careNotes[topLevelOf.get(kind.category)!]!;
  const sku = `SYN-${String(number).padStart(7, "0")}`;
  const regularPrice = random.int(kind.price[0], kind.price[1]) * 100 - (random.chance(0.6) ? 1 : 0);
  const stock = random.next();
  const stockQuantity =
    stock < 0.08 ? 0 : stock < 0.18 ? random.int(1, 3) : stock < 0.28 ? null : random.int(4, 200);
  const createdAt = new Date(now - random.int(0, 730) * dayMs - random.int(0, 86_399) * 1000);
  return {
    number,
    kindIndex,
    colorSlug: color.slug,
    categorySlug: kind.category,
    product: {
      slug: `${slugify(name.en)}-${number}`,
      type: "simple" as const,
      status: "publish" as const,
      sku,
      regularPrice,
      salePrice: random.chance(0.2) ? Math.max(99, Math.round((regularPrice * 0.75) / 100) * 100 - 1) : null,
      stockQuantity,
      stockStatus: stockQuantity === 0 ? ("outofstock" as const) : ("instock" as const),
      lowStockThreshold: 3,
      totalSales: Math.floor(random.next() ** 3 * 500),
      createdAt,
      updatedAt: createdAt,
    },
    translations: (["en", "es"] as const).map((locale) => ({
      locale,
      name: name[locale],
      shortDescription: `${kind.pitch[locale]}, ${material.phrase[locale]}. ${locale === "en" ? "Colour" : "Color"}: ${color.label[locale].toLowerCase()}.`,
      description: `${adjective.sentence[locale]} ${material.sentence[locale]} ${kind.use[locale]}\n\n${care[locale]}`,
    })),
  };
}
