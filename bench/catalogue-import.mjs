import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The catalogue import's speed (issue 43, decision 0074): a WooCommerce product CSV of `rows` rows
 * (simple products in nested categories, a third on sale) written to a temporary folder, imported
 * by `npm run catalogue:import` into a new embedded database, and its rows per second printed.
 */
export function catalogueImportRate(root, rows = 10_000) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "vitrine-import-bench-"));
  try {
    const file = path.join(folder, "products.csv");
    const lines = ["ID,Type,SKU,Name,Published,Regular price,Sale price,Categories,Stock,Tags"];
    for (let n = 1; n <= rows; n++)
      lines.push(
        `${n},simple,BENCH-${n},Bench product ${n},1,${10 + (n % 90)}.99,${n % 3 === 0 ? `${5 + (n % 5)}` : ""},Bench > Group ${n % 20},${n % 50},bench`,
      );
    writeFileSync(file, `${lines.join("\n")}\n`);
    const started = performance.now();
    const run = spawnSync("npm", ["run", "--silent", "catalogue:import", "--", file], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(folder, "data"),
        PUBLIC_URL: "https://bench.example",
        SEED_DEMO: "false",
      },
      encoding: "utf8",
    });
    const seconds = (performance.now() - started) / 1000;
    const summary = /(\d+) rows: (\d+) were created.*\(([\d.]+) s, (\d+) rows\/s\)/.exec(run.stdout ?? "");
    return {
      rows,
      ok: run.status === 0 && summary !== null,
      created: summary ? Number(summary[2]) : 0,
      importSeconds: summary ? Number(summary[3]) : null,
      rowsPerSecond: summary ? Number(summary[4]) : null,
      wallSeconds: seconds,
      error: run.status === 0 ? null : (run.stderr || run.stdout || "").slice(-400),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function printCatalogueImport(result) {
  console.log("\nCatalogue import (WooCommerce CSV, embedded database)");
  if (!result.ok) {
    console.log(`  failed: ${result.error}`);
    return;
  }
  console.log(
    `  ${result.rows} rows: ${result.created} created in ${result.importSeconds} s, ${result.rowsPerSecond} rows/s (${result.wallSeconds.toFixed(1)} s with start-up)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  printCatalogueImport(catalogueImportRate(root, Number(process.argv[2] ?? 10_000)));
}
