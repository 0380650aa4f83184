#!/usr/bin/env node
// npm run bench: builds, then prints the figures of issue 14's table in one run, each page figure
// beside a baseline measured in the same run (a bare node:http server sending the same bytes).
// Figures only, no verdicts. On PGlite, and again on PostgreSQL when one answers (DATABASE_URL's
// server, else postgres://postgres@127.0.0.1:5432 with trust authentication; the bench creates its
// own databases there and drops them), where the store runs one worker per core:
//   first start of a fresh data folder (launch → first page served, → demo images all present);
//   guest pages from the page cache, the same pages for a shopper with a cart, and with the cache off;
//   a product page alone (cache off, one request at a time);
//   add to cart and fragment refresh at 10 and 50 connections, checkout at 10;
//   each guest document's size and parts (bench/documents.mjs);
//   the server's memory (RSS) after the load, and again with the page cache filled to PAGE_CACHE_MB;
//   live search over 100,000 synthetic products (seeded side by side on both databases);
//   the back office at 10,000 products, 5,000 customers and 50,000 orders: every list, search and
//   filter and the dashboard, p50/p99 against 300 ms (bench/back-office.mjs, decision 0065).
// Once, on PGlite: the JavaScript a product page loads, and Lighthouse (mobile) on home, a listing and
// a product page, driving Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//
// Takes about 10 minutes on an idle 2-core machine, most of it seeding 100,000 products. The parts to
// skip, and the variables that set it up, are in `npm run bench -- --help` (bench/arguments.mjs).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { benchArguments, USAGE } from "./arguments.mjs";
import { backOfficeScale, printBackOffice } from "./back-office.mjs";
import {
  benchCartAndCheckout,
  cartCookie,
  printCartAndCheckout,
  unlimitedProduct,
} from "./cart-checkout.mjs";
import { catalogueImportRate, printCatalogueImport } from "./catalogue-import.mjs";
import { documentFigures, printDocuments } from "./documents.mjs";
import { fillPageCache } from "./fill-page-cache.mjs";
import { closeBrowser, lighthouseScores, printLighthouse } from "./lighthouse.mjs";
import { createDatabase, dropAll, dropDatabase, probePostgres } from "./postgres.mjs";
import { printSearchScale, searchScale, stopSeeding } from "./search-scale.mjs";
import { formatMemory, launchStore, root, settle, startStore, stopAll, until } from "./store.mjs";

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CORES = os.availableParallelism();
/** Lighthouse's phone: the page cache keeps phones' pages apart, so it is warmed with one too. */
const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

const asked = benchArguments(process.argv.slice(2), process.env);
if (asked.help) {
  console.log(USAGE);
  process.exit(0);
}
if (asked.error) {
  console.error(`${asked.error}\n\n${USAGE}`);
  process.exit(2);
}
const { skip } = asked;
const searchSizes = (process.env.SEARCH_SCALE_SIZES || "100000").split(",").map(Number);

const progress = (line) => console.error(`· ${line}`);
const temporaryDirs = new Set();

function temporaryDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.add(dir);
  return dir;
}

function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  temporaryDirs.delete(dir);
}

/** Stops everything this run started and removes what it made: servers, browser, seeds, databases. */
async function cleanUp() {
  closeBrowser();
  stopSeeding();
  await stopAll();
  await dropAll();
  for (const dir of [...temporaryDirs]) removeDir(dir);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench's servers and dropping its databases…`);
    cleanUp().finally(() => process.exit(130));
  });
}

function baselineServer(body, contentType) {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    );
  });
}

async function load(url, { headers } = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The bare server's figures per body: bytes already measured in this run are not measured again. */
const baselines = new Map();

async function bare(body, contentType) {
  const key = `${contentType}|${createHash("sha256").update(body).digest("hex")}`;
  if (!baselines.has(key)) {
    const server = await baselineServer(body, contentType);
    try {
      baselines.set(key, await load(server.url));
    } finally {
      server.close();
    }
  }
  return baselines.get(key);
}

/** One page under load, for one kind of shopper, beside the bare server sending the same bytes. */
async function pageFigure(base, [name, pagePath], shopper, headers = {}) {
  try {
    // The second answer shows what the load sees: the first may fill the page cache.
    await (await fetch(base + pagePath, { headers })).arrayBuffer();
    const response = await fetch(base + pagePath, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    const baseline = await bare(body, response.headers.get("content-type") ?? "text/html");
    await settle(base);
    const store = await load(base + pagePath, { headers });
    return {
      page: name,
      shopper,
      bytes: body.length,
      served: `${response.status} ${response.headers.get("x-page-cache") ?? "-"}`,
      store,
      bare: baseline,
    };
  } catch (error) {
    return { page: name, shopper, error: error.message };
  }
}

/** A page alone: one request at a time, after a few to warm up. */
async function oneAtATime(url, count = 20) {
  const times = [];
  for (let i = 0; i < count + 3; i++) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { count, p50: times[Math.floor(count / 2)], min: times[0], max: times.at(-1) };
}

async function productPageJavaScript(base, pagePath) {
  const html = await (await fetch(base + pagePath)).text();
  const sources = new Set();
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  ))
    sources.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]);
  // The module preloads the page's loader adds after the first paint (decision 0087).
  for (const match of html.matchAll(/\}\)\(document,(\[[^\]]*\])\)<\/script>/g))
    for (const source of JSON.parse(match[1])) sources.add(source);
  let raw = 0;
  let gzipped = 0;
  for (const source of sources) {
    const response = await fetch(new URL(source, base));
    if (!response.ok || !/javascript/.test(response.headers.get("content-type") ?? "")) {
      throw new Error(`${source} answered ${response.status} ${response.headers.get("content-type")}`);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: sources.size, raw, gzipped };
}

/** Runs `work`, keeping its result, or its failure as the figure. */
async function attempt(work) {
  try {
    return await work();
  } catch (error) {
    return { error: error.message };
  }
}

/**
 * Launch → first page served and → demo images all present, on an empty data folder (or database)
 * and an empty media folder: what a fresh clone goes through after the build. The images' time is
 * the server's own report (its log line "images ready", or "images: N/N").
 */
async function firstStart(target, dataDir, mediaDir) {
  let imagesAt;
  let imagesReported;
  let reportImages;
  const imagesReady = new Promise((resolve) => {
    reportImages = resolve;
  });
  const since = performance.now();
  const store = await launchStore({
    dataDir,
    mediaDir,
    databaseUrl: target.databaseUrl,
    workers: target.workers,
    logLevel: "info",
    onLog: (entry) => {
      const message = String(entry.msg ?? "");
      const progress = message.match(/^images: (\d+)\/(\d+)$/);
      if (
        imagesAt === undefined &&
        (/^images ready/.test(message) || (progress && progress[1] === progress[2]))
      ) {
        imagesAt = performance.now() - since;
        imagesReported = message;
        reportImages();
      }
    },
  });
  try {
    const firstPage = await until(store, "/", { since, everyMs: 50, timeoutMs: 600_000 });
    const waitS = 300;
    let timer;
    await Promise.race([imagesReady, new Promise((resolve) => (timer = setTimeout(resolve, waitS * 1000)))]);
    clearTimeout(timer);
    return {
      firstPage,
      images: imagesAt,
      imagesNote:
        imagesAt === undefined ? `not reported within ${waitS} s of the first page` : imagesReported,
    };
  } finally {
    await store.stop();
  }
}

/** Every per-database figure: first start, pages (cache on, with a cart, cache off), cart and checkout. */
async function benchDatabase(target, { once }) {
  const result = { target, pages: [] };
  const dataDir = temporaryDir("vitrine-bench-data-");
  const mediaDir = temporaryDir("vitrine-bench-media-");
  result.mediaDir = mediaDir;
  let database;
  try {
    if (target.postgres) {
      database = await createDatabase("vitrine_bench");
      target.databaseUrl = database.url;
    }
    progress(`${target.label}: first start on an empty data folder and media folder…`);
    result.firstStart = await attempt(() => firstStart(target, dataDir, mediaDir));
    if (result.firstStart.error) return result;

    const common = { dataDir, mediaDir, databaseUrl: target.databaseUrl, workers: target.workers };
    progress(`${target.label}: page cache on: guest pages, pages with a cart, cart and checkout…`);
    let store = await startStore(common);
    try {
      const shop = await (await fetch(`${store.base}/shop`)).text();
      const productPath = shop.match(/href="(\/product\/[^"?]+)"/)?.[1] ?? "/product/missing";
      result.pagePaths = [
        ["home", "/"],
        ["listing", "/shop"],
        ["product", productPath],
      ];
      for (const page of result.pagePaths) result.pages.push(await pageFigure(store.base, page, "guest"));
      result.documents = await attempt(() => documentFigures(store.base, result.pagePaths));
      const cookie = await attempt(async () => cartCookie(store.base, await unlimitedProduct(store.base)));
      for (const page of result.pagePaths) {
        result.pages.push(
          cookie.error
            ? { page: page[0], shopper: "with a cart", error: cookie.error }
            : await pageFigure(store.base, page, "with a cart", { Cookie: cookie }),
        );
      }
      if (once) {
        result.javascript = await attempt(() => productPageJavaScript(store.base, productPath));
        if (!skip.lighthouse) {
          progress(`${target.label}: Lighthouse on home, listing and product…`);
          for (const [, pagePath] of result.pagePaths) {
            await fetch(store.base + pagePath, { headers: { "User-Agent": PHONE_AGENT } }).then((r) =>
              r.arrayBuffer(),
            );
          }
          result.lighthouse = await lighthouseScores(store.base, result.pagePaths);
        }
      }
      result.cart = await attempt(() => benchCartAndCheckout({ base: store.base, durationS: DURATION_S }));
      result.memoryCached = store.memory();
      progress(`${target.label}: filling the page cache…`);
      result.cacheFill = await attempt(() => fillPageCache(store.base));
      result.memoryFull = store.memory();
    } finally {
      await store.stop();
    }

    progress(`${target.label}: page cache off: rendered pages…`);
    store = await startStore({ ...common, pageCacheMb: 0 });
    try {
      for (const page of result.pagePaths) {
        result.pages.push(await pageFigure(store.base, page, "cache off"));
      }
      const productPath = result.pagePaths[2][1];
      result.alone = await attempt(() => oneAtATime(store.base + productPath));
      result.memoryRendered = store.memory();
    } finally {
      await store.stop();
    }
  } catch (error) {
    result.error = error.message;
  } finally {
    removeDir(dataDir);
    if (database) await dropDatabase(database.name).catch(() => {});
  }
  return result;
}

function seconds(ms) {
  return ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`;
}

function printDatabase(result) {
  const { target } = result;
  console.log(`\n=== ${target.title} ===`);
  if (result.skipped) {
    console.log(`skipped: ${result.skipped}`);
    return;
  }
  const f = result.firstStart;
  console.log("First start (build done; empty data folder, empty media folder, SEED_DEMO on):");
  if (!f || f.error) console.log(`  failed: ${f?.error ?? result.error}`);
  else {
    console.log(`  launch → first page served (200 on /):  ${seconds(f.firstPage)}`);
    console.log(
      `  launch → demo images all present:       ${f.images === undefined ? f.imagesNote : `${seconds(f.images)} (server log: "${f.imagesNote}")`}`,
    );
  }
  if (result.pages.length > 0) {
    console.log(
      `\nPages: autocannon ${CONNECTIONS} connections × ${DURATION_S} s; "bare" = node:http sending the same bytes, same run; "served" = status and X-Page-Cache.`,
    );
    const widths = [8, 12, 7, 10, 9, 9, 7, 9, 9, 8, 8, 6];
    const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" ");
    console.log(
      line([
        "page",
        "shopper",
        "bytes",
        "served",
        "rps",
        "bare rps",
        "ratio",
        "p50",
        "p99",
        "bare p50",
        "bare p99",
        "errors",
      ]),
    );
    for (const p of result.pages) {
      if (p.error) {
        console.log(`${line([p.page, p.shopper])} failed: ${p.error}`);
        continue;
      }
      console.log(
        line([
          p.page,
          p.shopper,
          p.bytes,
          p.served,
          p.store.rps.toFixed(1),
          p.bare.rps.toFixed(0),
          (p.store.rps / p.bare.rps).toFixed(4),
          `${p.store.p50} ms`,
          `${p.store.p99} ms`,
          `${p.bare.p50} ms`,
          `${p.bare.p99} ms`,
          p.store.errors,
        ]),
      );
    }
  }
  if (result.documents) {
    if (result.documents.error) console.log(`\nDocuments: failed: ${result.documents.error}`);
    else printDocuments(result.documents);
  }
  if (result.alone) {
    const a = result.alone;
    console.log(
      a.error
        ? `\nProduct page alone (cache off): failed: ${a.error}`
        : `\nProduct page alone (cache off, one request at a time, ${a.count} requests): p50 ${a.p50.toFixed(1)} ms, min ${a.min.toFixed(1)} ms, max ${a.max.toFixed(1)} ms`,
    );
  }
  if (result.cart) {
    if (result.cart.error) console.log(`\nCart and checkout: failed: ${result.cart.error}`);
    else printCartAndCheckout(result.cart, target.label);
  }
  if (result.memoryCached || result.memoryRendered) {
    console.log(
      `\nServer memory (RSS) after the load: page cache on ${formatMemory(result.memoryCached)}; cache off ${formatMemory(result.memoryRendered)}`,
    );
    const fill = result.cacheFill;
    if (fill?.error) console.log(`Filling the page cache failed: ${fill.error}`);
    else if (fill)
      console.log(
        `With the page cache full (${fill.pages} distinct listing pages asked for, ${(fill.bytes / 1024 / 1024).toFixed(1)} MB kept): ${formatMemory(result.memoryFull)}`,
      );
  }
  if (result.error) console.log(`\nStopped early: ${result.error}`);
}

async function main() {
  const started = performance.now();
  progress("building…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  if (build.status !== 0) {
    process.stderr.write(build.stderr);
    process.exit(build.status ?? 1);
  }

  const targets = [{ label: "PGlite", title: "PGlite (embedded, one process)" }];
  let postgres;
  if (skip.postgres) {
    postgres = { available: false, reason: "skipped (--no-postgres or BENCH_POSTGRES=off)" };
  } else {
    postgres = await probePostgres();
  }
  const pgTarget = {
    label: "PostgreSQL",
    postgres: true,
    workers: CORES,
    title: postgres.available
      ? `PostgreSQL ${postgres.version} at ${postgres.where}, ${CORES} workers (one per core)`
      : "PostgreSQL",
  };
  targets.push(pgTarget);

  const results = [];
  for (const target of targets) {
    if (target.postgres && !postgres.available) {
      results.push({ target, skipped: postgres.reason, pages: [] });
      continue;
    }
    results.push(await benchDatabase(target, { once: results.length === 0 }));
  }

  let search;
  if (!skip.search) {
    const searchTargets = [{ label: "PGlite" }];
    if (postgres.available) {
      searchTargets.push({
        label: "PostgreSQL",
        createDatabase: () => createDatabase("vitrine_bench_search"),
        dropDatabase,
      });
    }
    search = await attempt(() =>
      searchScale({
        sizes: searchSizes,
        targets: searchTargets,
        // The demo's pictures are already drawn there: seeding draws only the synthetic ones.
        mediaDir: results[0].mediaDir,
        log: progress,
      }),
    );
  }
  let backOffice;
  if (!skip.backOffice) {
    const backOfficeTargets = [{ label: "PGlite" }];
    if (postgres.available) {
      backOfficeTargets.push({
        label: "PostgreSQL",
        createDatabase: () => createDatabase("vitrine_bench_back_office"),
        dropDatabase,
      });
    }
    backOffice = await attempt(() =>
      backOfficeScale({ targets: backOfficeTargets, mediaDir: results[0].mediaDir, log: progress }),
    );
  }
  for (const result of results) if (result.mediaDir) removeDir(result.mediaDir);

  console.log(
    `\nVitrine bench, ${new Date().toISOString()}: ${CORES} cores, Node ${process.version}. Figures only; the machine's other work shows in them.`,
  );
  for (const result of results) printDatabase(result);

  const first = results[0];
  console.log("\n=== Once (PGlite store, page cache on) ===");
  const js = first.javascript;
  if (js?.error) console.log(`JavaScript a product page loads: failed: ${js.error}`);
  else if (js) {
    console.log(
      `JavaScript a product page loads: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzipped / 1024).toFixed(1)} KB gzipped.`,
    );
  }
  if (skip.lighthouse) console.log("\nLighthouse: skipped (--no-lighthouse or BENCH_LIGHTHOUSE=off)");
  else if (first.lighthouse) printLighthouse(first.lighthouse, "on the PGlite store");
  else console.log("\nLighthouse: not run (the PGlite store did not start)");

  if (skip.search) console.log("\nLive search: skipped (--no-search or BENCH_SEARCH=off)");
  else if (search.error) console.log(`\nLive search: failed: ${search.error}`);
  else {
    printSearchScale(search);
    if (!postgres.available) console.log(`PostgreSQL: ${postgres.reason}`);
  }
  if (skip.backOffice)
    console.log("\nBack office at scale: skipped (--no-back-office or BENCH_BACK_OFFICE=off)");
  else if (backOffice.error) console.log(`\nBack office at scale: failed: ${backOffice.error}`);
  else printBackOffice(backOffice);
  // The import's rows per second at 10,000 rows (issue 43), on a database of its own.
  printCatalogueImport(catalogueImportRate(root));
  console.log(`\nBench time: ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
}

try {
  await main();
} finally {
  await cleanUp();
}
