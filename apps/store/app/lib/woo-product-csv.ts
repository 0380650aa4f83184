import type { Writable } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";

/**
 * WooCommerce's product CSV (decision 0074): the columns its exporter writes and its importer reads,
 * read into typed rows and written back. Pure: it reads an iterable of chunks and yields rows, or
 * takes rows and yields text; files, the database and the network are the callers'.
 */

export type ProductKind = "simple" | "variable" | "variation" | "grouped" | "external";
export type StockState = "instock" | "outofstock" | "onbackorder";
export type Backorders = "no" | "notify" | "yes";
export type CatalogVisibility = "visible" | "catalog" | "search" | "hidden";
export type TaxStatus = "taxable" | "shipping" | "none";

/** Another product named in a cell: WooCommerce writes its SKU, or `id:123` when it has none. */
export type ProductRef = { sku: string } | { id: number };

export type CsvAttribute = {
  name: string;
  values: string[];
  /** Empty on a variation's row (WooCommerce writes nothing there). */
  visible: boolean | null;
  global: boolean;
};

export type CsvDownload = { id: string; name: string; url: string };

/**
 * One row of the file. A field is `undefined` when the file has no column for it: an import then
 * leaves that part of the product as it is. Prices are integer cents; dates `YYYY-MM-DD`.
 */
export type WooProductRow = {
  id?: number | null;
  type?: ProductKind;
  virtual?: boolean;
  downloadable?: boolean;
  sku?: string | null;
  gtin?: string | null;
  name?: string;
  published?: "publish" | "draft";
  featured?: boolean;
  catalogVisibility?: CatalogVisibility;
  shortDescription?: string;
  description?: string;
  saleFrom?: string | null;
  saleTo?: string | null;
  taxStatus?: TaxStatus;
  taxClass?: string;
  stockStatus?: StockState;
  /** Null: stock not tracked. */
  stock?: number | null;
  lowStockAmount?: number | null;
  backorders?: Backorders;
  reviewsAllowed?: boolean;
  salePrice?: number | null;
  regularPrice?: number | null;
  /** Each category as its path from the top: `[["Clothing", "Hoodies"]]`. */
  categories?: string[][];
  tags?: string[];
  shippingClass?: string;
  images?: string[];
  parent?: ProductRef | null;
  grouped?: ProductRef[];
  upsells?: ProductRef[];
  crossSells?: ProductRef[];
  externalUrl?: string | null;
  buttonText?: string | null;
  position?: number;
  attributes?: CsvAttribute[];
  downloads?: CsvDownload[];
  /** Downloads allowed per item bought, -1 unlimited; days a download stays open, -1 never (decision 0075). */
  downloadLimit?: number;
  downloadExpiry?: number;
  /** `Meta: key` columns, by key, as written (Vitrine's own are in VITRINE_META). */
  meta?: Record<string, string>;
};

/** A problem with one cell or one row, named by the file's line and the column's header. */
export type CsvProblem = { line: number; column: string | null; code: CsvProblemCode; message: string };

export type CsvProblemCode =
  | "not_csv"
  | "no_header"
  | "unknown_column"
  | "duplicate_column"
  | "bad_value"
  | "bad_price"
  | "bad_date"
  | "bad_reference"
  | "bad_row";

/** What the parser yields: a row with its problems (a row with any is refused whole), or the header. */
export type ParsedLine =
  | { kind: "header"; columns: string[]; ignored: string[]; problems: CsvProblem[] }
  | { kind: "row"; line: number; row: WooProductRow; problems: CsvProblem[] };

/** Vitrine's texts that WooCommerce has no column for, carried as `Meta:` columns. */
export const VITRINE_META = {
  slug: "_vitrine_slug",
  metaDescription: "_vitrine_meta_description",
  esName: "_vitrine_es_name",
  esShortDescription: "_vitrine_es_short_description",
  esDescription: "_vitrine_es_description",
  esMetaDescription: "_vitrine_es_meta_description",
  esButtonText: "_vitrine_es_button_text",
} as const;

/** A product's own attribute's Spanish name and values (attribute `n` counts from 1). */
export const esAttributeMeta = (n: number) => ({
  name: `_vitrine_es_attribute_${n}_name`,
  values: `_vitrine_es_attribute_${n}_values`,
});

// ---------------------------------------------------------------------------------------------
// Cells

/** WooCommerce joins a list with ", " and escapes a comma inside a value as `\,`. */
export function joinList(values: readonly string[]): string {
  return values.map((value) => value.replaceAll(",", "\\,")).join(", ");
}

/** The inverse of joinList: split on commas not escaped, trim each, drop empty ones. */
export function splitList(cell: string): string[] {
  if (cell.trim() === "") return [];
  const marker = "\u0000";
  return cell
    .replaceAll("\\,", marker)
    .split(",")
    .map((value) => value.replaceAll(marker, ",").trim())
    .filter((value) => value !== "");
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text a spreadsheet would run as a formula gets a leading apostrophe (WooCommerce's exporter does
 * the same); numbers are data and are left alone.
 */
export function escapeCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The exporter's apostrophe taken off again (WooCommerce's importer does it before =, +, - and @). */
export function unescapeCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Line breaks in a description are written as `\n` (and a literal `\n` as `\\n`), as WooCommerce does. */
export function encodeDescription(text: string): string {
  return text.replaceAll("\\n", "\\\\n").replaceAll("\r\n", "\n").replaceAll("\n", "\\n");
}

export function decodeDescription(cell: string): string {
  return cell
    .split("\\\\n")
    .map((part) => part.replaceAll("\\n", "\n"))
    .join("\\n");
}

/** Cents as WooCommerce writes a price: `20`, `19.90`. */
export function formatPrice(cents: number | null): string {
  if (cents === null) return "";
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/** A price cell in cents; `undefined` when it is not a price of at most two decimals (a comma may be the point). */
export function parsePrice(cell: string): number | null | undefined {
  const text = unescapeCell(cell).trim();
  if (text === "") return null;
  const match = /^(\d{1,9})(?:[.,](\d{1,2})0*)?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** The date part of WooCommerce's `Y-m-d G:i:s` (its importer keeps only the date, as here). */
export function parseSaleDate(cell: string): string | null | undefined {
  const text = cell.trim();
  if (text === "") return null;
  const match = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:[ T][\d:]*)?$/.exec(text);
  if (!match) return undefined;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  // 2025-02-30 passes the pattern; the calendar refuses it.
  return new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : undefined;
}

/** A sale's first day starts at midnight and its last day ends a second before the next (WooCommerce's). */
export function formatSaleDate(date: string | null, end: "from" | "to"): string {
  if (date === null) return "";
  return end === "from" ? `${date} 0:00:00` : `${date} 23:59:59`;
}

export function formatRef(ref: ProductRef): string {
  return "sku" in ref ? ref.sku : `id:${ref.id}`;
}

export function parseRef(cell: string): ProductRef | undefined {
  const text = cell.trim();
  const id = /^id:(\d{1,9})$/.exec(text);
  if (id) return Number(id[1]) > 0 ? { id: Number(id[1]) } : undefined;
  return text === "" ? undefined : { sku: text };
}

/** WooCommerce's booleans: 1/0, and yes/no, true/false as `wc_string_to_bool` reads them. */
function parseBool(cell: string): boolean | undefined {
  const text = cell.trim().toLowerCase();
  if (["1", "yes", "true"].includes(text)) return true;
  if (["0", "no", "false", ""].includes(text)) return false;
  return undefined;
}

const boolCell = (value: boolean) => (value ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Columns

type Cell = { ok: true; set: Partial<WooProductRow> } | { ok: false; code: CsvProblemCode; message: string };

type Column = {
  header: string;
  read: (cell: string) => Cell;
  write: (row: WooProductRow) => string | number;
};

const set = (value: Partial<WooProductRow>): Cell => ({ ok: true, set: value });
const bad = (message: string, code: CsvProblemCode = "bad_value"): Cell => ({ ok: false, code, message });

const text =
  (key: "name" | "taxClass" | "shippingClass", allowEmpty = true) =>
  (cell: string): Cell => {
    const value = unescapeCell(cell).trim();
    return !allowEmpty && value === "" ? bad("must not be empty") : set({ [key]: value });
  };

const nullableText = (key: "sku" | "gtin" | "buttonText" | "externalUrl") => (cell: string) => {
  const value = unescapeCell(cell).trim();
  return set({ [key]: value === "" ? null : value });
};

const boolean = (key: "featured" | "reviewsAllowed") => (cell: string) => {
  const value = parseBool(cell);
  return value === undefined ? bad("must be 1 or 0") : set({ [key]: value });
};

const price = (key: "salePrice" | "regularPrice") => (cell: string) => {
  const value = parsePrice(cell);
  return value === undefined
    ? bad(`"${cell}" is not a price (digits, with at most two decimals)`, "bad_price")
    : set({ [key]: value });
};

const date = (key: "saleFrom" | "saleTo") => (cell: string) => {
  const value = parseSaleDate(cell);
  return value === undefined
    ? bad(`"${cell}" is not a date (YYYY-MM-DD)`, "bad_date")
    : set({ [key]: value });
};

const count = (key: "stock" | "lowStockAmount") => (cell: string) => {
  const value = unescapeCell(cell).trim();
  if (value === "" || (key === "stock" && value === "parent")) return set({ [key]: null });
  const number = /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(number)) return bad(`"${cell}" is not a whole number`);
  // A stock below zero is kept where backorders allow it (the import's state decides, decision 0080).
  return set({ [key]: key === "stock" ? number : Math.max(0, number) });
};

/** A download limit or expiry: a whole number, -1 (or empty, as WooCommerce writes a product without files) for none. */
const downloadCount = (key: "downloadLimit" | "downloadExpiry") => (cell: string) => {
  const value = unescapeCell(cell).trim();
  if (value === "") return set({ [key]: -1 });
  return /^(-1|\d{1,9})$/.test(value)
    ? set({ [key]: Number(value) })
    : bad(`"${cell}" is not a whole number or -1`);
};

/** WooCommerce writes a limit and an expiry only for a downloadable product (-1 included); others' are empty. */
const writeDownloadCount = (row: WooProductRow, value: number | undefined) =>
  row.downloadable || (value !== undefined && value !== -1) ? (value ?? -1) : "";

// References are written through `escapeCell` (a SKU such as "-50" or "=A" gets the apostrophe), so
// they are read through `unescapeCell`, or such a SKU would not be found again.
const refs = (key: "grouped" | "upsells" | "crossSells") => (cell: string) => {
  const values = splitList(unescapeCell(cell)).map(parseRef);
  return values.some((ref) => ref === undefined)
    ? bad("names a product wrongly (a SKU or id:123)", "bad_reference")
    : set({ [key]: values as ProductRef[] });
};

const oneOf =
  <K extends keyof WooProductRow, V extends string>(key: K, values: Record<string, V>, what: string) =>
  (cell: string): Cell => {
    const value = values[cell.trim().toLowerCase()];
    return value === undefined
      ? bad(`"${cell}" is not ${what}`)
      : set({ [key]: value } as Partial<WooProductRow>);
  };

const ignored = (header: string): Column => ({ header, read: () => set({}), write: () => "" });

const KINDS: ProductKind[] = ["simple", "variable", "variation", "grouped", "external"];

function readType(cell: string): Cell {
  const parts = splitList(unescapeCell(cell)).map((part) => part.toLowerCase());
  const kinds = parts.filter((part) => part !== "virtual" && part !== "downloadable");
  const type = (kinds[0] ?? "simple") as ProductKind;
  if (kinds.length > 1 || !KINDS.includes(type))
    return bad(`"${cell}" is not a product type (${KINDS.join(", ")})`);
  return set({ type, virtual: parts.includes("virtual"), downloadable: parts.includes("downloadable") });
}

function readPublished(cell: string): Cell {
  const value = unescapeCell(cell).trim().toLowerCase();
  // WooCommerce: 1 published, 0 private, -1 draft (and true/false). Vitrine has no private products.
  if (value === "1" || value === "true") return set({ published: "publish" });
  if (["0", "-1", "false", "2"].includes(value)) return set({ published: "draft" });
  return bad(`"${cell}" is not 1, 0 or -1`);
}

function readStockStatus(cell: string): Cell {
  const value = cell.trim().toLowerCase();
  if (value === "backorder" || value === "onbackorder") return set({ stockStatus: "onbackorder" });
  if (value === "instock") return set({ stockStatus: "instock" });
  if (value === "outofstock") return set({ stockStatus: "outofstock" });
  const flag = parseBool(value);
  if (flag === undefined) return bad(`"${cell}" is not 1, 0 or backorder`);
  return set({ stockStatus: flag ? "instock" : "outofstock" });
}

function readBackorders(cell: string): Cell {
  const value = cell.trim().toLowerCase();
  if (value === "notify") return set({ backorders: "notify" });
  const flag = parseBool(value);
  return flag === undefined
    ? bad(`"${cell}" is not 1, 0 or notify`)
    : set({ backorders: flag ? "yes" : "no" });
}

function readParent(cell: string): Cell {
  if (cell.trim() === "") return set({ parent: null });
  const ref = parseRef(unescapeCell(cell));
  return ref ? set({ parent: ref }) : bad("names the parent wrongly (its SKU or id:123)", "bad_reference");
}

function readId(cell: string): Cell {
  const value = cell.trim();
  if (value === "") return set({ id: null });
  return /^\d{1,9}$/.test(value) && Number(value) > 0
    ? set({ id: Number(value) })
    : bad(`"${cell}" is not an id`);
}

const HTTP_ADDRESS = z.url({ protocol: /^https?$/ });

/**
 * An http(s) address as the store keeps it: a URL's scheme is case-insensitive, so `HTTPS://…` is
 * accepted and written lower-case (the address tables check `^https?://`). The rest stays as written.
 */
function httpAddress(cell: string): string | null {
  const value = cell.trim().replace(/^[a-z][a-z0-9+.-]*:/i, (scheme) => scheme.toLowerCase());
  return HTTP_ADDRESS.safeParse(value).success ? value : null;
}

function readUrl(cell: string): Cell {
  if (cell.trim() === "") return set({ externalUrl: null });
  const url = httpAddress(cell);
  return url ? set({ externalUrl: url }) : bad(`"${cell}" is not an http(s) address`);
}

function readImages(cell: string): Cell {
  const read = splitList(cell).map((url) => ({ url, address: httpAddress(url) }));
  const wrong = read.find((each) => each.address === null);
  return wrong
    ? bad(`"${wrong.url}" is not an http(s) address`)
    : set({ images: read.map((each) => each.address!) });
}

const orNull = (value: number | null | undefined): number | "" => value ?? "";

/**
 * The columns in the order WooCommerce's exporter writes them (`get_default_column_names`), with
 * the headers its importer maps without asking. Columns Vitrine keeps nothing for are read and
 * written empty (weights and sizes, sold individually, purchase note, customs).
 */
export const COLUMNS: readonly Column[] = [
  { header: "ID", read: readId, write: (row) => orNull(row.id) },
  {
    header: "Type",
    read: readType,
    write: (row) =>
      joinList([
        row.type ?? "simple",
        ...(row.downloadable ? ["downloadable"] : []),
        ...(row.virtual ? ["virtual"] : []),
      ]),
  },
  { header: "SKU", read: nullableText("sku"), write: (row) => escapeCell(row.sku ?? "") },
  {
    header: "GTIN, UPC, EAN, or ISBN",
    read: nullableText("gtin"),
    write: (row) => row.gtin ?? "",
  },
  { header: "Name", read: text("name"), write: (row) => escapeCell(row.name ?? "") },
  {
    header: "Published",
    read: readPublished,
    write: (row) => (row.published === "draft" ? -1 : 1),
  },
  { header: "Is featured?", read: boolean("featured"), write: (row) => boolCell(row.featured ?? false) },
  {
    header: "Visibility in catalog",
    read: oneOf(
      "catalogVisibility",
      { visible: "visible", catalog: "catalog", search: "search", hidden: "hidden" },
      "visible, catalog, search or hidden",
    ),
    write: (row) => row.catalogVisibility ?? "visible",
  },
  {
    header: "Short description",
    read: (cell) => set({ shortDescription: decodeDescription(unescapeCell(cell)) }),
    write: (row) => escapeCell(encodeDescription(row.shortDescription ?? "")),
  },
  {
    header: "Description",
    read: (cell) => set({ description: decodeDescription(unescapeCell(cell)) }),
    write: (row) => escapeCell(encodeDescription(row.description ?? "")),
  },
  {
    header: "Date sale price starts",
    read: date("saleFrom"),
    write: (row) => formatSaleDate(row.saleFrom ?? null, "from"),
  },
  {
    header: "Date sale price ends",
    read: date("saleTo"),
    write: (row) => formatSaleDate(row.saleTo ?? null, "to"),
  },
  {
    header: "Tax status",
    read: oneOf(
      "taxStatus",
      // Empty is taxable: WooCommerce's product sets its default for an empty tax status.
      {
        taxable: "taxable",
        shipping: "shipping",
        none: "none",
        true: "taxable",
        false: "none",
        "": "taxable",
      },
      "taxable, shipping or none",
    ),
    write: (row) => row.taxStatus ?? "taxable",
  },
  { header: "Tax class", read: text("taxClass"), write: (row) => row.taxClass ?? "" },
  {
    header: "In stock?",
    read: readStockStatus,
    write: (row) =>
      row.stockStatus === "onbackorder" ? "backorder" : row.stockStatus === "outofstock" ? 0 : 1,
  },
  { header: "Stock", read: count("stock"), write: (row) => orNull(row.stock) },
  { header: "Low stock amount", read: count("lowStockAmount"), write: (row) => orNull(row.lowStockAmount) },
  {
    header: "Backorders allowed?",
    read: readBackorders,
    write: (row) => (row.backorders === "notify" ? "notify" : row.backorders === "yes" ? 1 : 0),
  },
  ignored("Sold individually?"),
  ignored("Weight (kg)"),
  ignored("Length (cm)"),
  ignored("Width (cm)"),
  ignored("Height (cm)"),
  {
    header: "Allow customer reviews?",
    read: boolean("reviewsAllowed"),
    write: (row) => boolCell(row.reviewsAllowed ?? true),
  },
  ignored("Purchase note"),
  { header: "Sale price", read: price("salePrice"), write: (row) => formatPrice(row.salePrice ?? null) },
  {
    header: "Regular price",
    read: price("regularPrice"),
    write: (row) => formatPrice(row.regularPrice ?? null),
  },
  {
    header: "Categories",
    read: (cell) =>
      set({
        categories: splitList(unescapeCell(cell)).map((path) =>
          path
            .split(">")
            .map((part) => part.trim())
            .filter((part) => part !== ""),
        ),
      }),
    write: (row) => escapeCell(joinList((row.categories ?? []).map((path) => path.join(" > ")))),
  },
  {
    header: "Tags",
    read: (cell) => set({ tags: splitList(unescapeCell(cell)) }),
    write: (row) => escapeCell(joinList(row.tags ?? [])),
  },
  {
    header: "Shipping class",
    read: text("shippingClass"),
    write: (row) => escapeCell(row.shippingClass ?? ""),
  },
  { header: "Images", read: readImages, write: (row) => joinList(row.images ?? []) },
  {
    header: "Download limit",
    read: downloadCount("downloadLimit"),
    write: (row) => writeDownloadCount(row, row.downloadLimit),
  },
  {
    header: "Download expiry days",
    read: downloadCount("downloadExpiry"),
    write: (row) => writeDownloadCount(row, row.downloadExpiry),
  },
  {
    header: "Parent",
    read: readParent,
    write: (row) => (row.parent ? escapeCell(formatRef(row.parent)) : ""),
  },
  {
    header: "Grouped products",
    read: refs("grouped"),
    write: (row) => escapeCell(joinList((row.grouped ?? []).map(formatRef))),
  },
  {
    header: "Upsells",
    read: refs("upsells"),
    write: (row) => escapeCell(joinList((row.upsells ?? []).map(formatRef))),
  },
  {
    header: "Cross-sells",
    read: refs("crossSells"),
    write: (row) => escapeCell(joinList((row.crossSells ?? []).map(formatRef))),
  },
  { header: "External URL", read: readUrl, write: (row) => row.externalUrl ?? "" },
  {
    header: "Button text",
    read: nullableText("buttonText"),
    write: (row) => escapeCell(row.buttonText ?? ""),
  },
  {
    header: "Position",
    read: (cell) => {
      const value = unescapeCell(cell).trim();
      return /^-?\d{1,9}$/.test(value) || value === ""
        ? set({ position: Number(value || "0") })
        : bad(`"${cell}" is not a whole number`);
    },
    write: (row) => row.position ?? 0,
  },
];

/** Headers WooCommerce writes that are known here though Vitrine keeps nothing of them. */
const OTHER_KNOWN_HEADERS = new Set([
  "Commodity code (HS code)",
  "Country of origin",
  "Customs description",
  "Cost of goods",
]);

const byHeader = new Map(COLUMNS.map((column) => [column.header.toLowerCase(), column]));

/** A numbered column: `Attribute 2 value(s)`, `Download 1 URL`. */
const NUMBERED = /^(attribute|download) (\d{1,3}) (name|value\(s\)|visible|global|default|id|url)$/i;

type HeaderRole =
  | { kind: "column"; column: Column }
  | { kind: "attribute"; n: number; part: "name" | "values" | "visible" | "global" | "default" }
  | { kind: "download"; n: number; part: "id" | "name" | "url" }
  | { kind: "meta"; key: string }
  | { kind: "ignored" };

/** What a header means; null for a header WooCommerce's importer would not know either. */
export function headerRole(header: string): HeaderRole | null {
  const trimmed = header.trim();
  const column = byHeader.get(trimmed.toLowerCase());
  if (column) return { kind: "column", column };
  // WooCommerce names the units it was set to: "Weight (lbs)", "Length (in)".
  if (/^(weight|length|width|height) \([^)]*\)$/i.test(trimmed) || OTHER_KNOWN_HEADERS.has(trimmed))
    return { kind: "ignored" };
  const meta = /^meta: (.+)$/i.exec(trimmed);
  if (meta) return { kind: "meta", key: meta[1]!.trim() };
  const numbered = NUMBERED.exec(trimmed);
  if (!numbered) return null;
  const n = Number(numbered[2]);
  const part = numbered[3]!.toLowerCase();
  if (numbered[1]!.toLowerCase() === "attribute") {
    if (part === "name" || part === "visible" || part === "global" || part === "default")
      return { kind: "attribute", n, part };
    if (part === "value(s)") return { kind: "attribute", n, part: "values" };
    return null;
  }
  if (part === "id" || part === "name" || part === "url") return { kind: "download", n, part };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading

export type ReadOptions = {
  /**
   * Headers the caller chose to leave out (the back office's mapping step, WooCommerce's "Do not
   * import"); any other header that means nothing is a problem of the file.
   */
  skipColumns?: readonly string[];
};

/** One row's cells (by the header's position) read into a row and its problems. */
function readRow(
  line: number,
  headers: readonly string[],
  roles: readonly (HeaderRole | null)[],
  cells: string[],
) {
  const row: WooProductRow = {};
  const problems: CsvProblem[] = [];
  const attributes = new Map<number, Partial<CsvAttribute> & { default?: string }>();
  const downloads = new Map<number, Partial<CsvDownload>>();
  for (const [index, role] of roles.entries()) {
    if (!role) continue;
    const cell = cells[index] ?? "";
    const header = headers[index]!;
    if (role.kind === "column") {
      const result = role.column.read(cell);
      if (result.ok) Object.assign(row, result.set);
      else problems.push({ line, column: header, code: result.code, message: result.message });
    } else if (role.kind === "attribute") {
      const attribute = attributes.get(role.n) ?? {};
      attributes.set(role.n, attribute);
      if (role.part === "name") attribute.name = unescapeCell(cell).trim();
      else if (role.part === "values") attribute.values = splitList(unescapeCell(cell));
      else if (role.part === "default") attribute.default = cell.trim();
      else {
        const value = cell.trim() === "" ? null : parseBool(cell);
        if (value === undefined)
          problems.push({ line, column: header, code: "bad_value", message: "must be 1 or 0" });
        else if (role.part === "visible") attribute.visible = value;
        else attribute.global = value ?? false;
      }
    } else if (role.kind === "download") {
      const download = downloads.get(role.n) ?? {};
      downloads.set(role.n, download);
      download[role.part] = role.part === "name" ? unescapeCell(cell).trim() : cell.trim();
    } else if (role.kind === "meta") {
      row.meta = { ...row.meta, [role.key]: unescapeCell(cell) };
    }
  }
  if (roles.some((role) => role?.kind === "attribute")) {
    row.attributes = [...attributes.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, attribute]) =>
        attribute.name
          ? [
              {
                name: attribute.name,
                values: attribute.values ?? [],
                visible: attribute.visible ?? null,
                global: attribute.global ?? false,
              },
            ]
          : [],
      );
  }
  if (roles.some((role) => role?.kind === "download")) {
    const numbered = [...downloads.entries()].sort(([a], [b]) => a - b);
    for (const [n, download] of numbered) {
      if (!download.url) continue;
      // A file's address has no spaces (a picture's may, as WooCommerce's exports write them).
      const url = /\s/.test(download.url.trim()) ? null : httpAddress(download.url);
      if (url) download.url = url;
      else
        problems.push({
          line,
          column:
            headers.find((header) => header.toLowerCase() === `download ${n} url`) ?? `Download ${n} URL`,
          code: "bad_value",
          message: "A download's file is named by its http(s) address.",
        });
    }
    row.downloads = numbered.flatMap(([, download]) =>
      download.url ? [{ id: download.id ?? "", name: download.name ?? "", url: download.url }] : [],
    );
  }
  return { row, problems };
}

/** A stream's or a file's chunks as csv-parse takes them. */
export type CsvSource = AsyncIterable<Buffer | Uint8Array | string>;

/**
 * Reads a WooCommerce product CSV as it arrives: first the header (its columns, those left out, and
 * its problems: an unknown or repeated column), then each row with its line number in the file and
 * its problems. A text that is not CSV (an unclosed quote, a binary file) ends with a `not_csv`
 * problem on the line where it went wrong, thrown as CsvFileError.
 */
export async function* readWooProductCsv(
  source: CsvSource,
  options: ReadOptions = {},
): AsyncGenerator<ParsedLine> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    // PHP's fputcsv with WooCommerce's settings: RFC 4180 quoting, no backslash escape.
    escape: '"',
  });
  const feed = (async () => {
    try {
      for await (const chunk of source) {
        if (typeof chunk !== "string" && chunk.includes(0))
          throw new CsvFileError("not_csv", 1, "The file is not text.");
        if (!parser.write(chunk)) await drainedOrClosed(parser);
        // The reader stopped early (a caller that wanted only the header): the parser is destroyed
        // and will never drain; stop reading the source too.
        if (parser.destroyed) return;
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let headers: string[] | null = null;
  let roles: (HeaderRole | null)[] = [];
  const skip = new Set((options.skipColumns ?? []).map((header) => header.trim().toLowerCase()));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (headers === null) {
        headers = record.map((header) => header.trim());
        roles = headers.map((header) =>
          skip.has(header.toLowerCase()) ? { kind: "ignored" as const } : headerRole(header),
        );
        const problems: CsvProblem[] = [];
        const seen = new Set<string>();
        for (const [index, header] of headers.entries()) {
          const key = header.toLowerCase();
          if (seen.has(key))
            problems.push({
              line: 1,
              column: header,
              code: "duplicate_column",
              message: "This column is there twice.",
            });
          seen.add(key);
          if (roles[index] === null)
            problems.push({
              line: 1,
              column: header,
              code: "unknown_column",
              message: "WooCommerce's product CSV has no such column.",
            });
        }
        if (!roles.some((role) => role?.kind === "column"))
          problems.push({
            line: 1,
            column: null,
            code: "no_header",
            message: "The first line names no product column.",
          });
        yield {
          kind: "header",
          columns: headers,
          ignored: headers.filter((_, index) => roles[index]?.kind === "ignored"),
          problems,
        };
        continue;
      }
      if (record.every((cell) => cell.trim() === "")) continue;
      const { row, problems } = readRow(info.lines, headers, roles, record);
      if (record.length > headers.length)
        problems.push({
          line: info.lines,
          column: null,
          code: "bad_row",
          message: `The row has ${record.length} cells for ${headers.length} columns.`,
        });
      yield { kind: "row", line: info.lines, row, problems };
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    const line = (error as { lines?: number }).lines ?? 1;
    throw new CsvFileError("not_csv", line, `The file is not CSV: ${(error as Error).message}`);
  } finally {
    await feed;
  }
  if (headers === null) throw new CsvFileError("no_header", 1, "The file is empty.");
}

/** Settles when a writable wants more, or when it is closed and never will. */
function drainedOrClosed(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}

/** A file that cannot be read as CSV at all: named by the line where it went wrong. */
export class CsvFileError extends Error {
  override name = "CsvFileError";
  constructor(
    readonly code: "not_csv" | "no_header",
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** How many numbered attribute (and download) columns a file needs: the most any row has. */
export type WriteShape = { attributes: number; downloads: number; meta: readonly string[] };

/** The header of a file of that shape, in WooCommerce's order (numbered and meta columns last). */
export function headerFor(shape: WriteShape): string[] {
  const headers = COLUMNS.map((column) => column.header);
  for (let n = 1; n <= shape.downloads; n++)
    headers.push(`Download ${n} ID`, `Download ${n} name`, `Download ${n} URL`);
  for (let n = 1; n <= shape.attributes; n++)
    headers.push(
      `Attribute ${n} name`,
      `Attribute ${n} value(s)`,
      `Attribute ${n} visible`,
      `Attribute ${n} global`,
    );
  for (const key of shape.meta) headers.push(`Meta: ${key}`);
  return headers;
}

/** One row's cells for a file of that shape. */
export function cellsFor(row: WooProductRow, shape: WriteShape): Array<string | number> {
  const cells: Array<string | number> = COLUMNS.map((column) => column.write(row));
  for (let n = 0; n < shape.downloads; n++) {
    const download = row.downloads?.[n];
    cells.push(download?.id ?? "", escapeCell(download?.name ?? ""), download?.url ?? "");
  }
  for (let n = 0; n < shape.attributes; n++) {
    const attribute = row.attributes?.[n];
    cells.push(
      escapeCell(attribute?.name ?? ""),
      escapeCell(joinList(attribute?.values ?? [])),
      attribute && attribute.visible !== null ? boolCell(attribute.visible) : "",
      attribute ? boolCell(attribute.global) : "",
    );
  }
  for (const key of shape.meta) cells.push(escapeCell(row.meta?.[key] ?? ""));
  return cells;
}

/**
 * The file's text as it is written: a byte-order mark and the header first (as WooCommerce's
 * exporter starts), then each row, quoted where RFC 4180 needs it.
 */
export async function* writeWooProductCsv(
  rows: AsyncIterable<WooProductRow> | Iterable<WooProductRow>,
  shape: WriteShape,
): AsyncGenerator<string> {
  yield `\uFEFF${stringifyLines([headerFor(shape)])}`;
  let batch: Array<Array<string | number>> = [];
  for await (const row of rows) {
    batch.push(cellsFor(row, shape));
    if (batch.length === 200) {
      yield stringifyLines(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield stringifyLines(batch);
}

const stringifyLines = (records: Array<Array<string | number>>) =>
  stringify(
    records.map((cells) => cells.map(String)),
    { record_delimiter: "\n" },
  );
