import {
  attributes,
  attributeTerms,
  type Database,
  productAttributeTerms,
  products,
  productTranslations,
  type Translated,
  variationAttributes,
} from "@vitrine/db";
import { and, asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import type {
  AttributeInput,
  AttributeRecord,
  TermInput,
  TermRecord,
  TermUse,
} from "../../lib/attribute-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { FALLBACK_LOCALE } from "../shared/translations.server.ts";
import { slugify } from "./products-admin.server.ts";

/**
 * Global attributes and their terms as the owner manages them (issue 39): names (and a term's
 * description) in each language, a slug, the order terms are listed in. The one read of attributes
 * for the back office: the REST API and the product form's choices both come from here.
 */

/** A global attribute: a product's own ones (decision 0060) are its product's, edited with it. */
const isGlobal = isNull(attributes.productId);
const globalAttribute = (id: number) => and(eq(attributes.id, id), isGlobal);

/** A deletion refused because products use what it would remove, naming them. */
export class AttributeInUseError extends Error {
  constructor(
    readonly code: "term_in_use" | "term_used_by_variations",
    message: string,
    readonly products: TermUse[],
  ) {
    super(message);
  }
}

function namesOf(label: Translated): AttributeRecord["translations"] {
  return Object.fromEntries(Object.entries(label).map(([locale, name]) => [locale, { name }]));
}

export async function listAttributesForAdmin(db: Database, id?: number): Promise<AttributeRecord[]> {
  const rows = await db
    .select({
      id: attributes.id,
      slug: attributes.slug,
      label: attributes.label,
      orderby: attributes.orderby,
      // Written out: Drizzle leaves columns unqualified in a one-table select, and both tables have `id`.
      termCount: sql<number>`(select count(*)::int from attribute_terms where attribute_terms.attribute_id = attributes.id)`,
    })
    .from(attributes)
    .where(id === undefined ? isGlobal : globalAttribute(id))
    .orderBy(asc(attributes.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.label[FALLBACK_LOCALE] ?? row.slug,
    slug: row.slug,
    type: "select",
    order_by: row.orderby,
    has_archives: false,
    translations: namesOf(row.label),
    term_count: row.termCount,
  }));
}

export async function attributeForAdmin(db: Database, id: number): Promise<AttributeRecord | null> {
  return (await listAttributesForAdmin(db, id))[0] ?? null;
}

/** Changed names merged into the ones kept: a language left out keeps its text. */
function mergedNames(
  current: Translated,
  texts: Partial<Record<Locale, { name?: string }>> | undefined,
): Translated {
  const merged = { ...current };
  for (const [locale, text] of Object.entries(texts ?? {})) if (text?.name) merged[locale] = text.name;
  return merged;
}

/** A taken slug, said so; any other refusal is not the owner's to mend. */
function slugTaken(error: unknown, constraint: string, what: "attribute" | "term"): never {
  const refusal = databaseRefusal(error);
  if (refusal?.code === UNIQUE_VIOLATION && refusal.constraint === constraint)
    throw new AdminInputError(`${what}_slug_taken`, `That ${what} slug is already in use.`, "slug");
  throw error;
}

function slugFor(input: { slug?: string }, name: string | undefined, what: "attribute" | "term"): string {
  const slug = input.slug ?? slugify(name ?? "");
  if (!slug) throw new AdminInputError(`${what}_needs_slug`, `The ${what} needs a slug.`, "slug");
  return slug;
}

export async function createAttribute(db: Database, input: AttributeInput): Promise<number> {
  const name = input.translations?.[FALLBACK_LOCALE]?.name;
  if (!name)
    throw new AdminInputError("attribute_needs_name", "The attribute needs an English name.", "translations");
  try {
    const [row] = await db
      .insert(attributes)
      .values({
        slug: slugFor(input, name, "attribute"),
        label: mergedNames({}, input.translations),
        orderby: input.order_by ?? "menu_order",
      })
      .returning({ id: attributes.id });
    return row!.id;
  } catch (error) {
    slugTaken(error, "attributes_slug_key", "attribute");
  }
}

/** False when there is no such attribute. */
export async function updateAttribute(db: Database, id: number, input: AttributeInput): Promise<boolean> {
  const [current] = await db.select().from(attributes).where(globalAttribute(id));
  if (!current) return false;
  try {
    await db
      .update(attributes)
      .set({
        slug: input.slug ?? current.slug,
        label: mergedNames(current.label, input.translations),
        orderby: input.order_by ?? current.orderby,
      })
      .where(eq(attributes.id, id));
  } catch (error) {
    slugTaken(error, "attributes_slug_key", "attribute");
  }
  return true;
}

/**
 * The products (at most 20, by English name) whose terms `which` selects, and whether any variation
 * stands for one of those terms.
 */
async function usesOf(db: Database, which: SQL): Promise<{ products: TermUse[]; byVariations: boolean }> {
  const [used, [variation]] = await Promise.all([
    db
      .selectDistinct({
        id: products.id,
        name: sql<string>`coalesce(${productTranslations.name}, ${products.slug})`,
      })
      .from(productAttributeTerms)
      .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
      .innerJoin(products, eq(products.id, productAttributeTerms.productId))
      .leftJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, FALLBACK_LOCALE)),
      )
      .where(which)
      .orderBy(sql`2`, asc(products.id))
      .limit(20),
    db
      .select({ found: count() })
      .from(variationAttributes)
      .innerJoin(attributeTerms, eq(attributeTerms.id, variationAttributes.termId))
      .where(which),
  ]);
  return { products: used, byVariations: (variation?.found ?? 0) > 0 };
}

/**
 * Deletes what `which` selects unless products use it: without `force` any use refuses, naming the
 * products; with it, only a variation's use does (a variation must keep one term per attribute).
 */
async function refuseInUse(db: Database, which: SQL, force: boolean): Promise<void> {
  const use = await usesOf(db, which);
  if (use.byVariations)
    throw new AttributeInUseError(
      "term_used_by_variations",
      "Variations of these products stand for it: change or remove those variations first.",
      use.products,
    );
  if (!force && use.products.length > 0)
    throw new AttributeInUseError(
      "term_in_use",
      "These products use it: remove it from them, or delete with force=true to remove it from them too.",
      use.products,
    );
}

/** False when there is no such attribute; throws AttributeInUseError when products use it. */
export async function deleteAttribute(db: Database, id: number, force: boolean): Promise<boolean> {
  if (!(await attributeExists(db, id))) return false;
  await refuseInUse(db, eq(attributeTerms.attributeId, id), force);
  const deleted = await db.delete(attributes).where(eq(attributes.id, id)).returning({ id: attributes.id });
  return deleted.length > 0;
}

async function attributeExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: attributes.id }).from(attributes).where(globalAttribute(id));
  return row !== undefined;
}

/** The attribute's terms in the owner's order; null when there is no such attribute. */
export async function listTermsForAdmin(
  db: Database,
  attributeId: number,
  termId?: number,
): Promise<TermRecord[] | null> {
  if (!(await attributeExists(db, attributeId))) return null;
  const rows = await db
    .select({
      id: attributeTerms.id,
      slug: attributeTerms.slug,
      label: attributeTerms.label,
      description: attributeTerms.description,
      position: attributeTerms.position,
      count: sql<number>`(select count(*)::int from product_attribute_terms where product_attribute_terms.term_id = attribute_terms.id)`,
    })
    .from(attributeTerms)
    .where(
      and(
        eq(attributeTerms.attributeId, attributeId),
        termId === undefined ? undefined : eq(attributeTerms.id, termId),
      ),
    )
    .orderBy(asc(attributeTerms.position), asc(attributeTerms.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.label[FALLBACK_LOCALE] ?? row.slug,
    slug: row.slug,
    description: row.description[FALLBACK_LOCALE] ?? "",
    menu_order: row.position,
    count: row.count,
    translations: Object.fromEntries(
      Object.entries(row.label).map(([locale, name]) => [
        locale,
        { name, description: row.description[locale] ?? "" },
      ]),
    ),
  }));
}

function mergedDescriptions(current: Translated, texts: TermInput["translations"]): Translated {
  const merged = { ...current };
  for (const [locale, text] of Object.entries(texts ?? {}))
    if (text?.description !== undefined) merged[locale] = text.description;
  return merged;
}

/** The new term's id; null when there is no such attribute. A new term goes last unless placed. */
export async function createTerm(
  db: Database,
  attributeId: number,
  input: TermInput,
): Promise<number | null> {
  if (!(await attributeExists(db, attributeId))) return null;
  const name = input.translations?.[FALLBACK_LOCALE]?.name;
  if (!name) throw new AdminInputError("term_needs_name", "The term needs an English name.", "translations");
  try {
    const [row] = await db
      .insert(attributeTerms)
      .values({
        attributeId,
        slug: slugFor(input, name, "term"),
        label: mergedNames({}, input.translations),
        description: mergedDescriptions({}, input.translations),
        position:
          input.menu_order ??
          sql`(select coalesce(max(${attributeTerms.position}) + 1, 0) from ${attributeTerms} where ${attributeTerms.attributeId} = ${attributeId})`,
      })
      .returning({ id: attributeTerms.id });
    return row!.id;
  } catch (error) {
    slugTaken(error, "attribute_terms_slug_key", "term");
  }
}

const termOf = (attributeId: number, termId: number) =>
  and(eq(attributeTerms.attributeId, attributeId), eq(attributeTerms.id, termId));

/** False when the attribute has no such term. */
export async function updateTerm(
  db: Database,
  attributeId: number,
  termId: number,
  input: TermInput,
): Promise<boolean> {
  if (!(await attributeExists(db, attributeId))) return false;
  const [current] = await db.select().from(attributeTerms).where(termOf(attributeId, termId));
  if (!current) return false;
  try {
    await db
      .update(attributeTerms)
      .set({
        slug: input.slug ?? current.slug,
        label: mergedNames(current.label, input.translations),
        description: mergedDescriptions(current.description, input.translations),
        position: input.menu_order ?? current.position,
      })
      .where(eq(attributeTerms.id, termId));
  } catch (error) {
    slugTaken(error, "attribute_terms_slug_key", "term");
  }
  return true;
}

/** Puts the attribute's terms in the order given, which must name each of them once; false for no attribute. */
export async function arrangeTerms(db: Database, attributeId: number, termIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: attributeTerms.id })
      .from(attributeTerms)
      .where(eq(attributeTerms.attributeId, attributeId))
      .for("update");
    const [exists] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(globalAttribute(attributeId));
    if (!exists) return false;
    const own = new Set(rows.map((row) => row.id));
    if (
      termIds.length !== own.size ||
      new Set(termIds).size !== own.size ||
      termIds.some((id) => !own.has(id))
    )
      throw new AdminInputError("term_order_incomplete", "Name each of the attribute's terms once.", "order");
    for (const [position, id] of termIds.entries())
      await tx.update(attributeTerms).set({ position }).where(eq(attributeTerms.id, id));
    return true;
  });
}

/** False when the attribute has no such term; throws AttributeInUseError when products use it. */
export async function deleteTerm(
  db: Database,
  attributeId: number,
  termId: number,
  force: boolean,
): Promise<boolean> {
  if (!(await attributeExists(db, attributeId))) return false;
  await refuseInUse(db, termOf(attributeId, termId)!, force);
  const deleted = await db
    .delete(attributeTerms)
    .where(termOf(attributeId, termId))
    .returning({ id: attributeTerms.id });
  return deleted.length > 0;
}

/** The attributes and their terms a product may use, in both languages, for the product form. */
export async function attributeChoices(db: Database) {
  const [attributeRows, termRows] = await Promise.all([
    db.select().from(attributes).where(isGlobal).orderBy(asc(attributes.id)),
    db
      .select({ attributeTerms })
      .from(attributeTerms)
      .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
      .where(isGlobal)
      .orderBy(asc(attributeTerms.position), asc(attributeTerms.id))
      .then((rows) => rows.map((row) => row.attributeTerms)),
  ]);
  return attributeRows.map((attribute) => ({
    id: attribute.id,
    slug: attribute.slug,
    label: attribute.label,
    terms: termRows
      .filter((term) => term.attributeId === attribute.id)
      .map((term) => ({ id: term.id, slug: term.slug, label: term.label })),
  }));
}
