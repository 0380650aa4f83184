#!/usr/bin/env node
// npm run bench: builds, starts the store, and prints figures beside a baseline measured in the same
// run (a bare Node http server sending the same bytes). Figures only, no verdicts.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { benchCartAndCheckout, printCartAndCheckout } from "./cart-checkout.mjs";
import { printSearchScale, searchScale } from "./search-scale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);

function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startStore({ dataDir, pageCacheEntries }) {
  const port = await freePort();
  const child = spawn(process.execPath, ["apps/store/build/server/index.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      PAGE_CACHE_ENTRIES: String(pageCacheEntries),
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error("the store exited during start");
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, stop: () => stop(child) };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the store did not become healthy");
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
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

async function load(url, requests) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function productPageJavaScript(base, pagePath) {
  const html = await (await fetch(base + pagePath)).text();
  const sources = new Set();
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  ))
    sources.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]);
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

function row(cells, widths) {
  return cells.map((cell, i) => String(cell).padEnd(widths[i])).join("  ");
}

async function main() {
  console.log("Building…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-"));
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite";
  console.log(`Starting the store on ${database} with the demo catalogue…`);
  const figures = [];
  try {
    for (const [label, entries] of [
      ["cached", 500],
      ["rendered", 0],
    ]) {
      const store = await startStore({ dataDir, pageCacheEntries: entries });
      try {
        const shop = await (await fetch(`${store.base}/shop`)).text();
        const productPath = shop.match(/href="(\/product\/[^"]+)"/)?.[1] ?? "/product/missing";
        const pages = [
          ["home", "/"],
          ["listing", "/shop"],
          ["product", productPath],
        ];
        for (const [name, pagePath] of pages) {
          const response = await fetch(store.base + pagePath);
          const body = Buffer.from(await response.arrayBuffer());
          const baseline = await baselineServer(body, response.headers.get("content-type") ?? "text/html");
          const store_ = await load(store.base + pagePath);
          const bare = await load(baseline.url);
          baseline.close();
          figures.push({
            page: `${name} (${label})`,
            path: pagePath,
            bytes: body.length,
            store: store_,
            bare,
          });
        }
        if (label === "cached") {
          figures.js = await productPageJavaScript(store.base, productPath);
          figures.cart = await benchCartAndCheckout({ base: store.base, durationS: DURATION_S });
        }
      } finally {
        await store.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const widths = [20, 8, 10, 10, 9, 9, 10, 9, 9, 8];
  console.log(
    `\nDatabase: ${database}; autocannon ${CONNECTIONS} connections × ${DURATION_S} s per figure; baseline = bare node:http sending the same bytes.\n`,
  );
  console.log(
    row(
      [
        "page",
        "bytes",
        "store rps",
        "bare rps",
        "rps ratio",
        "store p50",
        "store p99",
        "bare p50",
        "bare p99",
        "errors",
      ],
      widths,
    ),
  );
  for (const f of figures) {
    console.log(
      row(
        [
          f.page,
          f.bytes,
          f.store.rps.toFixed(0),
          f.bare.rps.toFixed(0),
          (f.store.rps / f.bare.rps).toFixed(3),
          `${f.store.p50} ms`,
          `${f.store.p99} ms`,
          `${f.bare.p50} ms`,
          `${f.bare.p99} ms`,
          f.store.errors,
        ],
        widths,
      ),
    );
  }
  if (figures.js) {
    console.log(
      `\nJavaScript a product page loads: ${figures.js.files} files, ${(figures.js.raw / 1024).toFixed(1)} KB raw, ${(figures.js.gzipped / 1024).toFixed(1)} KB gzipped.`,
    );
  }
  if (figures.cart) printCartAndCheckout(figures.cart);
  // Live search at two catalogue sizes, each on a freshly seeded embedded database (slow: minutes).
  const sizes = (process.env.SEARCH_SCALE_SIZES ?? "1000,100000").split(",").map(Number);
  printSearchScale(await searchScale({ sizes }));
}

await main();
