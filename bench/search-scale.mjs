#!/usr/bin/env node
// Search latency against catalogue size: for each size, a fresh data folder seeded with the demo
// catalogue plus synthetic products (`npm run seed -- --products N`), the built store started on it,
// then bench/search.mjs. Needs a build (`npm run build`; VITRINE_BUILD_DIR picks another one).
// Sizes: SEARCH_SCALE_SIZES=1000,100000 (the default). Prints figures, no verdicts.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchSearch } from "./search.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function seed(dataDir, products) {
  const started = performance.now();
  const run = spawnSync("npm", ["run", "seed", "--", "--products", String(products)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  if (run.status !== 0) throw new Error(`seeding ${products} products failed`);
  return (performance.now() - started) / 1000;
}

async function startStore(dataDir, buildDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [`apps/store/${buildDir}/server/index.js`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "off",
      LOG_LEVEL: "error",
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error("the store exited during start");
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return {
        base,
        stop: () =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the store did not become healthy");
}

/** Search figures per catalogue size (synthetic products on top of the demo catalogue), on PGlite. */
export async function searchScale({
  sizes = [1000, 100_000],
  buildDir = process.env.VITRINE_BUILD_DIR ?? "build",
  log = (line) => console.error(line),
} = {}) {
  const figures = [];
  for (const products of sizes) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-search-bench-"));
    try {
      log(`search scale: seeding ${products} synthetic products…`);
      const seedSeconds = seed(dataDir, products);
      const store = await startStore(dataDir, buildDir);
      try {
        figures.push({ products, seedSeconds, ...(await benchSearch({ base: store.base, log })) });
      } finally {
        await store.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

export function printSearchScale(figures) {
  console.log("\nLive search (GET /ajax?action=vitrine_ajax_search_products), PGlite, 10 connections:");
  console.log(["products", "rps", "p50", "p99", "errors", "seeded in"].map((h) => h.padEnd(10)).join("  "));
  for (const f of figures) {
    console.log(
      [f.products, f.rps.toFixed(0), `${f.p50} ms`, `${f.p99} ms`, f.errors, `${f.seedSeconds.toFixed(0)} s`]
        .map((cell) => String(cell).padEnd(10))
        .join("  "),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.env.SEARCH_SCALE_SIZES ?? "1000,100000").split(",").map(Number);
  printSearchScale(await searchScale({ sizes }));
}
