import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CsvFileError,
  decodeDescription,
  encodeDescription,
  escapeCell,
  formatPrice,
  joinList,
  type ParsedLine,
  parsePrice,
  parseSaleDate,
  readWooProductCsv,
  splitList,
  unescapeCell,
  type WooProductRow,
  writeWooProductCsv,
} from "./woo-product-csv.ts";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "woo-csv-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes `text` to a file of its own and reads it back through the streaming reader. */
async function readFile(name: string, text: string | Buffer): Promise<ParsedLine[]> {
  const file = path.join(folder, name);
  await writeFile(file, text);
  const lines: ParsedLine[] = [];
  for await (const line of readWooProductCsv(createReadStream(file, { highWaterMark: 64 }))) lines.push(line);
  return lines;
}

const rowsOf = (lines: ParsedLine[]) => lines.flatMap((line) => (line.kind === "row" ? [line] : []));

describe("cells", () => {
  it.each([
    [["Red", "Blue"], "Red, Blue"],
    [["Hats, scarves", "Mugs"], "Hats\\, scarves, Mugs"],
    [[], ""],
  ])("joins %j as %s and splits it back", (values, cell) => {
    expect(joinList(values)).toBe(cell);
    expect(splitList(cell)).toEqual(values);
  });

  it.each([
    ["20", 2000],
    ["19.9", 1990],
    ["19.90", 1990],
    ["19,99", 1999],
    ["0", 0],
    ["", null],
    ["12.000", 1200],
    ["12.345", undefined],
    ["-3", undefined],
    ["'-3", undefined],
    ["abc", undefined],
    ["1e3", undefined],
  ])("reads the price %j as %j", (cell, cents) => {
    expect(parsePrice(cell)).toBe(cents);
  });

  it.each([
    [2000, "20"],
    [1990, "19.90"],
    [5, "0.05"],
    [null, ""],
  ])("writes %j cents as %j", (cents, cell) => {
    expect(formatPrice(cents)).toBe(cell);
  });

  it.each([
    ["2025-06-01", "2025-06-01"],
    ["2025-06-01 0:00:00", "2025-06-01"],
    ["2025-06-30 23:59:59", "2025-06-30"],
    ["", null],
    ["2025-02-30", undefined],
    ["01/06/2025", undefined],
  ])("reads the sale date %j as %j", (cell, date) => {
    expect(parseSaleDate(cell)).toBe(date);
  });

  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["-10% off", "'-10% off"],
    ["@home", "'@home"],
    ["plain", "plain"],
  ])("escapes %j as %j and back", (text, cell) => {
    expect(escapeCell(text)).toBe(cell);
    expect(unescapeCell(cell)).toBe(text);
  });

  it("keeps a number negative and a description's line breaks and literal \\n", () => {
    expect(escapeCell(-4)).toBe("-4");
    const text = "First line\nSecond with a literal \\n inside";
    expect(encodeDescription(text)).toBe("First line\\nSecond with a literal \\\\n inside");
    expect(decodeDescription(encodeDescription(text))).toBe(text);
  });
});

describe("reading a file", () => {
  it("reads WooCommerce's columns into typed rows, line by line", async () => {
    const lines = await readFile(
      "shop.csv",
      [
        "\uFEFFID,Type,SKU,Name,Published,Is featured?,Visibility in catalog,Regular price,Sale price,Date sale price starts,Date sale price ends,In stock?,Stock,Backorders allowed?,Allow customer reviews?,Categories,Tags,Images,Parent,Grouped products,Upsells,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _vitrine_es_name,Weight (lbs)",
        '12,"variable, virtual",HOOD,"Hoodie, zipped",1,1,catalog,45,40,2025-06-01 0:00:00,2025-06-30 23:59:59,backorder,,notify,0,"Clothing > Hoodies, Sale",warm,"https://a.test/1.jpg, https://a.test/2.jpg",,,"id:7, MUG",Colour,"Red, Blue",1,1,Sudadera,2',
        ",variation,HOOD-RED,,-1,0,visible,45,,,,1,5,0,1,,,,HOOD,,,Colour,Red,,1,,",
        ',grouped,SET,Set,1,0,visible,,,,,1,,0,1,,,,,"HOOD, id:3",,,,,,,',
      ].join("\r\n"),
    );
    const header = lines[0]!;
    expect(header).toMatchObject({ kind: "header", ignored: ["Weight (lbs)"], problems: [] });
    const [hoodie, red, set] = rowsOf(lines);
    expect(hoodie).toMatchObject({ line: 2, problems: [] });
    expect(hoodie!.row).toMatchObject({
      id: 12,
      type: "variable",
      virtual: true,
      downloadable: false,
      sku: "HOOD",
      name: "Hoodie, zipped",
      published: "publish",
      featured: true,
      catalogVisibility: "catalog",
      regularPrice: 4500,
      salePrice: 4000,
      saleFrom: "2025-06-01",
      saleTo: "2025-06-30",
      stockStatus: "onbackorder",
      stock: null,
      backorders: "notify",
      reviewsAllowed: false,
      categories: [["Clothing", "Hoodies"], ["Sale"]],
      tags: ["warm"],
      images: ["https://a.test/1.jpg", "https://a.test/2.jpg"],
      parent: null,
      upsells: [{ id: 7 }, { sku: "MUG" }],
      attributes: [{ name: "Colour", values: ["Red", "Blue"], visible: true, global: true }],
      meta: { _vitrine_es_name: "Sudadera" },
    } satisfies WooProductRow);
    expect(red!.row).toMatchObject({
      type: "variation",
      published: "draft",
      parent: { sku: "HOOD" },
      stock: 5,
      attributes: [{ name: "Colour", values: ["Red"], visible: null, global: true }],
    });
    expect(set!.row.grouped).toEqual([{ sku: "HOOD" }, { id: 3 }]);
  });

  it("reads a stock below zero as written: the store keeps it where backorders allow it (decision 0080)", async () => {
    const lines = await readFile(
      "shop.csv",
      ["Type,SKU,Name,Stock,Backorders allowed?,Regular price", "simple,KETTLE,Kettle,-3,1,20"].join("\n"),
    );
    expect(rowsOf(lines)[0]!.row).toMatchObject({ stock: -3, backorders: "yes" });
  });

  it("reads an empty Tax status as taxable, as WooCommerce's product does", async () => {
    const lines = await readFile(
      "tax.csv",
      ["Type,SKU,Name,Tax status,Regular price", "simple,A,A,,10", "simple,B,B,none,10"].join("\n"),
    );
    expect(rowsOf(lines).map((line) => [line.row.taxStatus, line.problems])).toEqual([
      ["taxable", []],
      ["none", []],
    ]);
  });

  it("reads a parent and linked products whose SKUs the exporter wrote with an apostrophe (- = + @)", async () => {
    const lines = await readFile(
      "refs.csv",
      [
        "Type,SKU,Name,Parent,Upsells,Cross-sells,Regular price",
        "variation,-TEE-S,Tee S,'-TEE,,,10",
        `simple,MUG,Mug,,"'=A, +B",'@C,12`,
      ].join("\n"),
    );
    expect(rowsOf(lines).map((line) => line.row)).toMatchObject([
      { parent: { sku: "-TEE" } },
      { upsells: [{ sku: "=A" }, { sku: "+B" }], crossSells: [{ sku: "@C" }] },
    ]);
  });

  it("writes an address's scheme lower-case, as the address tables check it, and keeps the rest", async () => {
    const lines = await readFile(
      "schemes.csv",
      [
        "Type,SKU,Name,Images,External URL,Download 1 name,Download 1 URL",
        'simple,A,One,"HTTPS://Pics.example/A.JPG, Http://pics.example/b.jpg",HTTPS://Shop.example/Go,Guide,HTTP://files.example/Guide.PDF',
      ].join("\n"),
    );
    const [{ row, problems }] = rowsOf(lines) as [ParsedLine & { kind: "row" }];
    expect(problems).toEqual([]);
    expect(row.images).toEqual(["https://Pics.example/A.JPG", "http://pics.example/b.jpg"]);
    expect(row.externalUrl).toBe("https://Shop.example/Go");
    expect(row.downloads).toEqual([{ id: "", name: "Guide", url: "http://files.example/Guide.PDF" }]);
  });

  it.each([
    ["Regular price", "12.345", "bad_price"],
    ["Regular price", "cheap", "bad_price"],
    ["Sale price", "-1", "bad_price"],
    ["Date sale price starts", "tomorrow", "bad_date"],
    ["Type", "bundle", "bad_value"],
    ["In stock?", "maybe", "bad_value"],
    ["Parent", "id:0", "bad_reference"],
    ["Images", "file:///etc/passwd", "bad_value"],
    ["External URL", "javascript:alert(1)", "bad_value"],
    ["Is featured?", "perhaps", "bad_value"],
    ["Download limit", "lots", "bad_value"],
    ["Download expiry days", "-2", "bad_value"],
    ["Download 1 URL", "file:///etc/passwd", "bad_value"],
  ])("names the row and column of a bad %s (%j)", async (column, cell, code) => {
    const lines = await readFile("bad.csv", `SKU,Name,${column}\nA,Good,\nB,Bad,"${cell}"\n`);
    const [good, wrong] = rowsOf(lines);
    expect(good!.problems).toEqual([]);
    expect(wrong!.problems).toEqual([expect.objectContaining({ line: 3, column, code })]);
  });

  it("names an unknown and a repeated column in the header, and leaves out what the caller skips", async () => {
    const lines = await readFile("columns.csv", "SKU,Name,Colour code,Name\nA,B,C,D\n");
    expect(lines[0]).toMatchObject({
      kind: "header",
      problems: [
        expect.objectContaining({ line: 1, column: "Colour code", code: "unknown_column" }),
        expect.objectContaining({ line: 1, column: "Name", code: "duplicate_column" }),
      ],
    });
    const file = path.join(folder, "columns.csv");
    const skipped: ParsedLine[] = [];
    for await (const line of readWooProductCsv(createReadStream(file), { skipColumns: ["colour code"] }))
      skipped.push(line);
    expect(skipped[0]).toMatchObject({ ignored: ["Colour code"] });
  });

  it("lets a caller stop after the header of a file larger than the parser's buffer", async () => {
    const rows = Array.from({ length: 5000 }, (_, n) => `simple,SKU-${n},Product ${n},${n % 90}.50`);
    const file = path.join(folder, "large.csv");
    await writeFile(file, ["Type,SKU,Name,Regular price", ...rows].join("\n"));
    const source = createReadStream(file);
    let header: ParsedLine | undefined;
    // Before, the parser (destroyed by the break) never drained and the loop's end waited forever.
    for await (const line of readWooProductCsv(source)) {
      header = line;
      break;
    }
    expect(header).toMatchObject({ kind: "header", columns: ["Type", "SKU", "Name", "Regular price"] });
    expect(source.destroyed).toBe(true);
  });

  it("counts lines of multi-line quoted cells for the rows after them", async () => {
    const lines = await readFile(
      "multi.csv",
      'SKU,Name,Description\nA,One,"two\nlines"\nB,Two,x\nC,Three,"="\n',
    );
    expect(rowsOf(lines).map((row) => row.line)).toEqual([3, 4, 5]);
  });

  it.each([
    ["an unclosed quote", 'SKU,Name\nA,"never closed\n', "not_csv"],
    ["a binary file", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), "not_csv"],
    ["an empty file", "", "no_header"],
  ])("refuses %s as a file", async (_what, text, code) => {
    const reading = readFile("broken.csv", text);
    await expect(reading).rejects.toBeInstanceOf(CsvFileError);
    await expect(reading).rejects.toMatchObject({ code });
  });
});

describe("writing a file", () => {
  it("writes what it reads: the round trip keeps every field", async () => {
    const rows: WooProductRow[] = [
      {
        id: 3,
        type: "simple",
        virtual: true,
        downloadable: true,
        sku: "=EVIL",
        gtin: "4006381333931",
        name: "-50% mug, blue",
        published: "publish",
        featured: false,
        catalogVisibility: "search",
        shortDescription: "Short",
        description: 'Two\nlines, "quoted"',
        saleFrom: "2025-01-01",
        saleTo: null,
        taxStatus: "shipping",
        taxClass: "reduced-rate",
        stockStatus: "instock",
        stock: 4,
        lowStockAmount: 2,
        backorders: "no",
        reviewsAllowed: true,
        salePrice: 999,
        regularPrice: 1500,
        categories: [["Home", "Kitchen, dining"]],
        tags: ["a, b", "c"],
        shippingClass: "bulky",
        images: ["https://shop.test/media/a.jpg"],
        parent: null,
        grouped: [],
        upsells: [{ sku: "X" }],
        crossSells: [{ id: 9 }],
        externalUrl: null,
        buttonText: null,
        position: 2,
        attributes: [{ name: "Material", values: ["Clay, fired", "Glaze"], visible: true, global: false }],
        downloads: [
          {
            id: "guide-1",
            name: "=Guide, part 1",
            url: "https://shop.test/api/vitrine/v2/downloads/files/4",
          },
          { id: "", name: "Extras", url: "https://files.example/extras.zip" },
        ],
        downloadLimit: 3,
        downloadExpiry: -1,
        meta: { _vitrine_slug: "mug" },
      },
    ];
    let text = "";
    for await (const chunk of writeWooProductCsv(rows, {
      attributes: 1,
      downloads: 2,
      meta: ["_vitrine_slug"],
    }))
      text += chunk;
    expect(text.startsWith("\uFEFFID,Type,SKU,")).toBe(true);
    const back = rowsOf(await readFile("round.csv", text));
    expect(back[0]!.problems).toEqual([]);
    expect(back[0]!.row).toEqual(rows[0]);
  });
});
