import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueImportPictures, productLinks, products, variations } from "@vitrine/db";
import { seedDemo } from "@vitrine/db/seed";
import { createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportCatalogueCsv } from "./catalogue-export.server.ts";
import {
  type ImportReport,
  previewCatalogueImport,
  runCatalogueImport,
  startCatalogueImport,
} from "./catalogue-import.server.ts";

const origin = "https://shop.example";
let folder: string;
let source: TestDatabase;
let target: TestDatabase;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "catalogue-io-"));
  [source, target] = await Promise.all([createTestDatabase("pglite"), createTestDatabase("pglite")]);
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
  await rm(folder, { recursive: true, force: true });
});

async function exportText(database: TestDatabase): Promise<string> {
  let text = "";
  for await (const chunk of exportCatalogueCsv(database.db, origin, { pageSize: 7 })) text += chunk;
  return text;
}

async function importFile(database: TestDatabase, file: string, hash: string): Promise<ImportReport> {
  const { jobId } = await startCatalogueImport(database.db, {
    fileName: path.basename(file),
    fileHash: hash,
  });
  return runCatalogueImport(database.db, jobId, () => createReadStream(file), { origin, batchSize: 20 });
}

describe("the catalogue's CSV import and export", () => {
  it("exports the demo, imports it into an empty store, and exports the same file again; a second import changes nothing", async () => {
    await source.reset();
    await target.reset();
    await seedDemo(source.db, { mediaDir: path.join(folder, "media"), images: "later" });
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
    const strip = (text: string) =>
      text
        .split("\n")
        .map((line) => line.replace(/^\uFEFF?\d*,/, ","))
        .join("\n");
    // The stores number their products apart; every other cell agrees.
    expect(strip(second)).toBe(strip(first));

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
