import {
  attributes,
  attributeTerms,
  type Database,
  productAttributeTerms,
  type Transaction,
} from "@vitrine/db";
import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { locales } from "../../i18n/i18n.ts";
import type {
  AttributeRecord,
  GlobalAttributeInput,
  OwnAttributeInput,
  ProductAttributeInput,
  VariationInput,
} from "../../lib/product-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { slugify } from "../shared/slugs.server.ts";
import { FALLBACK_LOCALE } from "../shared/translations.server.ts";
import { readProductTerms } from "./product-attribute-queries.server.ts";

/**
 * The attributes a product uses (issue 39, decision 0060): global ones, by the terms it offers, and
 * its own (WooCommerce's custom product attributes), rows of `attributes` with its `product_id`
 * whose values are their terms. Both are offered through `product_attribute_terms`, so the product
 * page, the cart and orders read them alike; a save writes them here, in the save's transaction.
 */

type Translated = Record<string, string>;

/** An attribute as the save left it: what its variations may name. */
export type OfferedAttribute = {
  id: number;
  own: boolean;
  slug: string;
  label: Translated;
  variation: boolean;
  terms: Array<{ id: number; slug: string; label: Translated }>;
};

const isOwn = (attribute: ProductAttributeInput): attribute is OwnAttributeInput => !attribute.id;

/** A slug made from a name, or `fallback` for a name without a letter or digit it can keep. */
const slugOf = (text: string, fallback: string) => slugify(text) || fallback;

/** The text in English and in each other language that gives one (an empty one falls back to English). */
function translated(english: string, other: (locale: string) => string | undefined): Translated {
  const label: Translated = { [FALLBACK_LOCALE]: english };
  for (const locale of locales) {
    const text = locale === FALLBACK_LOCALE ? undefined : other(locale)?.trim();
    if (text) label[locale] = text;
  }
  return label;
}

const refuse = (code: string, message: string) => new AdminInputError(code, message, "attributes");

/** The global attributes named and their terms; refuses an unknown one, a term of another, or an own one. */
async function globalOffers(tx: Transaction, given: GlobalAttributeInput[]): Promise<OfferedAttribute[]> {
  const ids = [...new Set(given.map((attribute) => attribute.id))];
  if (ids.length !== given.length) throw refuse("product_attribute_twice", "An attribute is named twice.");
  if (ids.length === 0) return [];
  const [attributeRows, termRows] = await Promise.all([
    tx
      .select()
      .from(attributes)
      .where(and(inArray(attributes.id, ids), isNull(attributes.productId))),
    tx
      .select()
      .from(attributeTerms)
      .where(inArray(attributeTerms.id, [...new Set(given.flatMap((attribute) => attribute.terms))])),
  ]);
  return given.map((attribute) => {
    const row = attributeRows.find((each) => each.id === attribute.id);
    const terms = termRows.filter((term) => attribute.terms.includes(term.id));
    if (!row || terms.length !== new Set(attribute.terms).size || terms.some((t) => t.attributeId !== row.id))
      throw new AdminInputError("product_unknown_reference", "Unknown attribute term.", "attributes");
    return {
      id: row.id,
      own: false,
      slug: row.slug,
      label: row.label,
      variation: attribute.variation ?? true,
      terms: terms.map((term) => ({ id: term.id, slug: term.slug, label: term.label })),
    };
  });
}

/** Writes one own attribute and its values (kept by slug, so variations and carts keep their terms). */
async function writeOwn(
  tx: Transaction,
  productId: number,
  given: OwnAttributeInput,
  slug: string,
  kept: { id: number } | undefined,
): Promise<OfferedAttribute> {
  const label = translated(given.name, (locale) => given.translations?.[locale as "es"]?.name);
  const [row] = kept
    ? await tx.update(attributes).set({ label }).where(eq(attributes.id, kept.id)).returning()
    : await tx.insert(attributes).values({ productId, slug, label }).returning();
  const attributeId = row!.id;
  const values = given.options.map((option, position) => ({
    slug: slugOf(option, `value-${position + 1}`),
    label: translated(option, (locale) => given.translations?.[locale as "es"]?.options?.[position]),
    position,
  }));
  if (new Set(values.map((value) => value.slug)).size !== values.length)
    throw refuse("product_attribute_value_twice", `"${given.name}" has the same value twice.`);
  for (const locale of locales) {
    if ((given.translations?.[locale as "es"]?.options?.length ?? 0) > values.length)
      throw refuse(
        "product_attribute_translation",
        `"${given.name}" has more translated values than values.`,
      );
  }
  const terms = await tx
    .insert(attributeTerms)
    .values(values.map((value) => ({ attributeId, ...value })))
    .onConflictDoUpdate({
      target: [attributeTerms.attributeId, attributeTerms.slug],
      set: { label: sql`excluded.label`, position: sql`excluded.position` },
    })
    .returning();
  await tx.delete(attributeTerms).where(
    and(
      eq(attributeTerms.attributeId, attributeId),
      notInArray(
        attributeTerms.id,
        terms.map((term) => term.id),
      ),
    ),
  );
  terms.sort((a, b) => a.position - b.position);
  return {
    id: attributeId,
    own: true,
    slug,
    label,
    variation: given.variation ?? true,
    terms: terms.map((term) => ({ id: term.id, slug: term.slug, label: term.label })),
  };
}

/**
 * Replaces the product's attributes with `given`: its own ones are made, changed (known by their
 * name's slug) or removed with their values; every attribute's terms are offered with its flags.
 * Answers what the product now offers, in the order given.
 */
export async function writeProductAttributes(
  tx: Transaction,
  productId: number,
  given: ProductAttributeInput[],
): Promise<OfferedAttribute[]> {
  const globals = await globalOffers(
    tx,
    given.filter((attribute): attribute is GlobalAttributeInput => !isOwn(attribute)),
  );
  const existing = await tx.select().from(attributes).where(eq(attributes.productId, productId));
  const slugs = new Set(globals.map((attribute) => attribute.slug));
  const offered: OfferedAttribute[] = [];
  for (const [index, attribute] of given.entries()) {
    if (!isOwn(attribute)) {
      offered.push(globals.find((each) => each.id === attribute.id)!);
      continue;
    }
    const slug = slugOf(attribute.name, `attribute-${index + 1}`);
    // The product page and add to cart name an attribute by its slug, so a product's are all different.
    if (slugs.has(slug))
      throw refuse(
        "product_attribute_name_taken",
        `Another of the product's attributes is "${attribute.name}".`,
      );
    slugs.add(slug);
    const kept = existing.find((row) => row.slug === slug);
    offered.push(await writeOwn(tx, productId, attribute, slug, kept));
  }
  const gone = existing.filter((row) => !offered.some((attribute) => attribute.id === row.id));
  if (gone.length > 0)
    await tx.delete(attributes).where(
      inArray(
        attributes.id,
        gone.map((row) => row.id),
      ),
    );
  await tx.delete(productAttributeTerms).where(eq(productAttributeTerms.productId, productId));
  const rows = given.flatMap((attribute, index) =>
    offered[index]!.terms.map((term) => ({
      productId,
      termId: term.id,
      usedForVariations: attribute.variation ?? true,
      visible: attribute.visible ?? true,
    })),
  );
  if (rows.length > 0) await tx.insert(productAttributeTerms).values(rows);
  return offered;
}

/**
 * A variation's term of each attribute used for variations, by attribute id, from either shape the
 * API takes (`{"{id}": term id}`, or WooCommerce's `[{id, name, option}]`); refuses anything else.
 */
export function variationTermsOf(
  offered: OfferedAttribute[],
  given: VariationInput["attributes"],
): Map<number, number> {
  const wrong = () =>
    new AdminInputError(
      "product_variation_terms",
      "Each variation needs one of the product's terms of each attribute.",
      "variations",
    );
  const entries = Array.isArray(given)
    ? given
    : Object.entries(given).map(([attributeId, term]) => ({
        id: Number(attributeId),
        term,
        name: "",
        option: "",
      }));
  const chosen = new Map<number, number>();
  for (const entry of entries) {
    const name = entry.name?.trim() ?? "";
    const attribute =
      entry.id === 0
        ? offered.find(
            (each) => each.own && (each.slug === slugOf(name, "") || each.label[FALLBACK_LOCALE] === name),
          )
        : offered.find((each) => each.id === entry.id);
    const option = entry.option?.trim();
    const term = attribute?.terms.find((each) =>
      entry.term !== undefined
        ? each.id === entry.term
        : each.slug === option || each.label[FALLBACK_LOCALE] === option,
    );
    if (!attribute || !term || chosen.has(attribute.id)) throw wrong();
    chosen.set(attribute.id, term.id);
  }
  const needed = offered.filter((attribute) => attribute.variation);
  if (chosen.size !== needed.length || needed.some((attribute) => !chosen.has(attribute.id))) throw wrong();
  return chosen;
}

/** The product's attributes in WooCommerce's shape (`id` 0 for its own), with their names in every language. */
export async function productAttributesForAdmin(db: Database, productId: number): Promise<AttributeRecord[]> {
  const rows = await readProductTerms(db, productId);
  const byAttribute = new Map<number, typeof rows>();
  for (const row of rows)
    byAttribute.set(row.attributeId, [...(byAttribute.get(row.attributeId) ?? []), row]);
  return [...byAttribute.values()].map((terms, position) => {
    const first = terms[0]!;
    return {
      id: first.attributeOwner === null ? first.attributeId : 0,
      name: first.attributeLabel[FALLBACK_LOCALE] ?? first.attributeSlug,
      slug: first.attributeSlug,
      position,
      visible: first.visible,
      variation: first.forVariations,
      options: terms.map((term) => term.termLabel[FALLBACK_LOCALE] ?? term.termSlug),
      terms: terms.map((term) => term.termId),
      translations: Object.fromEntries(
        locales.map((locale) => [
          locale,
          {
            name: first.attributeLabel[locale] ?? "",
            options: terms.map((term) => term.termLabel[locale] ?? ""),
          },
        ]),
      ),
    };
  });
}
