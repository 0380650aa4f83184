import { randomUUID } from "node:crypto";
import { type Database, media, productDownloads, type Transaction } from "@vitrine/db";
import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import {
  DOWNLOAD_FILE_PATH,
  type DownloadInput,
  type DownloadRecord,
  storedFileId,
} from "../../lib/download-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { grantNewFile } from "./download-permissions.server.ts";

/**
 * A downloadable product's or variation's files (issue 43, decision 0075), as the REST API and the
 * back office's editor read and save them: WooCommerce's `downloads` [{id, name, file}], `file`
 * naming a stored file by its staff-only address.
 */

/** A product's files: its own, and each variation's by the variation's id. */
export async function downloadsOfProduct(
  db: Database,
  productId: number,
): Promise<{ own: DownloadRecord[]; byVariation: Map<number, DownloadRecord[]> }> {
  const rows = await db
    .select()
    .from(productDownloads)
    .where(eq(productDownloads.productId, productId))
    .orderBy(asc(productDownloads.position), asc(productDownloads.id));
  const own: DownloadRecord[] = [];
  const byVariation = new Map<number, DownloadRecord[]>();
  for (const row of rows) {
    const record = { id: row.downloadId, name: row.name, file: `${DOWNLOAD_FILE_PATH}${row.mediaId}` };
    if (row.variationId === null) own.push(record);
    else byVariation.set(row.variationId, [...(byVariation.get(row.variationId) ?? []), record]);
  }
  return { own, byVariation };
}

/**
 * Makes the product's (or one variation's) files `given`, in one transaction: a listed `id` keeps
 * that file (its permissions with it), one without an id is new, and a file left out is removed,
 * which revokes what orders were granted of it (WooCommerce does the same).
 */
export async function writeDownloads(
  tx: Transaction,
  productId: number,
  variationId: number | null,
  given: readonly DownloadInput[],
): Promise<void> {
  const fileIds = given.map((download) => storedFileId(download.file)!);
  if (fileIds.length > 0) {
    const found = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, [...new Set(fileIds)]), eq(media.kind, "file")));
    if (found.length !== new Set(fileIds).size)
      throw new AdminInputError(
        "product_invalid_download_file",
        "A download's file is not one of the store's files.",
        "downloads",
      );
  }
  const whose = and(
    eq(productDownloads.productId, productId),
    variationId === null
      ? isNull(productDownloads.variationId)
      : eq(productDownloads.variationId, variationId),
  );
  const existing = await tx
    .select({ downloadId: productDownloads.downloadId })
    .from(productDownloads)
    .where(whose);
  const own = new Set(existing.map((row) => row.downloadId));
  const kept = given.flatMap((download) => (download.id && own.has(download.id) ? [download.id] : []));
  if (new Set(kept).size !== kept.length)
    throw new AdminInputError(
      "product_invalid_download_file",
      "Two downloads have the same id.",
      "downloads",
    );
  await tx
    .delete(productDownloads)
    .where(kept.length > 0 ? and(whose, notInArray(productDownloads.downloadId, kept)) : whose);
  for (const [position, download] of given.entries()) {
    const values = { name: download.name, mediaId: fileIds[position]!, position };
    if (download.id && own.has(download.id))
      await tx
        .update(productDownloads)
        .set(values)
        .where(and(whose, eq(productDownloads.downloadId, download.id)));
    else {
      const [added] = await tx
        .insert(productDownloads)
        .values({
          ...values,
          productId,
          variationId,
          // An id given that is not this product's is taken as the file's name from elsewhere (an
          // import): kept when free, a new one otherwise.
          downloadId: download.id && !(await downloadIdTaken(tx, download.id)) ? download.id : randomUUID(),
        })
        .returning({ id: productDownloads.id });
      // Those who have bought it get the new file too (WooCommerce's "grant access to new files").
      await grantNewFile(tx, added!.id);
    }
  }
}

async function downloadIdTaken(tx: Transaction, downloadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: productDownloads.id })
    .from(productDownloads)
    .where(eq(productDownloads.downloadId, downloadId));
  return row !== undefined;
}
