import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueImportJobs, catalogueImportUploads, media, productDownloads, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { createPrivateFiles, type PrivateFiles } from "../media/private-files.server.ts";
import { startCatalogueImport } from "./catalogue-import.server.ts";
import {
  ABANDONED_UPLOAD_MS,
  keepImportUpload,
  previewUpload,
  removeAbandonedUploads,
} from "./catalogue-import-runs.server.ts";

/**
 * Import uploads left unrun (decision 0082): removed with their bytes a day after the upload,
 * unless an unfinished job reads them or a downloadable product delivers the file.
 */

const CSV = Buffer.from("Type,SKU,Name,Regular price\nsimple,MUG,Mug,10\n");

describe.each(await availableDialects())("import uploads left unrun on %s", (dialect) => {
  let database: TestDatabase;
  let folder: string;
  let files: PrivateFiles;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    folder = await mkdtemp(path.join(tmpdir(), "import-uploads-"));
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.reset();
    files = createPrivateFiles({ db: database.db, files: folderStore(path.join(folder, "originals")) });
  });

  const upload = async (filename: string) =>
    (await keepImportUpload({ db: database.db, files }, { bytes: CSV, filename, uploadedBy: 1 })).id;

  /** Makes the uploads look kept since `ms` ago. */
  const uploadedAgo = (ids: number[], ms: number) =>
    database.db
      .update(catalogueImportUploads)
      .set({ uploadedAt: new Date(Date.now() - ms) })
      .where(inArray(catalogueImportUploads.mediaId, ids));

  it("removes an upload a day old that nothing reads, and keeps the others", async () => {
    const [left, fresh, read, delivered] = [
      await upload("left.csv"),
      await upload("fresh.csv"),
      await upload("read.csv"),
      await upload("delivered.csv"),
    ];
    await uploadedAgo([left, read, delivered], ABANDONED_UPLOAD_MS + 60_000);
    await uploadedAgo([fresh], ABANDONED_UPLOAD_MS - 60_000);
    // An unfinished job reads one (a stopped run resumes from it at the next start).
    const { jobId } = await startCatalogueImport(database.db, { fileName: "read.csv", fileHash: "read" });
    await database.db
      .update(catalogueImportJobs)
      .set({ options: sql`${catalogueImportJobs.options} || jsonb_build_object('upload', ${read}::int)` })
      .where(eq(catalogueImportJobs.id, jobId));
    // A downloadable product delivers another's file.
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    await database.db
      .insert(productDownloads)
      .values({ downloadId: "guide", productId: mug.id, name: "Guide", mediaId: delivered });

    expect(await removeAbandonedUploads({ db: database.db, files })).toEqual([left, delivered]);

    expect(await files.fileInfo(left)).toBeNull();
    expect(await database.db.select().from(media).where(eq(media.id, left))).toEqual([]);
    for (const kept of [fresh, read, delivered]) expect(await files.fileInfo(kept)).not.toBeNull();
    // The delivered file is no longer an upload: the next sweep leaves it alone.
    const marked = await database.db
      .select({ id: catalogueImportUploads.mediaId })
      .from(catalogueImportUploads);
    expect(marked.map((row) => row.id).sort((a, b) => a - b)).toEqual([fresh, read]);
    expect(await removeAbandonedUploads({ db: database.db, files })).toEqual([]);

    // Once its job is done, the read one is left over too.
    await database.db
      .update(catalogueImportJobs)
      .set({ status: "done" })
      .where(eq(catalogueImportJobs.id, jobId));
    expect(await removeAbandonedUploads({ db: database.db, files })).toEqual([read]);
    expect(await files.fileInfo(read)).toBeNull();
  });

  it("keeps an upload's preview while the catalogue stays as it was, and runs it again once it changes", async () => {
    const id = await upload("preview.csv");
    let generation = 0;
    const parts = {
      db: database.db,
      files,
      origin: "http://store.test",
      catalogueGeneration: () => generation,
    };
    const counts = async (skip: string[] = []) => {
      const { report, rows } = await previewUpload(parts, id, skip);
      return { created: report.created, updated: report.updated, rows: rows.length };
    };
    expect(await counts()).toEqual({ created: 1, updated: 0, rows: 1 });
    // The file's product made behind the process's back: the kept preview still says "created".
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    await database.db.update(products).set({ sku: "MUG" }).where(eq(products.id, mug.id));
    expect(await counts()).toEqual({ created: 1, updated: 0, rows: 1 });
    // Other columns are another preview, read now.
    expect((await counts(["Regular price"])).created).toBe(0);
    // A change the process hears of: read again.
    generation++;
    expect((await counts()).created).toBe(0);
    // Without the catalogue's generation, nothing is kept.
    const { report } = await previewUpload({ db: database.db, files, origin: "http://store.test" }, id, []);
    expect(report.created).toBe(0);
  });
});
