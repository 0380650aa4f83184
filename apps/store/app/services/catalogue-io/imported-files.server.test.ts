import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueImportFiles, type Database, media, productDownloads, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readWooProductCsv } from "../../lib/woo-product-csv.ts";
import { downloadPath, verifyDownloadSignature } from "../downloads/download-links.server.ts";
import { downloadsOfOrder, takeDownload } from "../downloads/download-permissions.server.ts";
import { createMediaLibrary } from "../media/media-library.server.ts";
import { createPrivateFiles, type PrivateFiles } from "../media/private-files.server.ts";
import { placeTestOrder } from "../orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { exportCatalogueCsv } from "./catalogue-export.server.ts";
import { runCatalogueImport, startCatalogueImport } from "./catalogue-import.server.ts";
import { importJobView } from "./catalogue-import-runs.server.ts";
import {
  type AddressFetchOptions,
  type FetchStores,
  fetchPendingImports,
  retryFailedFetches,
} from "./picture-fetch.server.ts";

/**
 * Downloadable files an imported CSV names by another site's address (decision 0081): fetched in
 * the background by the pictures' fetcher into the file row the downloads already name, then
 * delivered through the signed download link; failures in the import's report, fetched again on
 * request; a second import of the same address fetches nothing.
 */

const origin = "https://shop.example";
const SECRET = "a-test-session-secret";
const PDF = Buffer.from("%PDF-1.4\n% an imported guide\n");
/** Only the fake host's loopback address: the rule production uses would refuse it. */
const onlyLoopback = (address: string) => address === "127.0.0.1";
const fast: AddressFetchOptions = { isAllowedAddress: onlyLoopback, backoffMs: 1, timeoutMs: 2_000 };

const HEADER = "Type,SKU,Name,Regular price,Download 1 name,Download 1 URL";

describe.each(await availableDialects())("downloadable files fetched for an import on %s", (dialect) => {
  let database: TestDatabase;
  let folder: string;
  let host: LoopbackServer;
  let files: PrivateFiles;
  let stores: FetchStores;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    folder = await mkdtemp(path.join(tmpdir(), "imported-files-"));
    const kept = {
      public: folderStore(path.join(folder, "media")),
      private: folderStore(path.join(folder, "originals")),
    };
    files = createPrivateFiles({ db: database.db, files: kept.private });
    stores = {
      library: createMediaLibrary({ db: database.db, files: kept }),
      files,
    };
    const app = express();
    app.use((req, _res, next) => {
      hits.set(req.path, (hits.get(req.path) ?? 0) + 1);
      next();
    });
    app.get("/files/guide.pdf", (_req, res) => {
      res.type("application/pdf").send(PDF);
    });
    app.get("/files/big.zip", (_req, res) => {
      res
        .type("application/zip")
        .send(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(4096)]));
    });
    app.get("/files/tool.exe", (_req, res) => {
      res.type("application/octet-stream").send(Buffer.from("MZ\x90\x00 a program"));
    });
    host = await listenOnLoopback(app);
  });
  afterAll(async () => {
    host.close();
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.reset();
    hits.clear();
  });

  /** Imports `rows` (after the header) as a file of its own; answers the job. */
  async function importRows(name: string, rows: string[]) {
    const file = path.join(folder, `${name}.csv`);
    await writeFile(file, `${[HEADER, ...rows].join("\n")}\n`);
    const { jobId } = await startCatalogueImport(database.db, { fileName: `${name}.csv`, fileHash: name });
    const report = await runCatalogueImport(database.db, jobId, () => createReadStream(file), { origin });
    return { jobId, report };
  }

  async function productOf(sku: string) {
    const [product] = await database.db.select().from(products).where(eq(products.sku, sku));
    const [download] = await database.db
      .select()
      .from(productDownloads)
      .where(eq(productDownloads.productId, product!.id));
    return { productId: product!.id, mediaId: download!.mediaId };
  }

  async function exportedDownloads(db: Database, sku: string) {
    let text = "";
    for await (const chunk of exportCatalogueCsv(db, origin)) text += chunk;
    const file = path.join(folder, `export-${sku}.csv`);
    await writeFile(file, text);
    for await (const line of readWooProductCsv(createReadStream(file)))
      if (line.kind === "row" && line.row.sku === sku) return line.row.downloads;
    return undefined;
  }

  it("fetches the file into the row its download names, and a buyer downloads its bytes through the signed link; the export then names the stored file; the same file imported again fetches nothing and changes nothing", async () => {
    const { db } = database;
    const address = `${host.origin}/files/guide.pdf`;
    const row = `"simple, downloadable",GUIDE,Guide,9,The guide,${address}`;
    const { jobId } = await importRows("guide-1", [row]);
    const { productId, mediaId } = await productOf("GUIDE");
    // Waiting: no bytes yet, and the export writes the address it came from.
    expect(await files.fileInfo(mediaId)).toBeNull();
    expect(await exportedDownloads(db, "GUIDE")).toEqual([
      { id: expect.any(String), name: "The guide", url: address },
    ]);

    expect(await fetchPendingImports(db, stores, fast)).toEqual({ fetched: 1, failed: 0, productIds: [] });
    expect(hits.get("/files/guide.pdf")).toBe(1);
    const [file] = await db.select().from(media).where(eq(media.id, mediaId));
    expect(file).toMatchObject({
      kind: "file",
      filename: "guide.pdf",
      mimeType: "application/pdf",
      state: "ready",
    });
    expect(file!.originalPath).toMatch(/^files\//);
    expect(await files.fileInfo(mediaId)).toMatchObject({ bytes: PDF.length });
    expect((await importJobView(db, jobId))?.files).toEqual({
      pending: 0,
      fetched: 1,
      failed: 0,
      failures: [],
    });

    // A buyer's order: the download link opens the fetched file, its bytes as the host served them.
    const orderId = await placeTestOrder(db, [{ productId, quantity: 1 }], { payment: "cod" });
    const [link] = await downloadsOfOrder(db, SECRET, { id: orderId, status: "processing" });
    expect(link).toMatchObject({ name: "The guide" });
    const [, , order, permission, signature] = link!.url.split("/");
    expect(link!.url).toBe(downloadPath(SECRET, Number(order), Number(permission)));
    expect(verifyDownloadSignature(SECRET, Number(order), Number(permission), signature!)).toBe(true);
    const taken = await takeDownload(db, Number(order), Number(permission));
    expect(taken).toEqual({ ok: true, mediaId });
    const opened = await files.openFile(mediaId);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    expect(opened).toMatchObject({ filename: "guide.pdf", mimeType: "application/pdf" });

    // The export names the stored file now; the same file (by the outside address) changes nothing.
    expect(await exportedDownloads(db, "GUIDE")).toEqual([
      {
        id: expect.any(String),
        name: "The guide",
        url: `${origin}/api/vitrine/v2/downloads/files/${mediaId}`,
      },
    ]);
    const again = await importRows("guide-2", [row]);
    expect({ unchanged: again.report.unchanged, updated: again.report.updated }).toEqual({
      unchanged: 1,
      updated: 0,
    });
    // Another product naming the same address, or a renamed download, links the same stored file.
    const renamed = await importRows("guide-3", [
      `"simple, downloadable",GUIDE,Guide,9,The whole guide,${address}`,
      `"simple, downloadable",GUIDE-2,Guide again,9,Guide,${address}`,
    ]);
    expect({ created: renamed.report.created, updated: renamed.report.updated }).toEqual({
      created: 1,
      updated: 1,
    });
    expect((await productOf("GUIDE-2")).mediaId).toBe(mediaId);
    expect((await productOf("GUIDE")).mediaId).toBe(mediaId);
    expect(await fetchPendingImports(db, stores, fast)).toMatchObject({ fetched: 0, failed: 0 });
    expect(hits.get("/files/guide.pdf")).toBe(1);
    expect(await db.select({ id: catalogueImportFiles.id }).from(catalogueImportFiles)).toHaveLength(1);
    expect(await db.select({ id: media.id }).from(media).where(eq(media.kind, "file"))).toHaveLength(1);
  });

  it("reports a file that answers 404, one too big and one of a type the store does not take, with address, error and product, in the import's report; fetching again tries them afresh", async () => {
    const { db } = database;
    const { jobId } = await importRows("failing", [
      `"simple, downloadable",MISSING,Missing,9,Missing,${host.origin}/files/missing.pdf`,
      `"simple, downloadable",BIG,Big,9,Big,${host.origin}/files/big.zip`,
      `"simple, downloadable",TOOL,Tool,9,Tool,${host.origin}/files/tool.exe`,
    ]);
    const missing = await productOf("MISSING");
    const big = await productOf("BIG");
    const tool = await productOf("TOOL");
    expect(await fetchPendingImports(db, stores, { ...fast, maxBytes: 1024 })).toEqual({
      fetched: 0,
      failed: 3,
      productIds: [],
    });
    // None of them is tried twice: they will not pass.
    expect(hits.get("/files/missing.pdf")).toBe(1);
    const report = (await importJobView(db, jobId))!.files;
    expect({ pending: report.pending, fetched: report.fetched, failed: report.failed }).toEqual({
      pending: 0,
      fetched: 0,
      failed: 3,
    });
    expect(report.failures).toEqual(
      expect.arrayContaining([
        {
          productId: missing.productId,
          variationId: 0,
          url: `${host.origin}/files/missing.pdf`,
          error: "The server answered 404.",
          attempts: 1,
        },
        {
          productId: big.productId,
          variationId: 0,
          url: `${host.origin}/files/big.zip`,
          error: "The file is larger than 1 KB.",
          attempts: 1,
        },
        {
          productId: tool.productId,
          variationId: 0,
          url: `${host.origin}/files/tool.exe`,
          error: "The file is not a PDF, archive, document, picture, sound, video or text file.",
          attempts: 1,
        },
      ]),
    );
    expect(report.failures).toHaveLength(3);
    // Nothing was kept: each download still answers "file gone".
    for (const { mediaId } of [missing, big, tool]) expect(await files.fileInfo(mediaId)).toBeNull();

    expect(await retryFailedFetches(db, jobId)).toBe(3);
    expect((await importJobView(db, jobId))!.files).toMatchObject({ pending: 3, failed: 0, failures: [] });
    await fetchPendingImports(db, stores, { ...fast, maxBytes: 1024 });
    expect(hits.get("/files/missing.pdf")).toBe(2);
    expect((await importJobView(db, jobId))!.files).toMatchObject({ pending: 0, failed: 3 });
  });

  it("refuses a file at a private address under the production rule, without connecting, and reports it", async () => {
    const { db } = database;
    const { jobId } = await importRows("private", [
      `"simple, downloadable",INSIDE,Inside,9,Inside,${host.origin}/files/guide.pdf`,
    ]);
    const inside = await productOf("INSIDE");
    expect(await fetchPendingImports(db, stores, { backoffMs: 1 })).toMatchObject({ fetched: 0, failed: 1 });
    expect(hits.get("/files/guide.pdf")).toBeUndefined();
    expect((await importJobView(db, jobId))!.files.failures).toEqual([
      {
        productId: inside.productId,
        variationId: 0,
        url: `${host.origin}/files/guide.pdf`,
        error: "127.0.0.1 is not a public address.",
        attempts: 1,
      },
    ]);
    expect(await files.fileInfo(inside.mediaId)).toBeNull();
  });
});
