#!/usr/bin/env node
// Search latency against catalogue size: for each size and database, a fresh data folder (and, on
// PostgreSQL, a fresh database) seeded with the demo catalogue plus synthetic products
// (`npm run seed -- --products N`), the built store started on it, then bench/search.mjs. The
// databases of one size are seeded side by side (seeding is not what is measured), then measured one
// after the other. Needs a build (`npm run build`; VITRINE_BUILD_DIR picks another one).
// Alone: SEARCH_SCALE_SIZES=1000,100000 (the default) on PGlite. Prints figures, no verdicts.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchFilteredListing } from "./filtered-listing.mjs";
import { benchSearch } from "./search.mjs";
import { root, startStore } from "./store.mjs";

/** Seed commands still running (in process groups of their own), so an interrupted bench ends them. */
const seeding = new Set();
let closed = false;

export function stopSeeding() {
  closed = true;
  for (const child of seeding) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs `npm run seed -- <args>` (by default `--products N`); resolves with its seconds, rejects with
 * its last error line. Every bench part seeds through it, so `stopSeeding` ends them all.
 */
export function seed({ dataDir, databaseUrl, products, args = ["--products", String(products)] }) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (closed) throw new Error("the bench is stopping");
    const child = spawn("npm", ["run", "seed", "--", ...args], {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
      // npm starts tsx, which starts node: a group of their own lets an interrupt end all three.
      detached: true,
    });
    seeding.add(child);
    child.once("exit", () => seeding.delete(child));
    let errors = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve((performance.now() - started) / 1000);
      else reject(new Error(`seeding (${args.join(" ")}) failed: ${errors.trim().split("\n").at(-1)}`));
    });
  });
}

/**
 * Search figures per catalogue size (synthetic products on top of the demo catalogue) on each
 * target: `{ label, databaseUrl?, createDatabase?, dropDatabase? }` (no URL: PGlite). `mediaDir`, when
 * given, is shared, so pictures already drawn there are not drawn again.
 */
export async function searchScale({
  sizes = [1000, 100_000],
  targets = [{ label: "PGlite" }],
  mediaDir,
  buildDir = process.env.VITRINE_BUILD_DIR ?? "build",
  log = (line) => console.error(line),
} = {}) {
  const figures = [];
  for (const products of sizes) {
    const prepared = targets.map((target) => ({
      target,
      dataDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-search-bench-")),
    }));
    try {
      log(
        `search scale: seeding ${products} synthetic products on ${targets.map((t) => t.label).join(" and ")}…`,
      );
      await Promise.all(
        prepared.map(async (run) => {
          try {
            if (mediaDir) {
              mkdirSync(mediaDir, { recursive: true });
              symlinkSync(mediaDir, path.join(run.dataDir, "media"), "dir");
            }
            if (run.target.createDatabase) run.database = await run.target.createDatabase();
            run.seedSeconds = await seed({ dataDir: run.dataDir, databaseUrl: run.database?.url, products });
          } catch (error) {
            run.error = error.message;
          }
        }),
      );
      for (const run of prepared) {
        const row = { database: run.target.label, products, seedSeconds: run.seedSeconds };
        if (!run.error) {
          try {
            const store = await startStore({
              dataDir: run.dataDir,
              databaseUrl: run.database?.url,
              seedDemo: false,
              buildDir,
            });
            try {
              const storeLog = (line) => log(`${row.database} ${line}`);
              Object.assign(row, await benchSearch({ base: store.base, log: storeLog }));
              row.filtered = await benchFilteredListing({ base: store.base, log: storeLog }).catch(
                (error) => ({
                  error: error.message,
                }),
              );
            } finally {
              await store.stop();
            }
          } catch (error) {
            run.error = error.message;
          }
        }
        figures.push({ ...row, error: run.error });
      }
    } finally {
      for (const run of prepared) {
        if (run.database) await run.target.dropDatabase(run.database.name).catch(() => {});
        rmSync(run.dataDir, { recursive: true, force: true });
      }
    }
  }
  return figures;
}

function printFilteredListing(figures) {
  console.log(
    "\nFiltered listing (/shop?filter_color=…), first render of each address, then 10 connections (page cache):",
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(i === 0 ? 12 : 10)).join("  ");
  console.log(
    line([
      "database",
      "products",
      "addresses",
      "first p50",
      "first p99",
      "first max",
      "rps",
      "p50",
      "p99",
      "errors",
    ]),
  );
  for (const f of figures) {
    const g = f.filtered;
    if (!g) continue;
    if (g.error) console.log(`${line([f.database, f.products])}  ${g.error}`);
    else
      console.log(
        line([
          f.database,
          f.products,
          g.addresses,
          `${g.firstP50} ms`,
          `${g.firstP99} ms`,
          `${g.firstMax} ms`,
          g.rps.toFixed(0),
          `${g.p50} ms`,
          `${g.p99} ms`,
          g.errors,
        ]),
      );
  }
}

export function printSearchScale(figures) {
  console.log("\nLive search (GET /ajax?action=vitrine_ajax_search_products), 10 connections:");
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(i === 0 ? 12 : 10)).join("  ");
  console.log(line(["database", "products", "rps", "p50", "p99", "errors", "seeded in"]));
  for (const f of figures) {
    const seeded = f.seedSeconds === undefined ? "" : `${f.seedSeconds.toFixed(0)} s`;
    if (f.error) console.log(`${line([f.database, f.products])}  ${f.error}`);
    else
      console.log(
        line([f.database, f.products, f.rps.toFixed(0), `${f.p50} ms`, `${f.p99} ms`, f.errors, seeded]),
      );
  }
  printFilteredListing(figures);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.env.SEARCH_SCALE_SIZES ?? "1000,100000").split(",").map(Number);
  printSearchScale(await searchScale({ sizes }));
}
