import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products, variations } from "./catalogue.ts";
import { media } from "./content.ts";

/**
 * Imports of WooCommerce product CSV files (issue 43, decision 0074). A job goes through the file in
 * phases (products, then variations, then linked products), in transactions of a few hundred rows;
 * each transaction writes its rows, their outcomes and the job's checkpoint together, so a job
 * stopped at any point (kill -9) goes on from its checkpoint without writing a row twice.
 */
export const catalogueImportJobs = pgTable(
  "catalogue_import_jobs",
  {
    id: serial("id").primaryKey(),
    fileName: text("file_name").notNull(),
    /** The file's SHA-256: the same file given again resumes its unfinished job. */
    fileHash: text("file_hash").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    phase: text("phase", { enum: ["products", "variations", "links", "done"] })
      .notNull()
      .default("products"),
    /** The last line of the file the phase has finished (0: none yet). */
    checkpointLine: integer("checkpoint_line").notNull().default(0),
    /** Products and variations that existed when the job began: only these match a row by its ID. */
    baselineProductId: integer("baseline_product_id").notNull(),
    baselineVariationId: integer("baseline_variation_id").notNull(),
    /** What the job was asked (the columns left out), so a resumed job reads the file the same way. */
    options: jsonb("options").$type<{ skipColumns: string[] }>().notNull(),
    rows: integer("rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("catalogue_import_jobs_hash_idx").on(t.fileHash, t.status)],
);

/** Each row's outcome in a job, with its problems named by column: the report and the resume's memory. */
export const catalogueImportRows = pgTable(
  "catalogue_import_rows",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => catalogueImportJobs.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    outcome: text("outcome", { enum: ["create", "update", "unchanged", "refuse"] }).notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "set null" }),
    problems: jsonb("problems")
      .$type<Array<{ column: string | null; code: string; message: string }>>()
      .notNull()
      .default([]),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] })],
);

/**
 * The ID a product or variation had in the file it was created from (WooCommerce's `_original_id`):
 * a row without a SKU, or another row's `id:N`, finds it again by that ID.
 */
export const catalogueImportOrigins = pgTable(
  "catalogue_import_origins",
  {
    kind: text("kind", { enum: ["product", "variation"] }).notNull(),
    sourceId: integer("source_id").notNull(),
    targetId: integer("target_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sourceId] })],
);

/**
 * Pictures a file names by an address this store does not serve: kept in the product's (or
 * variation's) order until a fetcher brings them into the media library (`media_id`, state
 * fetched) or gives up (`error`, state failed). The export writes the addresses still pending, so
 * a file imported and exported again says the same.
 */
export const catalogueImportPictures = pgTable(
  "catalogue_import_pictures",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id").references(() => catalogueImportJobs.id, { onDelete: "set null" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The variation's picture; 0 for the product's own (a key, so never null). */
    variationId: integer("variation_id").notNull().default(0),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    state: text("state", { enum: ["pending", "fetched", "failed"] })
      .notNull()
      .default("pending"),
    mediaId: integer("media_id").references(() => media.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("catalogue_import_pictures_key").on(t.productId, t.variationId, t.position),
    index("catalogue_import_pictures_state_idx").on(t.state, t.id),
    check("catalogue_import_pictures_url", sql`${t.url} ~ '^https?://'`),
  ],
);

/**
 * Downloadable files a file names by an address this store does not serve (decision 0081): the
 * waiting file is a `media` row of kind `file` without an original, which the products' downloads
 * name from the start; a fetcher stores the bytes into that row (state fetched) or gives up
 * (`error`, state failed). One row per address, kept once fetched, so a file naming the same
 * address again links the stored file instead of fetching it twice.
 */
export const catalogueImportFiles = pgTable(
  "catalogue_import_files",
  {
    id: serial("id").primaryKey(),
    /** The job that named the address (last put back to pending by); its report lists a failure. */
    jobId: integer("job_id").references(() => catalogueImportJobs.id, { onDelete: "set null" }),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    state: text("state", { enum: ["pending", "fetched", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("catalogue_import_files_url").on(t.url),
    uniqueIndex("catalogue_import_files_media").on(t.mediaId),
    index("catalogue_import_files_state_idx").on(t.state, t.id),
    check("catalogue_import_files_url_check", sql`${t.url} ~ '^https?://'`),
  ],
);

/**
 * Files uploaded for import (decision 0082): the bytes are a private `media` file like a
 * download's, this row says it came for an import and when. An upload whose job never started is
 * removed a day later, as WooCommerce's importer removes its file (`importer_scheduled_cleanup`);
 * one whose job ended is removed then, with its row.
 */
export const catalogueImportUploads = pgTable(
  "catalogue_import_uploads",
  {
    mediaId: integer("media_id")
      .primaryKey()
      .references(() => media.id, { onDelete: "cascade" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalogue_import_uploads_at_idx").on(t.uploadedAt)],
);
