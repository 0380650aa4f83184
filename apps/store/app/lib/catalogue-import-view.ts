import { z } from "zod";
import { headerRole, VITRINE_META } from "./woo-product-csv.ts";

/**
 * What the back office's import pages show of a file (decision 0077): each header and what it maps
 * to (WooCommerce's mapping step), and the inputs of the preview and the run.
 */

export type ColumnTarget =
  | { kind: "field"; field: string }
  | { kind: "attribute"; n: number; part: string }
  | { kind: "download"; n: number; part: string }
  | { kind: "vitrine"; key: string }
  | { kind: "meta"; key: string }
  | { kind: "not-kept" }
  | { kind: "unknown" }
  | { kind: "skipped" };

export type ColumnMapping = { header: string; to: ColumnTarget };

const VITRINE_KEYS = new Set<string>(Object.values(VITRINE_META));

/** Each header of the file and what the import makes of it; `skip` are those the owner left out. */
export function columnMapping(headers: readonly string[], skip: readonly string[]): ColumnMapping[] {
  const skipped = new Set(skip.map((header) => header.trim().toLowerCase()));
  return headers.map((header) => {
    if (skipped.has(header.trim().toLowerCase())) return { header, to: { kind: "skipped" } };
    const role = headerRole(header);
    if (!role) return { header, to: { kind: "unknown" } };
    if (role.kind === "column") return { header, to: { kind: "field", field: role.column.header } };
    if (role.kind === "attribute" || role.kind === "download")
      return { header, to: { kind: role.kind, n: role.n, part: role.part } };
    if (role.kind === "meta")
      return VITRINE_KEYS.has(role.key) || /^_vitrine_es_attribute_\d+_(name|values)$/.test(role.key)
        ? { header, to: { kind: "vitrine", key: role.key } }
        : { header, to: { kind: "meta", key: role.key } };
    return { header, to: { kind: "not-kept" } };
  });
}

/** The columns left out, as the preview's address and the run's form carry them (`skip`, repeated). */
export const skipColumnsInput = z.array(z.string().trim().min(1).max(200)).max(500);

/** `skip` values from an address's query or a form. */
export function skipColumnsFrom(values: readonly FormDataEntryValue[] | readonly string[]): string[] {
  const parsed = skipColumnsInput.safeParse(values.filter((value) => typeof value === "string"));
  return parsed.success ? [...new Set(parsed.data)] : [];
}

/** An upload's or a job's number in an address. */
export const importIdParam = z.coerce.number().int().min(1).max(2_147_483_647);

/** The rows a preview page shows at once. */
export const PREVIEW_PAGE_ROWS = 100;

export type RowProblem = { column: string | null; code: string; message: string };

/**
 * A job's pictures, or its downloadable files, by state, and the failed ones with their address,
 * error and product (`variationId` 0 for the product's own).
 */
export type JobFetches = {
  pending: number;
  fetched: number;
  failed: number;
  failures: Array<{
    productId: number;
    variationId: number;
    url: string;
    error: string | null;
    attempts: number;
  }>;
};

/** An import job as its progress view and report show it (and `GET /products/import/jobs/{id}` answers). */
export type ImportJobView = {
  id: number;
  fileName: string;
  status: "running" | "done" | "failed";
  phase: string;
  /** Rows done (each row once, whatever its phases), and the file's rows when known. */
  rowsDone: number;
  rows: number | null;
  rowsPerSecond: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  error: string | null;
  /** Why this process's run stopped before the end (run the file again to resume). */
  stopped: string | null;
  refusedRows: Array<{ line: number; problems: RowProblem[] }>;
  pictures: JobFetches;
  /** The downloadable files the file named by another site's address (decision 0081). */
  files: JobFetches;
};

/** A row of the preview: what the file says it is, and what the import would do with it. */
export type PreviewRowView = {
  line: number;
  sku: string;
  name: string;
  type: string;
  outcome: "create" | "update" | "unchanged" | "refuse";
  problems: RowProblem[];
};
