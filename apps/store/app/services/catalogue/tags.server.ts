import { type Database, productTags, type Transaction, tags, tagTranslations } from "@vitrine/db";
import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { locales } from "../../i18n/i18n.ts";
import type { TagInput, TagRecord } from "../../lib/product-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { slugify } from "../shared/slugs.server.ts";
import { FALLBACK_LOCALE, pickTranslation } from "../shared/translations.server.ts";
import { escapeLike } from "./search.server.ts";

/**
 * Product tags (WooCommerce's `product_tag`, decision 0076): a flat list of names in each language,
 * each with a slug for its listing page (`/product-tag/{slug}`). The REST API's `products/tags`
 * and the product editor's picker come here.
 */

const isSlug = (text: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) && text.length <= 200;

/** Every tag (or those whose name or slug holds `search`), by English name, with product counts. */
export async function listTags(db: Database, search?: string): Promise<TagRecord[]> {
  const pattern = search?.trim() ? `%${escapeLike(search.trim())}%` : null;
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      pattern
        ? or(
            ilike(tags.slug, pattern),
            sql`${tags.id} in (select ${tagTranslations.tagId} from ${tagTranslations} where ${tagTranslations.name} ilike ${pattern})`,
          )
        : undefined,
    )
    .orderBy(asc(tags.slug));
  return recordsOf(db, rows);
}

export async function tagById(db: Database | Transaction, id: number): Promise<TagRecord | null> {
  const rows = await db.select({ id: tags.id, slug: tags.slug }).from(tags).where(eq(tags.id, id));
  return (await recordsOf(db, rows))[0] ?? null;
}

async function recordsOf(db: Database | Transaction, rows: Array<{ id: number; slug: string }>) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [texts, counts] = await Promise.all([
    db.select().from(tagTranslations).where(inArray(tagTranslations.tagId, ids)),
    db
      .select({ tagId: productTags.tagId, products: count() })
      .from(productTags)
      .where(inArray(productTags.tagId, ids))
      .groupBy(productTags.tagId),
  ]);
  const counted = new Map(counts.map((row) => [row.tagId, row.products]));
  const records = rows.map((row): TagRecord => {
    const names = Object.fromEntries(
      texts.filter((text) => text.tagId === row.id).map((text) => [text.locale, { name: text.name }]),
    );
    return {
      id: row.id,
      slug: row.slug,
      name: names[FALLBACK_LOCALE]?.name ?? row.slug,
      count: counted.get(row.id) ?? 0,
      translations: names,
    };
  });
  return records.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Creates a tag (an English name is needed; the slug is made from it when not given); answers its id. */
export async function createTag(db: Database, input: TagInput): Promise<number> {
  const name = input.name ?? input.translations?.[FALLBACK_LOCALE]?.name;
  if (!name?.trim())
    throw new AdminInputError("rest_missing_callback_param", "Missing parameter: name", "name");
  return (await saveTag(db, null, { ...input, name }))!;
}

/** Changes a tag; null for an unknown id. */
export async function updateTag(db: Database, id: number, input: TagInput): Promise<number | null> {
  return saveTag(db, id, input);
}

async function saveTag(db: Database, id: number | null, input: TagInput): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = id === null ? [] : await tx.select().from(tags).where(eq(tags.id, id));
      if (id !== null && !current) return null;
      const englishName = input.name ?? input.translations?.[FALLBACK_LOCALE]?.name;
      const slug = input.slug?.trim() || current?.slug || slugify(englishName ?? "") || "tag";
      if (!isSlug(slug))
        throw new AdminInputError(
          "product_invalid_slug",
          "A slug is lowercase letters, digits and hyphens.",
          "slug",
        );
      let tagId: number;
      if (current) {
        await tx.update(tags).set({ slug }).where(eq(tags.id, current.id));
        tagId = current.id;
      } else {
        const [inserted] = await tx.insert(tags).values({ slug }).returning({ id: tags.id });
        tagId = inserted!.id;
      }
      for (const locale of locales) {
        const given = locale === FALLBACK_LOCALE ? englishName : input.translations?.[locale]?.name;
        if (given === undefined) continue;
        const where = and(eq(tagTranslations.tagId, tagId), eq(tagTranslations.locale, locale));
        if (!given.trim()) {
          if (locale === FALLBACK_LOCALE)
            throw new AdminInputError("rest_invalid_param", "Invalid parameter: name", "name");
          await tx.delete(tagTranslations).where(where);
          continue;
        }
        await tx
          .insert(tagTranslations)
          .values({ tagId, locale, name: given.trim() })
          .onConflictDoUpdate({
            target: [tagTranslations.tagId, tagTranslations.locale],
            set: { name: given.trim() },
          });
      }
      return tagId;
    });
  } catch (error) {
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
      throw new AdminInputError("term_exists", "A term with the name provided already exists.", "slug");
    throw error;
  }
}

/** Deletes a tag (products lose it); answers the products that had it, or null for an unknown id. */
export async function deleteTag(db: Database, id: number): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    const tagged = await taggedProducts(tx, [id]);
    const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
    return deleted.length > 0 ? tagged : null;
  });
}

/** The products having any of these tags: the pages a tag's change touches. */
export async function taggedProducts(db: Database | Transaction, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: productTags.productId })
    .from(productTags)
    .where(inArray(productTags.tagId, tagIds));
  return rows.map((row) => row.id);
}

/** A product's tags as the REST API answers them: id, English name, slug. */
export async function tagsOfProduct(
  db: Database | Transaction,
  productId: number,
): Promise<Array<{ id: number; name: string; slug: string }>> {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, name: tagTranslations.name })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .leftJoin(
      tagTranslations,
      and(eq(tagTranslations.tagId, tags.id), eq(tagTranslations.locale, FALLBACK_LOCALE)),
    )
    .where(eq(productTags.productId, productId))
    .orderBy(asc(tags.slug));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name ?? row.slug }));
}

/** Sets a product's tags (all of them) by id; an unknown id is refused. */
export async function writeProductTags(
  tx: Transaction,
  productId: number,
  given: Array<{ id: number }>,
): Promise<void> {
  const ids = [...new Set(given.map((tag) => tag.id))];
  if (ids.length > 0) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
    if (found.length !== ids.length)
      throw new AdminInputError("product_unknown_reference", "Unknown tag.", "tags");
  }
  await tx.delete(productTags).where(eq(productTags.productId, productId));
  if (ids.length > 0) await tx.insert(productTags).values(ids.map((tagId) => ({ productId, tagId })));
}

/** A published tag's page: its id and name in the shopper's language; null for an unknown slug. */
export async function tagBySlug(
  db: Database,
  slug: string,
  locale: string,
): Promise<{ id: number; slug: string; name: string } | null> {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, locale: tagTranslations.locale, name: tagTranslations.name })
    .from(tags)
    .leftJoin(tagTranslations, eq(tagTranslations.tagId, tags.id))
    .where(eq(tags.slug, slug));
  const [first] = rows;
  if (!first) return null;
  const names = Object.fromEntries(rows.flatMap((row) => (row.locale ? [[row.locale, row.name!]] : [])));
  return { id: first.id, slug: first.slug, name: pickTranslation(names, locale, first.slug) };
}
