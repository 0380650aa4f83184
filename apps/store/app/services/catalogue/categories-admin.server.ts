import {
  categories,
  categoryTranslations,
  type Database,
  media,
  productCategories,
  type Transaction,
} from "@vitrine/db";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { type Locale, locales } from "../../i18n/i18n.ts";
import type {
  CategoryArrangement,
  CategoryInput,
  CategoryRecord,
  CategoryTexts,
} from "../../lib/category-resource.ts";
import { menusFollowCategory } from "../content/menus-admin.server.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { forgetMovesTo, recordMove } from "../shared/redirects.server.ts";
import { FALLBACK_LOCALE } from "../shared/translations.server.ts";
import { freeSlug, isSlug, slugify } from "./products-admin.server.ts";

/**
 * The category tree as administrators change it (issue 16): names and descriptions in each
 * language, a parent, and an explicit order among siblings (`position`).
 */

export type AdminCategory = {
  id: number;
  slug: string;
  parentId: number | null;
  position: number;
  imageId: number | null;
  texts: Partial<Record<Locale, CategoryTexts>>;
  productCount: number;
};

/** Every category, parents before children and siblings in their order. */
export async function listCategoriesForAdmin(db: Database): Promise<AdminCategory[]> {
  const [rows, texts, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(categoryTranslations),
    db
      .select({ categoryId: productCategories.categoryId, products: count() })
      .from(productCategories)
      .groupBy(productCategories.categoryId),
  ]);
  const productCount = new Map(counts.map((row) => [row.categoryId, row.products]));
  const all = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    parentId: row.parentId,
    position: row.position,
    imageId: row.imageId,
    texts: Object.fromEntries(
      texts
        .filter((text) => text.categoryId === row.id)
        .map((text) => [text.locale, { name: text.name, description: text.description }]),
    ),
    productCount: productCount.get(row.id) ?? 0,
  }));
  const ordered: AdminCategory[] = [];
  const visit = (parentId: number | null) => {
    for (const category of all.filter((row) => row.parentId === parentId)) {
      ordered.push(category);
      visit(category.id);
    }
  };
  visit(null);
  return ordered;
}

/** A category as the REST API and the back office show it, in snake_case. */
export function categoryRecord(category: AdminCategory): CategoryRecord {
  return {
    id: category.id,
    slug: category.slug,
    parent: category.parentId,
    position: category.position,
    image: category.imageId,
    product_count: category.productCount,
    translations: category.texts,
  };
}

/** The tree as one indented list of choices in `locale` (English, then the slug, when it has no name). */
export function categoryOptions(
  categories: readonly AdminCategory[],
  locale: string,
): Array<{ id: number; name: string; depth: number }> {
  const depthOf = new Map<number, number>();
  return categories.map((category) => {
    const depth = category.parentId === null ? 0 : (depthOf.get(category.parentId) ?? 0) + 1;
    depthOf.set(category.id, depth);
    const texts = category.texts as Record<string, CategoryTexts | undefined>;
    return { id: category.id, name: texts[locale]?.name ?? texts.en?.name ?? category.slug, depth };
  });
}

/** A new category, last among its siblings; answers its id. */
export async function createCategory(db: Database, input: CategoryInput): Promise<number> {
  const name = input.translations?.[FALLBACK_LOCALE]?.name?.trim();
  if (!name) throw new AdminInputError("category_needs_name", "The category needs an English name.", "texts");
  return db.transaction(async (tx) => {
    const parentId = input.parent ?? null;
    await checkCategoryReferences(tx, null, input);
    const [last] = await tx
      .select({ n: count() })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
    const taken = (await tx.select({ slug: categories.slug }).from(categories)).map((row) => row.slug);
    const slug = input.slug?.trim() || freeSlug(slugify(name) || "category", taken);
    checkSlug(slug);
    const [inserted] = await tx
      .insert(categories)
      .values({ slug, parentId, imageId: input.image ?? null, position: last?.n ?? 0 })
      .returning({ id: categories.id })
      .catch(rethrowSlugTaken);
    await writeCategoryTexts(tx, inserted!.id, input.translations);
    return inserted!.id;
  });
}

/** Applies changes to a category; false for an unknown id. */
export async function updateCategory(db: Database, id: number, input: CategoryInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!current) return false;
    await checkCategoryReferences(tx, id, input);
    const set: Partial<typeof categories.$inferInsert> = {};
    if (input.slug !== undefined) {
      checkSlug(input.slug.trim());
      set.slug = input.slug.trim();
    }
    if (input.parent !== undefined) set.parentId = input.parent;
    if (input.image !== undefined) set.imageId = input.image;
    if (Object.keys(set).length > 0)
      await tx.update(categories).set(set).where(eq(categories.id, id)).catch(rethrowSlugTaken);
    if (set.slug !== undefined && set.slug !== current.slug) {
      const from = `/product-category/${current.slug}`;
      const to = `/product-category/${set.slug}`;
      await menusFollowCategory(tx, from, to);
      // The old address answers 301 to the new one (a chain collapses to one hop).
      await recordMove(tx, from, to);
    }
    await writeCategoryTexts(tx, id, input.translations);
    return true;
  });
}

/**
 * The whole tree's shape at once (drag and drop, or the up and down buttons): each category's
 * parent and place among its siblings. Every category must be named once, and no category may end
 * up below itself.
 */
export async function arrangeCategories(db: Database, arrangement: CategoryArrangement): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: categories.id }).from(categories);
    const ids = new Set(arrangement.map((entry) => entry.id));
    if (
      ids.size !== arrangement.length ||
      ids.size !== existing.length ||
      existing.some((row) => !ids.has(row.id))
    )
      throw new AdminInputError("category_arrangement", "Name every category once.", "categories");
    const parentOf = new Map(arrangement.map((entry) => [entry.id, entry.parent]));
    for (const entry of arrangement) {
      if (entry.parent !== null && !ids.has(entry.parent))
        throw new AdminInputError("product_unknown_reference", "Unknown parent category.", "parent");
      const seen = new Set<number>();
      for (let at: number | null = entry.id; at !== null; at = parentOf.get(at) ?? null) {
        if (seen.has(at))
          throw new AdminInputError(
            "category_inside_itself",
            "A category cannot be inside itself.",
            "parent",
          );
        seen.add(at);
      }
    }
    const positions = new Map<number | null, number>();
    for (const entry of arrangement) {
      const position = positions.get(entry.parent) ?? 0;
      positions.set(entry.parent, position + 1);
      await tx
        .update(categories)
        .set({ parentId: entry.parent, position })
        .where(eq(categories.id, entry.id));
    }
  });
}

/** Deletes a category; its children move up to its parent, its products simply leave it. */
export async function deleteCategory(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!current) return false;
    await tx.update(categories).set({ parentId: current.parentId }).where(eq(categories.parentId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    await forgetMovesTo(tx, `/product-category/${current.slug}`);
    return true;
  });
}

async function checkCategoryReferences(
  tx: Transaction,
  id: number | null,
  input: CategoryInput,
): Promise<void> {
  if (input.parent != null) {
    const [parent] = await tx.select().from(categories).where(eq(categories.id, input.parent));
    if (!parent) throw new AdminInputError("product_unknown_reference", "Unknown parent category.", "parent");
    // A category cannot move below itself or one of its own children.
    const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
    for (let at: number | null = input.parent; at !== null; at = parentOf.get(at) ?? null) {
      if (at === id)
        throw new AdminInputError("category_inside_itself", "A category cannot be inside itself.", "parent");
    }
  }
  if (input.image != null) {
    const found = await tx
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [input.image]));
    if (found.length === 0)
      throw new AdminInputError("product_unknown_reference", "Unknown picture.", "image");
  }
}

function checkSlug(slug: string): void {
  if (!isSlug(slug))
    throw new AdminInputError(
      "term_invalid_slug",
      "A slug is lowercase letters, digits and hyphens.",
      "slug",
    );
}

function rethrowSlugTaken(error: unknown): never {
  if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
    throw new AdminInputError("term_exists", "A category with this slug already exists.", "slug");
  throw error;
}

async function writeCategoryTexts(
  tx: Transaction,
  categoryId: number,
  texts: CategoryInput["translations"],
): Promise<void> {
  for (const locale of locales) {
    const given = texts?.[locale];
    if (!given) continue;
    const where = and(
      eq(categoryTranslations.categoryId, categoryId),
      eq(categoryTranslations.locale, locale),
    );
    const [existing] = await tx.select().from(categoryTranslations).where(where);
    const next = {
      name: given.name?.trim() ?? existing?.name ?? "",
      description: given.description ?? existing?.description ?? "",
    };
    if (!next.name) {
      if (locale === FALLBACK_LOCALE)
        throw new AdminInputError("category_needs_name", "The category needs an English name.", "texts");
      await tx.delete(categoryTranslations).where(where);
      continue;
    }
    await tx
      .insert(categoryTranslations)
      .values({ categoryId, locale, ...next })
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.locale],
        set: next,
      });
  }
}
