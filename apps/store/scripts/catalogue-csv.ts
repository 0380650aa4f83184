import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createDb, DatabaseOpenError } from "@vitrine/db";
import { z } from "zod";
import { loadConfig } from "../app/config.server.ts";
import { CsvFileError } from "../app/lib/woo-product-csv.ts";
import { exportCatalogueCsv } from "../app/services/catalogue-io/catalogue-export.server.ts";
import {
  type ImportReport,
  previewCatalogueImport,
  runCatalogueImport,
  startCatalogueImport,
} from "../app/services/catalogue-io/catalogue-import.server.ts";
import { serveMediaFrom } from "../app/services/media/media-address.server.ts";

/**
 * `npm run catalogue:export -- FILE` and `npm run catalogue:import -- FILE [--preview]` (decision
 * 0074): the store's catalogue to and from WooCommerce's product CSV, on the database the store's
 * configuration names (DATA_DIR or DATABASE_URL; pictures' addresses from PUBLIC_URL). With the
 * embedded database the store must be stopped: the data folder belongs to one process. An import
 * stopped half-way resumes when the same file is given again.
 */

// biome-ignore lint/style/noProcessEnv: a command-line script, as db:copy's: npm's INIT_CWD is where the user typed it.
const env = z.object({ INIT_CWD: z.string().default(process.cwd()) }).parse(process.env);
const [command, file, ...flags] = process.argv.slice(2);
const usage =
  "Usage: npm run catalogue:export -- FILE | npm run catalogue:import -- FILE [--preview] [--batch-size=N]";
// Rows per transaction (the engine's default unless given): small batches let a test stop a run between them.
const batchFlag = flags.find((flag) => flag.startsWith("--batch-size="));
const batchSize = batchFlag
  ? z.coerce.number().int().min(1).max(5000).parse(batchFlag.split("=")[1])
  : undefined;

async function main(): Promise<number> {
  if ((command !== "export" && command !== "import") || !file) {
    console.error(usage);
    return 2;
  }
  const target = path.resolve(env.INIT_CWD, file);
  const config = loadConfig();
  // An export addresses pictures where pages do; an import knows those addresses as the store's.
  serveMediaFrom(config.mediaUrl);
  let handle: Awaited<ReturnType<typeof createDb>>;
  try {
    handle = await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: path.resolve(env.INIT_CWD, config.dataDir),
      // As the server opens it (PG_PREPARED_STATEMENTS, decisions 0072 and 0078).
      preparedStatements: config.preparedStatements,
    });
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      console.error(`${error.message}\nStop the store first: the embedded database belongs to one process.`);
      return 1;
    }
    throw error;
  }
  try {
    if (command === "export") {
      await pipeline(exportCatalogueCsv(handle.db, config.publicUrl), createWriteStream(target));
      console.log(`Exported the catalogue to ${target}.`);
      return 0;
    }
    if (!existsSync(target)) {
      console.error(`There is no file ${target}.`);
      return 1;
    }
    const open = () => createReadStream(target);
    const onProgress = (progress: { phase: string; rowsDone: number; rows: number; rowsPerSecond: number }) =>
      console.log(
        `${progress.phase}: ${progress.rowsDone} rows done, ${Math.round(progress.rowsPerSecond)} rows/s`,
      );
    if (flags.includes("--preview")) {
      printReport(await previewCatalogueImport(handle.db, open, { origin: config.publicUrl }), true);
      return 0;
    }
    const hash = createHash("sha256");
    await pipeline(createReadStream(target), hash);
    const { jobId, resumed } = await startCatalogueImport(handle.db, {
      fileName: path.basename(target),
      fileHash: hash.digest("hex"),
    });
    if (resumed) console.log(`Resuming import job ${jobId}.`);
    const report = await runCatalogueImport(handle.db, jobId, open, {
      origin: config.publicUrl,
      onProgress,
      ...(batchSize ? { batchSize } : {}),
    });
    printReport(report, false);
    return report.fileProblems.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof CsvFileError) {
      console.error(`Line ${error.line}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

function printReport(report: ImportReport, preview: boolean): void {
  for (const problem of report.fileProblems)
    console.error(
      `Line ${problem.line}${problem.column ? `, column "${problem.column}"` : ""}: ${problem.message}`,
    );
  for (const outcome of report.outcomes)
    for (const problem of outcome.problems)
      console.log(
        `Line ${outcome.line} refused${problem.column ? `, column "${problem.column}"` : ""}: ${problem.message}`,
      );
  const verb = preview ? "would be" : "were";
  console.log(
    `${report.rows} rows: ${report.created} ${verb} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.refused} refused (${report.seconds.toFixed(1)} s, ${Math.round(report.rowsPerSecond)} rows/s).`,
  );
}

process.exitCode = await main();
