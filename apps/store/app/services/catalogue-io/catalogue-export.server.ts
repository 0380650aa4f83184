import { attributeTerms, type Database, productAttributeTerms, productDownloads } from "@vitrine/db";
import { eq, sql } from "drizzle-orm";
import {
  esAttributeMeta,
  VITRINE_META,
  type WriteShape,
  writeWooProductCsv,
} from "../../lib/woo-product-csv.ts";
import { catalogueLookups, catalogueRows, productIdsAfter } from "./catalogue-rows.server.ts";

/**
 * The whole catalogue as WooCommerce's product CSV (decision 0074), streamed: products in id order,
 * each followed by its variations, read a page at a time. Pictures are absolute addresses on the
 * store's configured public URL (never the request's Host).
 */
export async function* exportCatalogueCsv(
  db: Database,
  origin: string,
  options: { pageSize?: number } = {},
): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? 500;
  const shape = await exportShape(db);
  const lookups = await catalogueLookups(db, origin);
  async function* rows() {
    let after = 0;
    for (;;) {
      const ids = await productIdsAfter(db, after, pageSize);
      if (ids.length === 0) return;
      for (const entry of await catalogueRows(db, ids, lookups)) yield entry.row;
      after = ids[ids.length - 1]!;
    }
  }
  yield* writeWooProductCsv(rows(), shape);
}

/** The columns every row fits in: as many attribute columns as the product with the most attributes. */
async function exportShape(db: Database): Promise<WriteShape> {
  const [row] = await db
    .select({
      most: sql<number>`coalesce(max(n), 0)::int`,
    })
    .from(
      db
        .select({ n: sql<number>`count(distinct ${attributeTerms.attributeId})`.as("n") })
        .from(productAttributeTerms)
        .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
        .groupBy(productAttributeTerms.productId)
        .as("counts"),
    );
  const attributes = row?.most ?? 0;
  // As many download columns as the product or variation with the most files.
  const [files] = await db.select({ most: sql<number>`coalesce(max(n), 0)::int` }).from(
    db
      .select({ n: sql<number>`count(*)`.as("n") })
      .from(productDownloads)
      .groupBy(productDownloads.productId, productDownloads.variationId)
      .as("files"),
  );
  const meta: string[] = Object.values(VITRINE_META);
  for (let n = 1; n <= attributes; n++) meta.push(esAttributeMeta(n).name, esAttributeMeta(n).values);
  return { attributes, downloads: files?.most ?? 0, meta };
}

/** The download's file name: the store's name and the day, as WooCommerce's `wc-product-export-…`. */
export function exportFileName(now: Date = new Date()): string {
  return `wc-product-export-${now.toISOString().slice(0, 10)}.csv`;
}
