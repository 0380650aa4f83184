import {
  catalogueImportJobs,
  catalogueImportOrigins,
  catalogueImportRows,
  type Database,
  productLinks,
  products,
  type Transaction,
  variations,
} from "@vitrine/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type CsvProblem,
  type CsvSource,
  readWooProductCsv,
  type WooProductRow,
} from "../../lib/woo-product-csv.ts";
import {
  type CatalogueEntry,
  type CatalogueLookups,
  catalogueLookups,
  catalogueRows,
} from "./catalogue-rows.server.ts";
import { type ImportPlan, planImport, resolveRef } from "./import-plan.server.ts";
import { blankRow, changedFields, keepDownloadIds, normalise, overlay } from "./import-state.server.ts";
import {
  canonicalise,
  deriveParents,
  fetchedFileAddresses,
  ImportNames,
  offeredTerms,
  type ProductWrite,
  ruleProblems,
  type VariationWrite,
  variationTermsOf,
  type WriteContext,
  withFetchedFiles,
  writeProducts,
  writeVariations,
} from "./import-writes.server.ts";
import { insertRows } from "./json-rows.server.ts";

/**
 * The catalogue's import from WooCommerce's product CSV (decision 0074). The engine the command
 * line uses and the back office's upload can use:
 *
 * - `previewCatalogueImport(db, open, options)`: reads the file, matches and checks every row and
 *   says what each would do (create, update, unchanged, refuse, with reasons by column); writes nothing.
 * - `startCatalogueImport(db, {fileName, fileHash}, options)`: a job for the file, or its unfinished
 *   job (the same hash), to resume.
 * - `runCatalogueImport(db, jobId, open, options)`: runs (or resumes) the job, in transactions of
 *   `batchSize` rows; each commits its rows, their outcomes and the job's checkpoint together.
 *
 * `open` gives the file's bytes from the start each time it is called (the file is read once to
 * plan, then once per phase: products, variations, linked products).
 */

export type ImportOptions = {
  /** The store's public origin: a picture at `{origin}/media/…` is the store's own. */
  origin: string;
  batchSize?: number;
  /** Headers to leave out (WooCommerce's "Do not import"). */
  skipColumns?: string[];
  onProgress?: (progress: ImportProgress) => void;
};

export type ImportProgress = { phase: string; rowsDone: number; rows: number; rowsPerSecond: number };

export type RowOutcome = {
  line: number;
  outcome: "create" | "update" | "unchanged" | "refuse";
  problems: Array<{ column: string | null; code: string; message: string }>;
};

export type ImportReport = {
  jobId: number | null;
  columns: string[];
  ignoredColumns: string[];
  /** Problems of the file as a whole (not CSV, an unknown column): nothing is imported. */
  fileProblems: CsvProblem[];
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  outcomes: RowOutcome[];
  seconds: number;
  rowsPerSecond: number;
};

type Phase = "products" | "variations" | "links";
const PHASES: Phase[] = ["products", "variations", "links"];

const META_KEYS = (row: WooProductRow) =>
  Object.keys(row.meta ?? {}).filter((key) => key.startsWith("_vitrine_"));

/** What a preview or a run goes through: the plan, the names, the rows' outcomes. */
type Run = {
  db: Database;
  plan: ImportPlan;
  options: ImportOptions;
  jobId: number | null;
  dryRun: boolean;
  outcomes: Map<number, RowOutcome>;
  /** Product ids by line, for the rows created or matched (a dry run's new rows have none). */
  productIdOfLine: Map<number, number>;
  started: number;
  /** Outcomes settled before this run (a resumed job's), left out of its rows per second. */
  done: number;
  /** The store's names and categories' paths, read at the run's first batch and kept up to date by it. */
  names?: ImportNames;
  lookups?: CatalogueLookups;
};

export async function previewCatalogueImport(
  db: Database,
  open: () => CsvSource,
  options: ImportOptions,
): Promise<ImportReport> {
  const baseline = await currentBaseline(db);
  const plan = await planImport(db, open, options.skipColumns ?? [], baseline);
  const run: Run = {
    db,
    plan,
    options,
    jobId: null,
    dryRun: true,
    outcomes: new Map(),
    productIdOfLine: new Map(),
    started: performance.now(),
    done: 0,
  };
  if (plan.fileProblems.length === 0) {
    for (const row of plan.rows.values())
      if (row.targetId !== null && row.kind !== "variation") run.productIdOfLine.set(row.line, row.targetId);
    for (const phase of PHASES) await runPhase(run, open, phase, 0);
  }
  return report(run);
}

export async function startCatalogueImport(
  db: Database,
  file: { fileName: string; fileHash: string },
  options: Pick<ImportOptions, "skipColumns"> = {},
): Promise<{ jobId: number; resumed: boolean }> {
  const [unfinished] = await db
    .select({ id: catalogueImportJobs.id })
    .from(catalogueImportJobs)
    .where(and(eq(catalogueImportJobs.fileHash, file.fileHash), eq(catalogueImportJobs.status, "running")));
  if (unfinished) return { jobId: unfinished.id, resumed: true };
  const baseline = await currentBaseline(db);
  const [job] = await db
    .insert(catalogueImportJobs)
    .values({
      fileName: file.fileName,
      fileHash: file.fileHash,
      baselineProductId: baseline.productId,
      baselineVariationId: baseline.variationId,
      options: { skipColumns: options.skipColumns ?? [] },
    })
    .returning({ id: catalogueImportJobs.id });
  return { jobId: job!.id, resumed: false };
}

export async function runCatalogueImport(
  db: Database,
  jobId: number,
  open: () => CsvSource,
  options: ImportOptions,
): Promise<ImportReport> {
  const [job] = await db.select().from(catalogueImportJobs).where(eq(catalogueImportJobs.id, jobId));
  if (!job) throw new Error(`No import job ${jobId}.`);
  const skipColumns = job.options.skipColumns;
  const plan = await planImport(db, open, skipColumns, {
    productId: job.baselineProductId,
    variationId: job.baselineVariationId,
  });
  const run: Run = {
    db,
    plan,
    options: { ...options, skipColumns },
    jobId,
    dryRun: false,
    outcomes: new Map(),
    productIdOfLine: new Map(),
    started: performance.now(),
    done: 0,
  };
  if (plan.fileProblems.length > 0) {
    await db
      .update(catalogueImportJobs)
      .set({ status: "failed", error: plan.fileProblems[0]!.message, finishedAt: new Date() })
      .where(eq(catalogueImportJobs.id, jobId));
    return report(run);
  }
  // What earlier runs of this job did: their outcomes, and the products they made or matched.
  for (const row of await db.select().from(catalogueImportRows).where(eq(catalogueImportRows.jobId, jobId))) {
    run.outcomes.set(row.line, { line: row.line, outcome: row.outcome, problems: row.problems });
    if (row.productId !== null && row.variationId === null) run.productIdOfLine.set(row.line, row.productId);
  }
  run.done = run.outcomes.size;
  for (const row of plan.rows.values())
    if (row.targetId !== null && row.kind !== "variation" && !run.productIdOfLine.has(row.line))
      run.productIdOfLine.set(row.line, row.targetId);
  const from = PHASES.indexOf(job.phase as Phase);
  for (const [index, phase] of PHASES.entries()) {
    if (index < from && job.phase !== "done") continue;
    if (job.phase === "done") break;
    await runPhase(run, open, phase, index === from ? job.checkpointLine : 0);
  }
  await db
    .update(catalogueImportJobs)
    .set({ status: "done", phase: "done", finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(catalogueImportJobs.id, jobId));
  return report(run);
}

async function currentBaseline(db: Database) {
  const [row] = await db
    .select({
      productId: sql<number>`coalesce((select max(id) from ${products}), 0)::int`,
      variationId: sql<number>`coalesce((select max(id) from ${variations}), 0)::int`,
    })
    .from(sql`(select 1) one`);
  return row!;
}

/** One phase: the file read again, its rows of the phase after `checkpoint` in batches. */
async function runPhase(run: Run, open: () => CsvSource, phase: Phase, checkpoint: number): Promise<void> {
  const size = run.options.batchSize ?? 250;
  let batch: Array<{ line: number; row: WooProductRow }> = [];
  const flush = async (lastLine: number) => {
    const rows = batch;
    batch = [];
    if (run.dryRun) {
      const outcomes = await inTransaction(run.db, true, (tx) => processBatch(run, tx, phase, rows));
      mergeOutcomes(run, outcomes);
    } else {
      await run.db.transaction(async (tx) => {
        const outcomes = await processBatch(run, tx, phase, rows);
        await saveOutcomes(run, tx, phase, outcomes, lastLine);
      });
    }
    // Rows done: those whose outcome is settled (the links phase settles none; a resumed job starts
    // from its earlier runs'), so the count ends at the file's rows.
    const seconds = (performance.now() - run.started) / 1000;
    run.options.onProgress?.({
      phase,
      rowsDone: run.outcomes.size,
      rows: run.plan.rows.size,
      rowsPerSecond: seconds > 0 ? (run.outcomes.size - run.done) / seconds : 0,
    });
  };
  let last = checkpoint;
  for await (const parsed of readWooProductCsv(open(), { skipColumns: run.options.skipColumns ?? [] })) {
    if (parsed.kind !== "row" || parsed.line <= checkpoint) continue;
    const planned = run.plan.rows.get(parsed.line)!;
    const inPhase =
      phase === "products"
        ? true
        : phase === "variations"
          ? planned.kind === "variation"
          : planned.kind !== "variation";
    if (!inPhase) continue;
    batch.push({ line: parsed.line, row: parsed.row });
    last = parsed.line;
    if (batch.length >= size) await flush(last);
  }
  if (batch.length > 0 || !run.dryRun) await flush(last);
}

/** A dry run's reads share one transaction per batch, rolled back, so a preview never writes. */
async function inTransaction<T>(
  db: Database,
  rollback: boolean,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  const marker = new Error("rollback");
  try {
    await db.transaction(async (tx) => {
      result = await work(tx);
      if (rollback) throw marker;
    });
  } catch (error) {
    if (error !== marker) throw error;
  }
  return result as T;
}

type BatchOutcome = RowOutcome & { productId: number | null; variationId: number | null };

/**
 * A batch's rows: compared with what the store holds, and those that differ written together
 * (`writeProducts`, `writeVariations`: a few statements per batch, not per row). The store's names
 * and the categories' paths are read once per run and kept as the run makes more.
 */
async function processBatch(
  run: Run,
  tx: Transaction,
  phase: Phase,
  given: Array<{ line: number; row: WooProductRow }>,
): Promise<BatchOutcome[]> {
  run.names ??= await ImportNames.load(tx);
  run.lookups ??= await catalogueLookups(tx, run.options.origin);
  const names = run.names;
  const lookups = run.lookups;
  // A download's file fetched by an earlier import is named as the export names it now (decision 0081).
  const fetched = phase === "links" ? new Map() : await fetchedFileAddresses(tx, given, run.options.origin);
  const rows = given.map(({ line, row }) => ({ line, row: withFetchedFiles(row, fetched) }));
  const context: WriteContext = { tx, names, origin: run.options.origin, jobId: run.jobId };
  const results: BatchOutcome[] =
    phase === "products"
      ? await productsBatch(run, context, lookups, rows)
      : phase === "variations"
        ? await variationsBatch(run, context, lookups, rows)
        : await linksBatch(run, tx, lookups, rows);
  // Categories the batch made, for the next batches' reading of products.
  for (const [key, id] of names.categoryIdByPath)
    if (!lookups.categoryPath.has(id)) lookups.categoryPath.set(id, names.categoryNamesByPath.get(key)!);
  return results;
}

async function productsBatch(
  run: Run,
  context: WriteContext,
  lookups: CatalogueLookups,
  rows: Array<{ line: number; row: WooProductRow }>,
): Promise<BatchOutcome[]> {
  const { tx, names } = context;
  const targets = rows.flatMap(({ line }) => {
    const id = run.productIdOfLine.get(line);
    return id !== undefined && run.plan.rows.get(line)!.kind !== "variation" ? [id] : [];
  });
  const current = byProduct(await catalogueRows(tx, targets, lookups));
  const results: BatchOutcome[] = [];
  const writes: Array<{ result: BatchOutcome; write: ProductWrite; fileId: number | null }> = [];
  for (const { line, row } of rows) {
    const planned = run.plan.rows.get(line)!;
    if (planned.problems.length > 0) {
      results.push({
        line,
        outcome: "refuse",
        problems: planned.problems,
        productId: null,
        variationId: null,
      });
      continue;
    }
    if (planned.kind === "variation") continue;
    const productId = run.productIdOfLine.get(line) ?? null;
    const existing = productId !== null ? current.get(productId) : undefined;
    const base = existing ?? blankRow(planned.kind);
    const desired = keepDownloadIds(
      existing,
      normalise(canonicalise(overlay(base, { ...row, type: planned.kind }), names)),
    );
    const problems = ruleProblems(desired, names);
    if (problems.length > 0) {
      results.push({ line, outcome: "refuse", problems, productId, variationId: null });
      continue;
    }
    const changed = existing ? changedFields(normalise(existing), desired, META_KEYS(row)) : ["*"];
    if (existing && changed.length === 0) {
      results.push({ line, outcome: "unchanged", problems: [], productId, variationId: null });
      continue;
    }
    const result: BatchOutcome = {
      line,
      outcome: existing ? "update" : "create",
      problems: [],
      productId,
      variationId: null,
    };
    results.push(result);
    writes.push({
      result,
      write: { productId, row: desired, changed: new Set(changed) },
      fileId: productId === null ? planned.fileId : null,
    });
  }
  if (run.dryRun) return results;
  const ids = await writeProducts(
    context,
    writes.map((entry) => entry.write),
  );
  for (const [index, { result }] of writes.entries()) {
    result.productId = ids[index]!;
    run.productIdOfLine.set(result.line, ids[index]!);
  }
  const origins = writes.flatMap((entry, index) =>
    entry.fileId === null
      ? []
      : [{ kind: "product" as const, sourceId: entry.fileId, targetId: ids[index]! }],
  );
  await insertRows(
    tx,
    catalogueImportOrigins,
    origins,
    sql`on conflict (kind, source_id) do update set target_id = excluded.target_id`,
  );
  return results;
}

async function variationsBatch(
  run: Run,
  context: WriteContext,
  lookups: CatalogueLookups,
  rows: Array<{ line: number; row: WooProductRow }>,
): Promise<BatchOutcome[]> {
  const { tx, names } = context;
  const parentOf = new Map<number, number | null>();
  /** The file's line of each variation's parent whose row the products phase refused. */
  const refusedParent = new Map<number, number>();
  for (const { line } of rows) {
    // A variation refused by the plan may have no parent at all (an empty Parent cell): it was
    // reported in the products phase and is skipped below, so it must not stop the batch here.
    const parent = run.plan.rows.get(line)!.parent;
    const target = parent ? resolveRef(run.plan, parent) : null;
    if (target && "line" in target && run.outcomes.get(target.line)?.outcome === "refuse")
      refusedParent.set(line, target.line);
    parentOf.set(
      line,
      target === null
        ? null
        : "productId" in target
          ? target.productId
          : (run.productIdOfLine.get(target.line) ?? null),
    );
  }
  const parentIds = [...new Set([...parentOf.values()].filter((id): id is number => id !== null))];
  const [entries, offered] = await Promise.all([
    catalogueRows(tx, parentIds, lookups),
    offeredTerms(tx, parentIds),
  ]);
  const variationEntry = new Map(
    entries.flatMap((entry) => (entry.variationId === null ? [] : [[entry.variationId, entry] as const])),
  );
  const results: BatchOutcome[] = [];
  const writes: Array<{ result: BatchOutcome; write: VariationWrite; fileId: number | null }> = [];
  for (const { line, row } of rows) {
    const planned = run.plan.rows.get(line)!;
    if (planned.problems.length > 0 || run.outcomes.get(line)?.outcome === "refuse") continue;
    // The plan cannot know a parent the store's rules refuse (a tax or shipping class it lacks): its
    // variations have no product to belong to, and would otherwise be reported made and never written.
    const parentLine = refusedParent.get(line);
    if (parentLine !== undefined) {
      results.push({
        line,
        outcome: "refuse",
        problems: [
          {
            column: "Parent",
            code: "bad_reference",
            message: `The parent (line ${parentLine}) is refused.`,
          },
        ],
        productId: null,
        variationId: null,
      });
      continue;
    }
    const parentId = parentOf.get(line) ?? null;
    const existing = planned.targetId !== null ? variationEntry.get(planned.targetId) : undefined;
    if (planned.targetId !== null && existing && existing.productId !== parentId) {
      results.push({
        line,
        outcome: "refuse",
        problems: [
          { column: "Parent", code: "bad_reference", message: "This variation belongs to another product." },
        ],
        productId: null,
        variationId: null,
      });
      continue;
    }
    const base = existing?.row ?? blankRow("variation");
    const desired = keepDownloadIds(
      existing?.row,
      normalise(
        canonicalise(overlay(base, { ...row, type: "variation", parent: base.parent ?? null }), names),
      ),
    );
    const problems = ruleProblems(desired, names);
    let terms: Array<{ attributeId: number; termId: number }> = [];
    if (parentId !== null && problems.length === 0) {
      const found = variationTermsOf(offered.get(parentId) ?? [], desired);
      if ("problem" in found)
        problems.push({ column: "Attribute 1 value(s)", code: "bad_value", message: found.problem });
      else terms = found.terms;
    }
    if (problems.length > 0) {
      results.push({ line, outcome: "refuse", problems, productId: parentId, variationId: null });
      continue;
    }
    const changed = existing ? changedFields(normalise(existing.row), desired, []) : ["*"];
    if (existing && changed.length === 0) {
      results.push({
        line,
        outcome: "unchanged",
        problems: [],
        productId: parentId,
        variationId: planned.targetId,
      });
      continue;
    }
    const result: BatchOutcome = {
      line,
      outcome: existing ? "update" : "create",
      problems: [],
      productId: parentId,
      variationId: planned.targetId,
    };
    results.push(result);
    if (parentId !== null)
      writes.push({
        result,
        write: { parentId, variationId: planned.targetId, row: desired, terms, changed: new Set(changed) },
        fileId: planned.targetId === null ? planned.fileId : null,
      });
  }
  if (run.dryRun) return results;
  const ids = await writeVariations(
    context,
    writes.map((entry) => entry.write),
  );
  for (const [index, { result }] of writes.entries()) result.variationId = ids[index]!;
  const origins = writes.flatMap((entry, index) =>
    entry.fileId === null
      ? []
      : [{ kind: "variation" as const, sourceId: entry.fileId, targetId: ids[index]! }],
  );
  await insertRows(tx, catalogueImportOrigins, origins, sql`on conflict do nothing`);
  await deriveParents(tx, [...new Set(writes.map((entry) => entry.write.parentId))]);
  return results;
}

/** Linked products: written once every product exists, compared as the products they name. */
async function linksBatch(
  run: Run,
  tx: Transaction,
  lookups: CatalogueLookups,
  given: Array<{ line: number; row: WooProductRow }>,
): Promise<BatchOutcome[]> {
  // A file without the three columns has nothing for this phase: its products are not read again.
  const rows = given.filter(
    ({ row }) => row.grouped !== undefined || row.upsells !== undefined || row.crossSells !== undefined,
  );
  if (rows.length === 0) return [];
  const ids = rows.flatMap(({ line }) => {
    const id = run.productIdOfLine.get(line);
    return id === undefined ? [] : [id];
  });
  const current = byProduct(await catalogueRows(tx, ids, lookups));
  const results: BatchOutcome[] = [];
  const replaced: Array<{ productId: number; kind: string }> = [];
  const links: Array<{ productId: number; linkedProductId: number; kind: LinkKind; position: number }> = [];
  const key = (target: ReturnType<typeof resolveRef>) =>
    target === null
      ? "?"
      : "productId" in target
        ? `p${target.productId}`
        : run.productIdOfLine.has(target.line)
          ? `p${run.productIdOfLine.get(target.line)}`
          : `l${target.line}`;
  for (const { line, row } of rows) {
    const planned = run.plan.rows.get(line)!;
    if (planned.problems.length > 0 || run.outcomes.get(line)?.outcome === "refuse") continue;
    const productId = run.productIdOfLine.get(line) ?? null;
    const kinds = [
      ["grouped", row.grouped],
      ["upsell", row.upsells],
      ["cross_sell", row.crossSells],
    ] as const;
    const existing = productId !== null ? current.get(productId) : undefined;
    let changed = false;
    for (const [kind, refs] of kinds) {
      if (refs === undefined) continue;
      const wanted = refs.map((ref) => key(resolveRef(run.plan, ref)));
      const heldRefs = existing
        ? kind === "grouped"
          ? existing.grouped
          : kind === "upsell"
            ? existing.upsells
            : existing.crossSells
        : [];
      const held = (heldRefs ?? []).map((ref) => key(resolveExisting(run, ref)));
      if (JSON.stringify(wanted) === JSON.stringify(held)) continue;
      changed = true;
      if (run.dryRun || productId === null) continue;
      replaced.push({ productId, kind });
      const linked = [
        ...new Set(wanted.filter((k) => k.startsWith("p")).map((k) => Number(k.slice(1)))),
      ].filter((id) => id !== productId);
      for (const [position, linkedProductId] of linked.entries())
        links.push({ productId, linkedProductId, kind, position });
    }
    if (changed) results.push({ line, outcome: "update", problems: [], productId, variationId: null });
  }
  if (replaced.length > 0)
    await tx.execute(sql`
      delete from product_links l
      using jsonb_to_recordset(${JSON.stringify(replaced)}::jsonb) as r("productId" int, kind text)
      where l.product_id = r."productId" and l.kind = r.kind`);
  await insertRows(tx, productLinks, links);
  return results;
}

type LinkKind = "grouped" | "upsell" | "cross_sell";

/** An existing product's reference (its SKU, or id:N) as the file's references resolve. */
function resolveExisting(run: Run, ref: NonNullable<WooProductRow["parent"]>) {
  if ("id" in ref) return { productId: ref.id };
  return resolveRef(run.plan, ref);
}

function byProduct(entries: CatalogueEntry[]): Map<number, WooProductRow> {
  return new Map(
    entries.filter((entry) => entry.variationId === null).map((entry) => [entry.productId, entry.row]),
  );
}

/** A batch's outcomes and the job's checkpoint, in the batch's transaction. */
async function saveOutcomes(
  run: Run,
  tx: Transaction,
  phase: Phase,
  outcomes: BatchOutcome[],
  lastLine: number,
): Promise<void> {
  const { counts, fresh, upgraded } = mergeOutcomes(run, outcomes);
  if (upgraded.length > 0)
    await tx
      .update(catalogueImportRows)
      .set({ outcome: "update" })
      .where(and(eq(catalogueImportRows.jobId, run.jobId!), inArray(catalogueImportRows.line, upgraded)));
  await insertRows(
    tx,
    catalogueImportRows,
    fresh.map((outcome) => ({
      jobId: run.jobId!,
      line: outcome.line,
      outcome: outcome.outcome,
      productId: outcome.productId,
      variationId: outcome.variationId,
      problems: outcome.problems,
    })),
  );
  await tx
    .update(catalogueImportJobs)
    .set({
      phase,
      checkpointLine: lastLine,
      rows: sql`${catalogueImportJobs.rows} + ${counts.rows}`,
      created: sql`${catalogueImportJobs.created} + ${counts.created}`,
      updated: sql`${catalogueImportJobs.updated} + ${counts.updated}`,
      unchanged: sql`${catalogueImportJobs.unchanged} + ${counts.unchanged}`,
      refused: sql`${catalogueImportJobs.refused} + ${counts.refused}`,
      updatedAt: new Date(),
    })
    .where(eq(catalogueImportJobs.id, run.jobId!));
}

/** A batch's outcomes added to the run's: new rows counted, and rows the links phase changed after all. */
function mergeOutcomes(run: Run, outcomes: BatchOutcome[]) {
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: 0 };
  const fresh: typeof outcomes = [];
  const upgraded: number[] = [];
  for (const outcome of outcomes) {
    const before = run.outcomes.get(outcome.line);
    if (before) {
      if (before.outcome === "unchanged" && outcome.outcome === "update") {
        counts.unchanged--;
        counts.updated++;
        before.outcome = "update";
        upgraded.push(outcome.line);
      }
      continue;
    }
    run.outcomes.set(outcome.line, outcome);
    fresh.push(outcome);
    counts.rows++;
    if (outcome.outcome === "create") counts.created++;
    else if (outcome.outcome === "update") counts.updated++;
    else if (outcome.outcome === "unchanged") counts.unchanged++;
    else counts.refused++;
  }
  return { counts, fresh, upgraded };
}

function report(run: Run): ImportReport {
  const outcomes = [...run.outcomes.values()].sort((a, b) => a.line - b.line);
  const count = (kind: RowOutcome["outcome"]) =>
    outcomes.filter((outcome) => outcome.outcome === kind).length;
  const seconds = (performance.now() - run.started) / 1000;
  return {
    jobId: run.jobId,
    columns: run.plan.columns,
    ignoredColumns: run.plan.ignoredColumns,
    fileProblems: run.plan.fileProblems,
    rows: run.plan.rows.size,
    created: count("create"),
    updated: count("update"),
    unchanged: count("unchanged"),
    refused: count("refuse"),
    outcomes: outcomes.map(({ line, outcome, problems }) => ({ line, outcome, problems })),
    seconds,
    rowsPerSecond: seconds > 0 ? run.plan.rows.size / seconds : 0,
  };
}
