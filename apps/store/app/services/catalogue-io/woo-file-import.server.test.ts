import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { products, productTags, tagTranslations, variations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImportReport, runCatalogueImport, startCatalogueImport } from "./catalogue-import.server.ts";

/**
 * Files as WooCommerce's exporter writes them (decision 0074), each cell set by its header: a
 * byte-order mark, Windows line ends, every column of a default export, Attribute N default.
 */

const origin = "https://shop.example";

const HEADER = [
  "ID",
  "Type",
  "SKU",
  "GTIN, UPC, EAN, or ISBN",
  "Name",
  "Published",
  "Is featured?",
  "Visibility in catalog",
  "Short description",
  "Description",
  "Date sale price starts",
  "Date sale price ends",
  "Tax status",
  "Tax class",
  "In stock?",
  "Stock",
  "Low stock amount",
  "Backorders allowed?",
  "Sold individually?",
  "Weight (kg)",
  "Length (cm)",
  "Width (cm)",
  "Height (cm)",
  "Allow customer reviews?",
  "Purchase note",
  "Sale price",
  "Regular price",
  "Categories",
  "Tags",
  "Shipping class",
  "Images",
  "Download limit",
  "Download expiry days",
  "Parent",
  "Grouped products",
  "Upsells",
  "Cross-sells",
  "External URL",
  "Button text",
  "Position",
  "Attribute 1 name",
  "Attribute 1 value(s)",
  "Attribute 1 visible",
  "Attribute 1 global",
  "Attribute 1 default",
  "Attribute 2 name",
  "Attribute 2 value(s)",
  "Attribute 2 visible",
  "Attribute 2 global",
];

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A row with WooCommerce's defaults for the cells not given. */
function row(cells: Record<string, string>): string {
  const all: Record<string, string> = {
    Published: "1",
    "Is featured?": "0",
    "Visibility in catalog": "visible",
    "Tax status": "taxable",
    "In stock?": "1",
    "Backorders allowed?": "0",
    "Sold individually?": "0",
    "Allow customer reviews?": "1",
    Position: "0",
    ...cells,
  };
  return HEADER.map((header) => quoted(all[header] ?? "")).join(",");
}

const fileOf = (rows: string[]) => `\uFEFF${[HEADER.map(quoted).join(","), ...rows].join("\r\n")}\r\n`;

describe.each(await availableDialects())("a WooCommerce product CSV imported on %s", (dialect) => {
  let folder: string;
  let store: TestDatabase;
  let files = 0;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "woo-file-"));
    store = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function importText(text: string): Promise<ImportReport> {
    const file = path.join(folder, `file-${++files}.csv`);
    await writeFile(file, text);
    const { jobId } = await startCatalogueImport(store.db, { fileName: "wc.csv", fileHash: `hash-${files}` });
    return runCatalogueImport(store.db, jobId, () => createReadStream(file), { origin, batchSize: 2 });
  }

  const refusals = (report: ImportReport) =>
    report.outcomes
      .filter((outcome) => outcome.outcome === "refuse")
      .map((outcome) => [outcome.line, outcome.problems.map((problem) => problem.column)]);

  it("refuses a variation whose Parent is empty by its line, and imports the other rows", async () => {
    await store.reset();
    const report = await importText(
      fileOf([
        row({
          ID: "10",
          Type: "variable",
          SKU: "TEE",
          Name: "Tee",
          "Attribute 1 name": "Size",
          "Attribute 1 value(s)": "S, M",
          "Attribute 1 visible": "1",
          "Attribute 1 global": "1",
        }),
        row({
          ID: "11",
          Type: "variation",
          SKU: "TEE-S",
          Name: "Tee - S",
          "Tax class": "parent",
          "Regular price": "10",
          Parent: "TEE",
          "Attribute 1 name": "Size",
          "Attribute 1 value(s)": "S",
          "Attribute 1 global": "1",
        }),
        row({
          ID: "12",
          Type: "variation",
          SKU: "LOST",
          Name: "Lost",
          "Tax class": "parent",
          "Regular price": "10",
          "Attribute 1 name": "Size",
          "Attribute 1 value(s)": "M",
          "Attribute 1 global": "1",
        }),
        row({ ID: "13", Type: "simple", SKU: "MUG", Name: "Mug", "Regular price": "8" }),
      ]),
    );
    expect(refusals(report)).toEqual([[4, ["Parent"]]]);
    expect(report.created).toBe(3);
    const [tee] = await store.db.select().from(products).where(eq(products.sku, "TEE"));
    expect(
      await store.db
        .select({ sku: variations.sku })
        .from(variations)
        .where(eq(variations.productId, tee!.id)),
    ).toEqual([{ sku: "TEE-S" }]);
  });

  it("refuses the variations of a parent refused for a shipping class the store lacks, rather than report them made", async () => {
    await store.reset();
    const report = await importText(
      fileOf([
        row({
          ID: "50",
          Type: "variable",
          SKU: "SOFA",
          Name: "Sofa",
          "Shipping class": "Bulky",
          "Attribute 1 name": "Color",
          "Attribute 1 value(s)": "Grey",
          "Attribute 1 visible": "1",
          "Attribute 1 global": "1",
        }),
        row({
          ID: "51",
          Type: "variation",
          SKU: "SOFA-GREY",
          Name: "Sofa - Grey",
          "Tax class": "parent",
          "Regular price": "900",
          Parent: "SOFA",
          "Attribute 1 name": "Color",
          "Attribute 1 value(s)": "Grey",
          "Attribute 1 global": "1",
        }),
      ]),
    );
    expect(refusals(report)).toEqual([
      [2, ["Shipping class"]],
      [3, ["Parent"]],
    ]);
    expect(report.created).toBe(0);
    expect(await store.db.select().from(variations)).toEqual([]);
  });

  it("refuses a price above what the store keeps by its line and column, and imports the other rows", async () => {
    await store.reset();
    // A car in Colombian pesos: 95 million, more cents than an integer column holds.
    const report = await importText(
      fileOf([
        row({ ID: "20", Type: "simple", SKU: "CAR", Name: "Car", "Regular price": "95000000" }),
        row({
          ID: "21",
          Type: "simple",
          SKU: "BIKE",
          Name: "Bike",
          "Regular price": "30000000",
          "Sale price": "25000000",
        }),
        row({ ID: "22", Type: "simple", SKU: "HELMET", Name: "Helmet", "Regular price": "250000" }),
      ]),
    );
    expect(refusals(report)).toEqual([
      [2, ["Regular price"]],
      [3, ["Regular price", "Sale price"]],
    ]);
    expect(await store.db.select({ sku: products.sku, price: products.regularPrice }).from(products)).toEqual(
      [{ sku: "HELMET", price: 25_000_000 }],
    );
  });

  it("keeps tags whose names have no Latin letters apart, as WooCommerce finds a tag by its name", async () => {
    await store.reset();
    await importText(
      fileOf([
        row({ ID: "30", Type: "simple", SKU: "A", Name: "A", "Regular price": "5", Tags: "Новинка" }),
        row({ ID: "31", Type: "simple", SKU: "B", Name: "B", "Regular price": "5", Tags: "Распродажа" }),
        row({
          ID: "32",
          Type: "simple",
          SKU: "C",
          Name: "C",
          "Regular price": "5",
          Tags: "Новинка, Ελληνικά",
        }),
      ]),
    );
    const tagged = await store.db
      .select({ sku: products.sku, tag: tagTranslations.name })
      .from(productTags)
      .innerJoin(products, eq(products.id, productTags.productId))
      .innerJoin(tagTranslations, eq(tagTranslations.tagId, productTags.tagId))
      .orderBy(asc(products.sku), asc(tagTranslations.name));
    expect(tagged).toEqual([
      { sku: "A", tag: "Новинка" },
      { sku: "B", tag: "Распродажа" },
      { sku: "C", tag: "Ελληνικά" },
      { sku: "C", tag: "Новинка" },
    ]);
  });

  it("changes nothing when the same export is imported again: a variation's empty value (any) and an empty Low stock amount", async () => {
    await store.reset();
    const text = fileOf([
      row({
        ID: "40",
        Type: "variable",
        SKU: "HOODIE",
        Name: "Hoodie",
        "Attribute 1 name": "Color",
        "Attribute 1 value(s)": "Blue, Red",
        "Attribute 1 visible": "1",
        "Attribute 1 global": "1",
        "Attribute 1 default": "Blue",
        "Attribute 2 name": "Logo",
        "Attribute 2 value(s)": "Yes, No",
        "Attribute 2 visible": "1",
        "Attribute 2 global": "0",
      }),
      // Any logo: WooCommerce writes the variation's value empty.
      row({
        ID: "41",
        Type: "variation",
        SKU: "HOODIE-BLUE",
        Name: "Hoodie - Blue",
        "Tax class": "parent",
        Stock: "4",
        "Regular price": "45",
        Parent: "HOODIE",
        "Attribute 1 name": "Color",
        "Attribute 1 value(s)": "Blue",
        "Attribute 1 global": "1",
        "Attribute 2 name": "Logo",
        "Attribute 2 global": "0",
      }),
      // Stock kept, no own low stock amount: WooCommerce writes the amount empty.
      row({ ID: "42", Type: "simple", SKU: "CAP", Name: "Cap", Stock: "7", "Regular price": "12,50" }),
    ]);
    const first = await importText(text);
    expect({ created: first.created, refused: first.refused }).toEqual({ created: 3, refused: 0 });
    const second = await importText(text);
    expect(second.outcomes.filter((outcome) => outcome.outcome !== "unchanged")).toEqual([]);
  });
});
