import { cartLines, categories, categoryTranslations, products, productTranslations } from "@vitrine/db";
import { and, type Column, eq, type SQL, sql } from "drizzle-orm";
import { alias, type PgTable } from "drizzle-orm/pg-core";
import { defaultLocale } from "../../i18n/i18n.ts";

/**
 * Shopper-facing text is stored once per language, and a text missing in the shopper's language
 * is read in English (then a last resort such as the slug). This is that rule, written once: for
 * the translation tables (one row per owner and language, keyed by both) and for `{ en, es }`
 * values kept in a JSON column.
 */
export const FALLBACK_LOCALE = defaultLocale;

/** The text in `locale`, else the English one, else `otherwise`. */
export function pickTranslation<V, T>(
  value: Partial<Record<string, V>>,
  locale: string,
  otherwise: T,
): V | T {
  return value[locale] ?? value[FALLBACK_LOCALE] ?? otherwise;
}

/** Picks the shopper's language from a `{ en, es }` value stored in a block. */
export function translated(value: unknown, locale: string): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const text = pickTranslation(value as Record<string, unknown>, locale, "");
    return typeof text === "string" ? text : "";
  }
  return "";
}

type ColumnKey<T extends PgTable> = keyof T["_"]["columns"] & string;

/**
 * The texts of one translation table, for the rows of its owner table: `ownerKey` is the column
 * naming the owner (`productId`), `owner` the owner's id column (`products.id`).
 */
export function translationsOf<T extends PgTable & { locale: Column }>(
  table: T,
  ownerKey: ColumnKey<T>,
  owner: Column,
) {
  const columnOf = (from: PgTable, key: string) => (from as unknown as Record<string, Column>)[key]!;
  const rowOf = (from: PgTable, locale: string) =>
    and(eq(columnOf(from, ownerKey), owner), eq(columnOf(from, "locale"), locale));
  /** The text in one language, as a correlated subquery: null when there is none. */
  const inLocale = (column: ColumnKey<T>, locale: string): SQL<string | null> =>
    sql`(select ${columnOf(table, column)} from ${table} where ${rowOf(table, locale)})`;
  return {
    inLocale,
    /**
     * The text in `locale`, else in English, else `otherwise`, as one column expression of two
     * primary-key lookups; for queries that read one text of each row.
     */
    text(column: ColumnKey<T>, locale: string, otherwise: SQL | Column): SQL<string> {
      return sql<string>`coalesce(${inLocale(column, locale)}, ${inLocale(column, FALLBACK_LOCALE)}, ${otherwise})`;
    },
    /**
     * The shopper's translation and the English one as two left-joined aliases of the table, for
     * queries that read several texts of each row: `.leftJoin(...joined.own(locale))
     * .leftJoin(...joined.fallback)`, and `joined.text(column, otherwise)` in the select list.
     */
    joined(name: string) {
      const own = alias(table, `local_${name}`) as PgTable;
      const fallback = alias(table, `fallback_${name}`) as PgTable;
      return {
        own: (locale: string) => [own, rowOf(own, locale)] as const,
        fallback: [fallback, rowOf(fallback, FALLBACK_LOCALE)] as const,
        text: (column: ColumnKey<T>, otherwise: SQL | Column): SQL<string> =>
          sql<string>`coalesce(${columnOf(own, column)}, ${columnOf(fallback, column)}, ${otherwise})`,
      };
    },
  };
}

/** Product names and descriptions, for queries over `products`. */
export const productTexts = translationsOf(productTranslations, "productId", products.id);

/** A cart line's product names, for statements over `cart_lines`. */
export const lineProductTexts = translationsOf(productTranslations, "productId", cartLines.productId);

/** Category names, for queries over `categories`. */
export const categoryTexts = translationsOf(categoryTranslations, "categoryId", categories.id);
