import { type ChildProcess, spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  catalogueImportJobs,
  catalogueImportPictures,
  catalogueImportRows,
  createDb,
  type Database,
  type Dialect,
  media,
  productDownloads,
  productLinks,
  products,
  variations,
} from "@vitrine/db";
import { seedDemo } from "@vitrine/db/seed";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { count, countDistinct, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWooProductCsv, type WooProductRow } from "../../lib/woo-product-csv.ts";
import { exportCatalogueCsv } from "./catalogue-export.server.ts";
import {
  type ImportReport,
  previewCatalogueImport,
  runCatalogueImport,
  startCatalogueImport,
} from "./catalogue-import.server.ts";

const origin = "https://shop.example";

async function exportText(database: { db: Database }): Promise<string> {
  let text = "";
  for await (const chunk of exportCatalogueCsv(database.db, origin, { pageSize: 7 })) text += chunk;
  return text;
}

/** A file's text without the first column: two stores number their products apart. */
const withoutIds = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/^\uFEFF?\d*,/, ","))
    .join("\n");

async function importFile(database: TestDatabase, file: string, hash: string): Promise<ImportReport> {
  const { jobId } = await startCatalogueImport(database.db, {
    fileName: path.basename(file),
    fileHash: hash,
  });
  return runCatalogueImport(database.db, jobId, () => createReadStream(file), { origin, batchSize: 20 });
}

describe.each(await availableDialects())("the catalogue's CSV import and export on %s", (dialect) => {
  let folder: string;
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "catalogue-io-"));
    [source, target] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect)]);
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
    await rm(folder, { recursive: true, force: true });
  });

  it("exports the demo, imports it into an empty store, and exports the same file again; a second import changes nothing", async () => {
    await source.reset();
    await target.reset();
    await seedDemo(source.db, { media: folderStore(path.join(folder, "media")), images: "later" });
    const first = await exportText(source);
    const file = path.join(folder, "demo.csv");
    await writeFile(file, first);

    const preview = await previewCatalogueImport(target.db, () => createReadStream(file), { origin });
    expect(preview.fileProblems).toEqual([]);
    const imported = await importFile(target, file, "demo-1");
    expect(imported.fileProblems).toEqual([]);
    expect(imported.refused).toBe(0);
    expect({ created: imported.created, updated: imported.updated, refused: imported.refused }).toEqual({
      created: preview.created,
      updated: preview.updated,
      refused: preview.refused,
    });
    expect(imported.created).toBe(imported.rows);

    const second = await exportText(target);
    // The stores number their products apart; every other cell agrees.
    expect(withoutIds(second)).toBe(withoutIds(first));

    const again = await importFile(target, file, "demo-2");
    expect({ created: again.created, updated: again.updated, unchanged: again.unchanged }).toEqual({
      created: 0,
      updated: 0,
      unchanged: again.rows,
    });
    expect(await exportText(target)).toBe(second);
  });

  it("imports a WooCommerce file: a variable product with six variations before its parent, nested categories, sale dates, linked products, bad rows refused by line and column; the preview says the same and a second run changes nothing", async () => {
    await target.reset();
    const header =
      "ID,Type,SKU,Name,Published,Is featured?,Visibility in catalog,Short description,Description,Date sale price starts,Date sale price ends,Tax status,Tax class,In stock?,Stock,Backorders allowed?,Allow customer reviews?,Sale price,Regular price,Categories,Tags,Images,Parent,Grouped products,Upsells,Cross-sells,External URL,Button text,Position,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global";
    const variationsOf = ["Red", "Blue", "Green"].flatMap((colour, c) =>
      ["S", "M"].map(
        (size, s) =>
          `,variation,TEE-${colour}-${size},,1,0,visible,,,,,taxable,parent,1,${c + s + 1},0,1,,${20 + c},,,,TEE,,,,,,${c * 2 + s},Colour,${colour},,1,Size,${size},,1`,
      ),
    );
    const lines = [
      header,
      ...variationsOf,
      '101,variable,TEE,"Tee, organic",1,1,visible,Soft,"Two\\nlines",,,taxable,,1,,0,1,,,"Clothing > Tops > Tees, Sale",summer,,,,MUG,,,,1,Colour,"Red, Blue, Green",1,1,Size,"S, M",1,1',
      "102,simple,MUG,Mug,1,0,catalog,,,2025-06-01 0:00:00,2025-06-30 23:59:59,taxable,,1,4,notify,0,8,12.50,Home > Kitchen,,https://pictures.example/mug.jpg,,,,TEE,,,3,Material,Clay,1,0,,,,",
      '103,grouped,SET,Breakfast set,1,0,visible,,,,,taxable,,1,,0,1,,,Home,,,,"MUG, id:101",,,,,,,,,,,,,',
      "104,external,BOOK,A book,1,0,visible,,,,,taxable,,1,,0,1,,15,Books,,,,,,,https://books.example/b,Buy it,,,,,,,,,",
      ",simple,BAD-PRICE,Bad price,1,0,visible,,,,,taxable,,1,,0,1,,12.345,,,,,,,,,,,,,,,,,,",
      ",variation,ORPHAN,,1,0,visible,,,,,taxable,parent,1,,0,1,,5,,,,NOPE,,,,,,,Colour,Red,,1,,,,",
      ",grouped,LOOP-A,Loop A,1,0,visible,,,,,taxable,,1,,0,1,,,,,,,LOOP-B,,,,,,,,,,,,,",
      ",grouped,LOOP-B,Loop B,1,0,visible,,,,,taxable,,1,,0,1,,,,,,,LOOP-A,,,,,,,,,,,,,",
    ];
    const file = path.join(folder, "woo.csv");
    await writeFile(file, `${lines.join("\n")}\n`);

    const preview = await previewCatalogueImport(target.db, () => createReadStream(file), { origin });
    expect(preview.fileProblems).toEqual([]);
    const refusals = preview.outcomes
      .filter((outcome) => outcome.outcome === "refuse")
      .map((outcome) => [outcome.line, outcome.problems[0]!.column]);
    expect(refusals).toEqual([
      [12, "Regular price"],
      [13, "Parent"],
      [14, "Grouped products"],
      [15, "Grouped products"],
    ]);
    expect({ created: preview.created, refused: preview.refused }).toEqual({ created: 10, refused: 4 });

    const run = await importFile(target, file, "woo-1");
    expect({ created: run.created, updated: run.updated, refused: run.refused }).toEqual({
      created: preview.created,
      updated: preview.updated,
      refused: preview.refused,
    });
    const [tee] = await target.db.select().from(products).where(eq(products.sku, "TEE"));
    expect(tee).toMatchObject({
      type: "variable",
      featured: true,
      regularPrice: 2000,
      stockStatus: "instock",
    });
    expect(await target.db.select().from(variations).where(eq(variations.productId, tee!.id))).toHaveLength(
      6,
    );
    const [mug] = await target.db.select().from(products).where(eq(products.sku, "MUG"));
    expect(mug).toMatchObject({
      regularPrice: 1250,
      salePrice: 800,
      dateOnSaleFrom: "2025-06-01",
      dateOnSaleTo: "2025-06-30",
      backorders: "notify",
      reviewsAllowed: false,
      catalogVisibility: "catalog",
      stockQuantity: 4,
    });
    expect(
      await target.db
        .select()
        .from(catalogueImportPictures)
        .where(eq(catalogueImportPictures.productId, mug!.id)),
    ).toEqual([
      expect.objectContaining({ url: "https://pictures.example/mug.jpg", state: "pending", position: 0 }),
    ]);
    const [set] = await target.db.select().from(products).where(eq(products.sku, "SET"));
    const children = await target.db.select().from(productLinks).where(eq(productLinks.productId, set!.id));
    expect(children.map((link) => link.linkedProductId).sort()).toEqual([tee!.id, mug!.id].sort());

    const again = await importFile(target, file, "woo-2");
    expect({ created: again.created, updated: again.updated, refused: again.refused }).toEqual({
      created: 0,
      updated: 0,
      refused: 4,
    });
  });
});

describe.each(await availableDialects())("downloads in the catalogue's CSV on %s", (dialect) => {
  let folder: string;
  let store: TestDatabase;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "catalogue-files-"));
    store = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("imports a product's and a variation's files (the store's own by address, another address left to fetch), their limit and expiry; exports them again; a second run changes nothing and a changed name keeps the download's row", async () => {
    await store.reset();
    const [stored] = await store.db
      .insert(media)
      .values({
        kind: "file",
        filename: "guide.pdf",
        mimeType: "application/pdf",
        originalPath: "files/guide.pdf",
      })
      .returning({ id: media.id });
    const own = `${origin}/api/vitrine/v2/downloads/files/${stored!.id}`;
    const header =
      "Type,SKU,Name,Regular price,Download limit,Download expiry days,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 global,Download 1 ID,Download 1 name,Download 1 URL,Download 2 ID,Download 2 name,Download 2 URL";
    const file = (guideName: string) =>
      [
        header,
        `"simple, downloadable",EBOOK,E-book,9,5,30,,,,,guide-1,${guideName},${own},,Extras,https://files.example/extras.zip`,
        'variable,ALBUM,Album,,,,,Format,"MP3, FLAC",1,,,,,,',
        '"variation, downloadable",ALBUM-FLAC,,12,-1,-1,ALBUM,Format,FLAC,1,,Album (FLAC),https://files.example/album.flac,,,',
        "",
      ].join("\n");
    const path1 = path.join(folder, "files.csv");
    await writeFile(path1, file("Guide"));
    const first = await importFile(store, path1, "files-1");
    expect({ created: first.created, refused: first.refused }).toEqual({ created: 3, refused: 0 });

    const [ebook] = await store.db.select().from(products).where(eq(products.sku, "EBOOK"));
    expect(ebook).toMatchObject({ downloadable: true, downloadLimit: 5, downloadExpiry: 30 });
    const files = await store.db
      .select({
        id: productDownloads.id,
        downloadId: productDownloads.downloadId,
        name: productDownloads.name,
        variationId: productDownloads.variationId,
        mediaId: productDownloads.mediaId,
        filename: media.filename,
        kind: media.kind,
        originalPath: media.originalPath,
      })
      .from(productDownloads)
      .innerJoin(media, eq(media.id, productDownloads.mediaId))
      .orderBy(productDownloads.productId, productDownloads.position);
    expect(files).toEqual([
      expect.objectContaining({
        downloadId: "guide-1",
        name: "Guide",
        variationId: null,
        mediaId: stored!.id,
      }),
      expect.objectContaining({
        name: "Extras",
        variationId: null,
        kind: "file",
        filename: "https://files.example/extras.zip",
        originalPath: null,
      }),
      expect.objectContaining({ name: "Album (FLAC)", filename: "https://files.example/album.flac" }),
    ]);
    const [flac] = await store.db.select().from(variations).where(eq(variations.sku, "ALBUM-FLAC"));
    expect(flac).toMatchObject({ downloadable: true, downloadLimit: -1, downloadExpiry: -1 });
    expect(files[2]!.variationId).toBe(flac!.id);

    const exported = await exportText(store);
    const exportedFile = path.join(folder, "exported.csv");
    await writeFile(exportedFile, exported);
    const back = new Map<string, WooProductRow>();
    for await (const line of readWooProductCsv(createReadStream(exportedFile)))
      if (line.kind === "row") back.set(line.row.sku ?? "", line.row);
    expect(back.get("EBOOK")).toMatchObject({
      downloadLimit: 5,
      downloadExpiry: 30,
      downloads: [
        { id: "guide-1", name: "Guide", url: own },
        { id: expect.any(String), name: "Extras", url: "https://files.example/extras.zip" },
      ],
    });
    expect(back.get("ALBUM-FLAC")?.downloads).toEqual([
      { id: expect.any(String), name: "Album (FLAC)", url: "https://files.example/album.flac" },
    ]);

    const again = await importFile(store, path1, "files-2");
    expect({ created: again.created, updated: again.updated, unchanged: again.unchanged }).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    const fromExport = await importFile(store, exportedFile, "files-3");
    expect({ updated: fromExport.updated, unchanged: fromExport.unchanged }).toEqual({
      updated: 0,
      unchanged: 3,
    });

    // A new name for the same download: its row (which the orders' permissions hold to) is kept.
    const path2 = path.join(folder, "renamed.csv");
    await writeFile(path2, file("Reading guide"));
    const renamed = await importFile(store, path2, "files-4");
    expect(renamed.updated).toBe(1);
    const [guide] = await store.db
      .select()
      .from(productDownloads)
      .where(eq(productDownloads.downloadId, "guide-1"));
    expect(guide).toMatchObject({ id: files[0]!.id, name: "Reading guide", mediaId: stored!.id });
    expect(await store.db.select().from(productDownloads)).toHaveLength(3);
  });
});

// The command itself, run by this process's tsx loader (its command line would start a grandchild).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const importScript = path.resolve(import.meta.dirname, "../../../scripts/catalogue-csv.ts");

/**
 * A file of `productCount` products: simple ones in nested categories, variable ones with three
 * variations (one row before its parent), grouped ones naming later products, upsells.
 */
function largeFile(productCount: number): string {
  const lines = [
    "ID,Type,SKU,Name,Published,Regular price,Sale price,Categories,Tags,Stock,Parent,Grouped products,Upsells,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global",
  ];
  // The L variations have no SKU nor ID: only the job's own record says which row made which.
  const variation = (n: number, size: string, price: number) =>
    `,variation,${size === "L" ? "" : `V-${n}-${size}`},,1,${price},,,,3,P-${n},,,Size,${size},,1`;
  for (let n = 1; n <= productCount; n++) {
    if (n % 10 === 0) {
      lines.push(variation(n, "S", 20));
      lines.push(`${n},variable,P-${n},Variable ${n},1,,,Clothing > Tops,summer,,,,,Size,"S, M, L",1,1`);
      lines.push(variation(n, "M", 21), variation(n, "L", 22));
    } else if (n % 25 === 0) {
      lines.push(`${n},grouped,P-${n},Group ${n},1,,,Sets,,,,"P-${n + 1}, P-${n + 2}",,,,,`);
    } else {
      lines.push(
        `${n},simple,P-${n},Simple ${n},1,${10 + (n % 7)}.50,${n % 3 === 0 ? "5" : ""},Home > Room ${n % 4},"tag ${n % 5}",${n % 9},,,${n > 1 ? `P-${n - 1}` : ""},,,,`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

type Store = { env: Record<string, string>; open: () => Promise<{ db: Database; close(): Promise<void> }> };

/** Runs `catalogue:import FILE --batch-size=20` on a store; `killAfter` batches, it is killed with SIGKILL. */
function runImport(
  store: Store,
  file: string,
  killAfter?: number,
): Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string }> {
  // The store's database is the one given: PostgreSQL's address is passed on only when it is the store's.
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", tsxLoader, importScript, "import", file, "--batch-size=20"],
    {
      env: { ...inherited, PUBLIC_URL: origin, SEED_DEMO: "false", ...store.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    // A progress line is printed after its batch has committed.
    const batches = stdout.split("\n").filter((line) => line.startsWith("products:")).length;
    if (killAfter !== undefined && batches >= killAfter && child.exitCode === null) child.kill("SIGKILL");
  });
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, stdout: stdout + stderr })),
  );
}

describe.each(await availableDialects())("an import killed with SIGKILL on %s", (dialect: Dialect) => {
  let folder: string;
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "catalogue-kill-"));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
    await rm(folder, { recursive: true, force: true });
  });

  /** A store the command can open: a PGlite data folder, or a PostgreSQL database of the run. */
  async function newStore(name: string): Promise<Store> {
    if (dialect === "pglite") {
      const dataDir = path.join(folder, name);
      return { env: { DATA_DIR: dataDir }, open: () => createDb({ dataDir }) };
    }
    const database = await createTestDatabase("postgres");
    databases.push(database);
    return {
      env: { DATABASE_URL: database.databaseUrl!, DATA_DIR: path.join(folder, name) },
      open: async () => ({ db: database.db, close: async () => {} }),
    };
  }

  it("resumes where its last committed batch left it when given the file again: no row twice, and the catalogue a straight run makes", async () => {
    const file = path.join(folder, "large.csv");
    await writeFile(file, largeFile(300));
    // The straight run is the same import in this process: only the killed one needs the command.
    const [killed, straight] = await Promise.all([newStore("killed"), createTestDatabase(dialect)]);
    databases.push(straight);

    const first = await runImport(killed, file, 3);
    expect(first.signal).toBe("SIGKILL");
    const stopped = await killed.open();
    try {
      const [job] = await stopped.db.select().from(catalogueImportJobs);
      // Killed half-way: its job unfinished, the batches it committed recorded with their rows.
      expect(job).toMatchObject({ status: "running", phase: "products" });
      expect(job!.checkpointLine).toBeGreaterThan(40);
      const [recorded] = await stopped.db
        .select({ rows: count() })
        .from(catalogueImportRows)
        .where(eq(catalogueImportRows.jobId, job!.id));
      expect(recorded!.rows).toBe(job!.rows);
      expect(job!.rows).toBeLessThan(360);
    } finally {
      await stopped.close();
    }

    const resumed = await runImport(killed, file);
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.stdout).toContain("Resuming import job");
    await importFile(straight, file, "straight");

    const afterKill = await killed.open();
    const afterStraight = straight;
    try {
      for (const store of [afterKill, afterStraight]) {
        const [productCount] = await store.db
          .select({ all: count(), skus: countDistinct(products.sku) })
          .from(products);
        expect(productCount).toEqual({ all: 300, skus: 300 });
        const [variationCount] = await store.db
          .select({ all: count(), skus: countDistinct(variations.sku) })
          .from(variations);
        expect(variationCount).toEqual({ all: 90, skus: 60 });
        const [job] = await store.db.select().from(catalogueImportJobs);
        expect(job).toMatchObject({ status: "done", rows: 390, created: 390, refused: 0 });
      }
      expect(withoutIds(await exportText(afterKill))).toBe(withoutIds(await exportText(afterStraight)));
    } finally {
      await afterKill.close();
    }
    // Two runs of the command, each a process that loads the server's modules and opens the store:
    // minutes on a busy machine, where the suite's minute is meant for one test's own work.
  }, 240_000);
});
