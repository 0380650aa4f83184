import { createHash } from "node:crypto";
import {
  catalogueImportJobs,
  catalogueImportRows,
  catalogueImportUploads,
  type Database,
  productDownloads,
  selectRows,
} from "@vitrine/db";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ImportJobView } from "../../lib/catalogue-import-view.ts";
import { CsvFileError, type CsvSource, readWooProductCsv } from "../../lib/woo-product-csv.ts";
import { MediaError } from "../media/media-library.server.ts";
import type { PrivateFiles } from "../media/private-files.server.ts";
import {
  type ImportProgress,
  type ImportReport,
  previewCatalogueImport,
  runCatalogueImport,
  startCatalogueImport,
} from "./catalogue-import.server.ts";
import { filesOfJob, picturesOfJob, wakeImportFetching } from "./picture-fetch.server.ts";

/**
 * The back office's catalogue import (decision 0077): the uploaded file kept with the private
 * files (a `media` row of kind `file`, never served) until its job ends; its preview; its run in
 * the background of the server process, not of the request that asked for it. The job's row
 * (`catalogue_import_jobs`) says where it stands and which upload it reads (`options.upload`), so a
 * job cut off by a restart is resumed at the next start, and the same file run again while its job
 * is unfinished joins that job.
 */

export type ImportParts = {
  db: Database;
  files: PrivateFiles;
  /** The store's public origin: pictures under `{origin}/media/` are its own. */
  origin: string;
  logger: Logger;
  /** Drops the shared pages every process keeps (the catalogue changed). */
  invalidatePages: () => void;
  /** Lets a shutdown wait for the run, as for a request (`afterAnswer`). */
  track?: (work: Promise<void>) => void;
  /**
   * Whether other processes share the database (PostgreSQL): a run then holds the job's advisory
   * lock, so that a job one machine runs is not resumed by another starting meanwhile.
   */
  shared?: boolean;
  /**
   * How many catalogue changes the process has heard of (`ProductListings.generation`): a preview
   * is kept while it stays the same. Without it, every preview reads the file again.
   */
  catalogueGeneration?: () => number;
};

export class ImportUploadError extends Error {
  override name = "ImportUploadError";
  constructor(
    readonly status: number,
    readonly code: "catalogue_import_not_csv" | "catalogue_import_empty" | "catalogue_import_upload_invalid",
    message: string,
  ) {
    super(message);
  }
}

/** An uploaded file kept for import: refused (4xx) unless it reads as CSV with a header. */
export async function keepImportUpload(
  parts: Pick<ImportParts, "db" | "files">,
  input: { bytes: Buffer; filename: string; uploadedBy: number },
): Promise<{ id: number; fileName: string; bytes: number }> {
  if (input.bytes.length === 0)
    throw new ImportUploadError(400, "catalogue_import_empty", "The file is empty.");
  try {
    for await (const line of readWooProductCsv(once(input.bytes))) if (line.kind === "header") break;
  } catch (error) {
    if (error instanceof CsvFileError)
      throw new ImportUploadError(415, "catalogue_import_not_csv", `The file is not CSV: ${error.message}`);
    throw error;
  }
  const base = input.filename.replace(/\.(csv|txt)$/i, "") || "products";
  try {
    const kept = await parts.files.keepFile({ ...input, filename: `${base}.csv` });
    // Marked as an import's, so that it is removed if it is never run (decision 0082).
    await parts.db.insert(catalogueImportUploads).values({ mediaId: kept.id });
    return { id: kept.id, fileName: kept.filename, bytes: kept.bytes };
  } catch (error) {
    // Not UTF-8 text, or over the size limit: the private files' own refusals.
    if (error instanceof MediaError && error.status === 415)
      throw new ImportUploadError(415, "catalogue_import_not_csv", "The file is not UTF-8 text.");
    if (error instanceof MediaError)
      throw new ImportUploadError(error.status, "catalogue_import_upload_invalid", error.message);
    throw error;
  }
}

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

/** The upload's bytes, each time from the start (the engine reads the file once per phase). */
function opener(files: PrivateFiles, uploadId: number): () => CsvSource {
  return () =>
    (async function* () {
      const file = await files.openFile(uploadId);
      if (!file) throw new CsvFileError("no_header", 1, "The uploaded file is gone.");
      yield* file.stream as AsyncIterable<Buffer>;
    })();
}

/** An import upload's name and size; null when there is none (or it is not a CSV file). */
export async function importUpload(files: PrivateFiles, uploadId: number) {
  const file = await files.fileInfo(uploadId);
  return file && file.mimeType === "text/csv"
    ? { id: file.id, fileName: file.filename, bytes: file.bytes }
    : null;
}

export type PreviewRow = { line: number; sku: string; name: string; type: string };

type Preview = { report: ImportReport; rows: PreviewRow[] };

/** How long a preview is kept at most, and how many (the last ones asked for) per database. */
export const PREVIEW_KEPT_MS = 10 * 60_000;
const PREVIEWS_KEPT = 4;
type KeptPreview = { key: string; generation: number; at: number; preview: Promise<Preview> };
const keptPreviews = new WeakMap<Database, KeptPreview[]>();

/**
 * What the file would do, and each row's SKU, name and type to show beside its outcome. The dry
 * run reads the whole file and the catalogue, so its answer is kept for the same upload and
 * columns while the catalogue does not change (the preview's pages, its return after a look
 * elsewhere): any catalogue change the process hears of, or ten minutes, and it runs again.
 */
export function previewUpload(
  parts: Pick<ImportParts, "db" | "files" | "origin" | "catalogueGeneration">,
  uploadId: number,
  skipColumns: string[],
): Promise<Preview> {
  if (!parts.catalogueGeneration) return dryRun(parts, uploadId, skipColumns);
  const key = JSON.stringify([uploadId, skipColumns]);
  const generation = parts.catalogueGeneration();
  const now = Date.now();
  const kept = (keptPreviews.get(parts.db) ?? []).filter(
    (each) => each.generation === generation && now - each.at < PREVIEW_KEPT_MS,
  );
  const found = kept.find((each) => each.key === key);
  if (found) return found.preview;
  const preview = dryRun(parts, uploadId, skipColumns);
  const entry = { key, generation, at: now, preview };
  keptPreviews.set(parts.db, [entry, ...kept].slice(0, PREVIEWS_KEPT));
  // A failed run is not kept: the next look tries again.
  preview.catch(() => {
    const list = keptPreviews.get(parts.db);
    if (list)
      keptPreviews.set(
        parts.db,
        list.filter((each) => each !== entry),
      );
  });
  return preview;
}

async function dryRun(
  parts: Pick<ImportParts, "db" | "files" | "origin">,
  uploadId: number,
  skipColumns: string[],
): Promise<Preview> {
  const open = opener(parts.files, uploadId);
  const report = await previewCatalogueImport(parts.db, open, { origin: parts.origin, skipColumns });
  const rows: PreviewRow[] = [];
  if (report.fileProblems.length === 0)
    for await (const line of readWooProductCsv(open(), { skipColumns }))
      if (line.kind === "row")
        rows.push({
          line: line.line,
          sku: line.row.sku ?? "",
          name: line.row.name ?? "",
          type: line.row.type ?? "",
        });
  return { report, rows };
}

type Running = { progress: ImportProgress | null; done: Promise<void> };
const running = new WeakMap<Database, Map<number, Running>>();
const stopped = new WeakMap<Database, Map<number, string>>();

const runsOf = (db: Database) => {
  const map = running.get(db) ?? new Map<number, Running>();
  running.set(db, map);
  return map;
};

/** A job's last progress in this process, or null when this process is not running it. */
export function runningProgress(db: Database, jobId: number): ImportProgress | null | undefined {
  const run = runsOf(db).get(jobId);
  return run ? run.progress : undefined;
}

/** Why this process's run of a job stopped before its end (it resumes when run again). */
export function stoppedRun(db: Database, jobId: number): string | null {
  return stopped.get(db)?.get(jobId) ?? null;
}

/**
 * Starts the upload's import (or joins its file's unfinished job) and runs it in the background.
 * A job another process touched within the last minute is left to it.
 */
export async function runUpload(
  parts: ImportParts,
  uploadId: number,
  skipColumns: string[],
): Promise<{ jobId: number; resumed: boolean }> {
  const upload = await importUpload(parts.files, uploadId);
  if (!upload) throw new ImportUploadError(404, "catalogue_import_upload_invalid", "No such uploaded file.");
  const hash = createHash("sha256");
  for await (const chunk of opener(parts.files, uploadId)()) hash.update(chunk);
  const { jobId, resumed } = await startCatalogueImport(
    parts.db,
    { fileName: upload.fileName, fileHash: hash.digest("hex") },
    { skipColumns },
  );
  const [job] = await parts.db
    .update(catalogueImportJobs)
    .set({ options: sql`${catalogueImportJobs.options} || jsonb_build_object('upload', ${uploadId}::int)` })
    .where(eq(catalogueImportJobs.id, jobId))
    .returning({
      fresh: sql<boolean>`${catalogueImportJobs.updatedAt} > now() - interval '1 minute'`,
    });
  // Joined: a job touched within the minute, not stopped here, is another process's to run (a
  // worker's, or the command line's); this process runs the rest.
  const othersRun = resumed && job?.fresh === true && stoppedRun(parts.db, jobId) === null;
  if (!othersRun) startRun(parts, jobId, uploadId);
  return { jobId, resumed };
}

/** Runs the job in this process unless it runs here already; the upload is deleted when the job ends. */
export function startRun(parts: ImportParts, jobId: number, uploadId: number): void {
  const runs = runsOf(parts.db);
  if (runs.has(jobId)) return;
  stopped.get(parts.db)?.delete(jobId);
  const entry: Running = { progress: null, done: Promise.resolve() };
  runs.set(jobId, entry);
  entry.done = (async () => {
    try {
      if (!parts.shared) await runHere(parts, jobId, uploadId, entry);
      else if (!(await whileHolding(parts.db, jobId, () => runHere(parts, jobId, uploadId, entry))))
        parts.logger.info({ jobId }, "catalogue import runs in another process");
    } catch (error) {
      // The lock could not be asked for (the database went away): the next start resumes the job.
      noteStopped(parts, jobId, error);
    } finally {
      runs.delete(jobId);
    }
  })();
  parts.track?.(entry.done);
}

/**
 * Runs `work` while this connection holds the job's advisory lock (decision 0084), and answers
 * true; answers false at once when another process holds it. The lock lives in a transaction that
 * does nothing else, on a connection of its own, and goes with it when the process ends, however.
 */
async function whileHolding(db: Database, jobId: number, work: () => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await selectRows<{ held: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${IMPORT_RUN_LOCK}, ${jobId}) as held`,
    );
    if (!lock?.held) return false;
    await work();
    return true;
  });
}

/** The advisory locks' first key for import runs (the second is the job's id). */
const IMPORT_RUN_LOCK = 7261003;

/** The run itself, in this process. */
async function runHere(parts: ImportParts, jobId: number, uploadId: number, entry: Running): Promise<void> {
  try {
    const report = await runCatalogueImport(parts.db, jobId, opener(parts.files, uploadId), {
      origin: parts.origin,
      onProgress: (progress) => {
        entry.progress = progress;
      },
    });
    parts.logger.info(
      { jobId, created: report.created, updated: report.updated, refused: report.refused },
      "catalogue import finished",
    );
    await removeUpload(parts, uploadId);
    wakeImportFetching(parts.db);
  } catch (error) {
    noteStopped(parts, jobId, error);
  } finally {
    parts.invalidatePages();
  }
}

/** A run that stopped: logged, and its reason kept for the job's view (`stoppedRun`). */
function noteStopped(parts: ImportParts, jobId: number, error: unknown): void {
  parts.logger.error({ err: error, jobId }, "catalogue import stopped");
  const reasons = stopped.get(parts.db) ?? new Map<number, string>();
  stopped.set(parts.db, reasons);
  reasons.set(jobId, (error as Error).message);
}

/**
 * The upload, once its job has ended or it was left unrun, unless a downloadable product delivers
 * the same file: that file then only stops being an upload.
 */
async function removeUpload(parts: Pick<ImportParts, "db" | "files">, uploadId: number): Promise<void> {
  const [used] = await parts.db
    .select({ id: productDownloads.id })
    .from(productDownloads)
    .where(eq(productDownloads.mediaId, uploadId))
    .limit(1);
  if (used) await parts.db.delete(catalogueImportUploads).where(eq(catalogueImportUploads.mediaId, uploadId));
  else await parts.files.removeFile(uploadId);
}

/** How long an upload no job reads is kept: a day, as WooCommerce's importer keeps its file. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads kept longer than `ABANDONED_UPLOAD_MS` that no unfinished job reads (previewed and never
 * run, or whose job failed), removed with their bytes (decision 0082). Answers their ids.
 */
export async function removeAbandonedUploads(
  parts: Pick<ImportParts, "db" | "files">,
  now: Date = new Date(),
): Promise<number[]> {
  const uploads = await parts.db
    .select({ id: catalogueImportUploads.mediaId })
    .from(catalogueImportUploads)
    .where(
      and(
        lt(catalogueImportUploads.uploadedAt, new Date(now.getTime() - ABANDONED_UPLOAD_MS)),
        sql`not exists (select 1 from ${catalogueImportJobs} where ${catalogueImportJobs.status} = 'running' and (${catalogueImportJobs.options}->>'upload')::int = ${catalogueImportUploads.mediaId})`,
      ),
    )
    .orderBy(asc(catalogueImportUploads.mediaId));
  for (const upload of uploads) await removeUpload(parts, upload.id);
  return uploads.map((upload) => upload.id);
}

/** At start: the jobs a stopped process left running, resumed from their checkpoints. */
export async function resumeUnfinishedImports(parts: ImportParts): Promise<number[]> {
  const jobs = await parts.db
    .select({
      id: catalogueImportJobs.id,
      upload: sql<number | null>`(${catalogueImportJobs.options}->>'upload')::int`,
    })
    .from(catalogueImportJobs)
    .where(eq(catalogueImportJobs.status, "running"));
  const resumed: number[] = [];
  for (const job of jobs) {
    if (job.upload === null || !(await importUpload(parts.files, job.upload))) continue;
    startRun(parts, job.id, job.upload);
    resumed.push(job.id);
  }
  return resumed;
}

/** Waits for this process's runs of `db` (tests, and a shutdown that wants them done). */
export async function settledRuns(db: Database): Promise<void> {
  await Promise.all([...runsOf(db).values()].map((run) => run.done));
}

/** A job as its progress view and report show it; null when there is no such job. */
export async function importJobView(db: Database, jobId: number): Promise<ImportJobView | null> {
  const [job] = await db.select().from(catalogueImportJobs).where(eq(catalogueImportJobs.id, jobId));
  if (!job) return null;
  const [refusedRows, pictures, files] = await Promise.all([
    db
      .select({ line: catalogueImportRows.line, problems: catalogueImportRows.problems })
      .from(catalogueImportRows)
      .where(and(eq(catalogueImportRows.jobId, jobId), eq(catalogueImportRows.outcome, "refuse")))
      .orderBy(asc(catalogueImportRows.line))
      .limit(500),
    picturesOfJob(db, jobId),
    filesOfJob(db, jobId),
  ]);
  const progress = job.status === "running" ? runningProgress(db, jobId) : undefined;
  const end = job.finishedAt ?? job.updatedAt;
  const seconds = (end.getTime() - job.startedAt.getTime()) / 1000;
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    phase: progress?.phase ?? job.phase,
    rowsDone: progress?.rowsDone ?? job.rows,
    rows: progress?.rows ?? (job.status === "running" ? null : job.rows),
    rowsPerSecond: Math.round(progress?.rowsPerSecond ?? (seconds > 0 ? job.rows / seconds : 0)),
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    refused: job.refused,
    error: job.error,
    stopped: stoppedRun(db, jobId),
    refusedRows,
    pictures,
    files,
  };
}

/** A request's parts for the import: the run outlives the request, and a shutdown waits for it. */
export function importPartsOf(context: {
  db: Database;
  privateFiles: PrivateFiles;
  config: { publicUrl: string; databaseUrl: string | undefined };
  logger: Logger;
  invalidatePages: () => void;
  afterAnswer: (work: Promise<void>) => void;
  productListings: { generation: number };
}): ImportParts {
  return {
    db: context.db,
    files: context.privateFiles,
    origin: context.config.publicUrl,
    shared: context.config.databaseUrl !== undefined,
    logger: context.logger,
    invalidatePages: () => context.invalidatePages(),
    track: (work) => context.afterAnswer(work),
    catalogueGeneration: () => context.productListings.generation,
  };
}
