#!/usr/bin/env node
// The back office at scale (issue 40, decision 0065): on a fresh store (PGlite, and PostgreSQL when
// one answers) seeded with `npm run seed -- --products 10000 --customers 5000 --orders 50000
// --reviews 5000`, every list, search and filter of the back office and its dashboard, as the
// bench's administrator over HTTP: the back office's pages (GET of the /admin/... documents, their
// loaders' work and the render) with the session cookie, and the REST lists behind them
// (/api/vitrine/v2/...) with an API token. Each address is asked one request at a time, a few times
// to warm up and then BACK_OFFICE_REQUESTS times (20 by default); p50 and p99 per address, and
// whether p99 is under 300 ms. Figures and that one line per address; the machine's other work shows
// in them. Needs a build (`npm run build`; VITRINE_BUILD_DIR picks another one).
// Alone: `node bench/back-office.mjs [--no-postgres]`; BACK_OFFICE_SIZES=products,customers,orders,reviews.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seed } from "./search-scale.mjs";
import { ADMIN, startStore } from "./store.mjs";

export const BUDGET_MS = 300;
const [products, customers, orders, reviews] = (process.env.BACK_OFFICE_SIZES || "10000,5000,50000,5000")
  .split(",")
  .map(Number);
export const SIZES = { products, customers, orders, reviews };
const REQUESTS = Number(process.env.BACK_OFFICE_REQUESTS || 20);
const WARM_UP = 3;

/** `npm run seed` with the back office's sizes. */
function seedBackOffice({ dataDir, databaseUrl }) {
  const args = Object.entries(SIZES).flatMap(([flag, value]) =>
    value > 0 ? [`--${flag}`, String(value)] : [],
  );
  return seed({ dataDir, databaseUrl, args });
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Signs the bench's administrator in through the account page's form; the session cookie. */
async function signIn(base) {
  const page = await fetch(`${base}/my-account`);
  const html = await page.text();
  const nonce = html.match(/name="_wpnonce" value="([^"]+)"/)?.[1] ?? "";
  const response = await fetch(`${base}/my-account`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookieOf(page), Origin: base },
    body: new URLSearchParams({
      intent: "login",
      username: ADMIN.email,
      password: ADMIN.password,
      _wpnonce: nonce,
    }),
  });
  if (response.status !== 302) throw new Error(`signing in answered ${response.status}`);
  return cookieOf(response);
}

async function apiToken(base) {
  const response = await fetch(`${base}/api/vitrine/v2/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 201) throw new Error(`the token answered ${response.status}`);
  return (await response.json()).token;
}

const day = (date) => date.toISOString().slice(0, 10);

/**
 * What to measure, made from the seeded store itself: a customer's name and e-mail, an order's
 * number, a product's name and a category, so every search finds something.
 */
async function addresses(base, token) {
  const get = async (address) => {
    const response = await fetch(`${base}/api/vitrine/v2${address}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${address} answered ${response.status}`);
    return response.json();
  };
  const [listed] = await get("/orders?per_page=1&page=100&status=completed");
  if (!listed) throw new Error("the store has no completed orders: was it seeded?");
  const order = await get(`/orders/${listed.id}`);
  const [category] = await get("/products/categories?per_page=1");
  const email = order.billing?.email ?? "";
  const lastName = order.billing?.last_name ?? "";
  const productName = order.line_items?.[0]?.name ?? "";
  const productWord = productName.split(/[ ,]+/).find((word) => word.length > 4) ?? productName;
  const number = String(order.id);
  const pages = Math.max(2, Math.floor(SIZES.products / 20 / 2));
  const twoYears = `from=${day(new Date(Date.now() - 730 * 86_400_000))}&to=${day(new Date())}`;
  const q = encodeURIComponent;
  return [
    ["dashboard", "/admin"],
    ["products", "/admin/products"],
    ["products, later page", `/admin/products?page=${pages}`],
    ["products, search", `/admin/products?search=${q(productWord)}`],
    ["products, category", `/admin/products?category=${category?.id ?? 1}`],
    ["products, out of stock", "/admin/products?stock_status=outofstock"],
    ["products, by price", "/admin/products?orderby=price&order=desc"],
    ["orders", "/admin/orders"],
    ["orders, later page", "/admin/orders?page=1000"],
    ["orders, processing", "/admin/orders?status=processing"],
    ["orders, by origin", `/admin/orders?origin=${q("Organic: Google")}`],
    ["orders, number", `/admin/orders?search=${number}`],
    ["orders, name", `/admin/orders?search=${q(lastName)}`],
    ["orders, e-mail", `/admin/orders?search=${q(email)}`],
    ["orders, product", `/admin/orders?search=${q(productWord)}`],
    ["order", `/admin/orders/${number}`],
    ["people", "/admin/people"],
    ["people, search", `/admin/people?q=${q(lastName.toLowerCase())}`],
    ["reviews queue", "/admin/reviews"],
    ["reviews, approved", "/admin/reviews?status=approved&page=50"],
    ["reports", "/admin/reports"],
    ["reports, two years", `/admin/reports?${twoYears}`],
    ["analytics", "/admin/analytics"],
    ["media", "/admin/media"],
    ["media, search", "/admin/media?search=synthetic"],
    ["REST products", "/api/vitrine/v2/products?per_page=20"],
    ["REST products, later page", `/api/vitrine/v2/products?per_page=20&page=${pages}`],
    ["REST products, search", `/api/vitrine/v2/products?per_page=20&search=${q(productWord)}`],
    ["REST products, category", `/api/vitrine/v2/products?per_page=20&category=${category?.id ?? 1}`],
    ["REST orders", "/api/vitrine/v2/orders?per_page=20"],
    ["REST orders, processing", "/api/vitrine/v2/orders?per_page=20&status=processing"],
    ["REST orders, number", `/api/vitrine/v2/orders?per_page=20&search=${number}`],
    ["REST orders, name", `/api/vitrine/v2/orders?per_page=20&search=${q(lastName)}`],
    ["REST orders, e-mail", `/api/vitrine/v2/orders?per_page=20&search=${q(email)}`],
    ["REST orders, product", `/api/vitrine/v2/orders?per_page=20&search=${q(productWord)}`],
    ["REST customers", "/api/vitrine/v2/customers?per_page=20"],
    ["REST customers, search", `/api/vitrine/v2/customers?per_page=20&search=${q(lastName.toLowerCase())}`],
    ["REST reviews queue", "/api/vitrine/v2/products/reviews?per_page=20&status=hold"],
    ["REST review counts", "/api/vitrine/v2/products/reviews/counts"],
    ["REST attribution", `/api/vitrine/v2/reports/attribution?${twoYears}`],
    ["REST analytics", "/api/vitrine/v2/reports/analytics"],
    ["REST media", "/api/vitrine/v2/media?per_page=40"],
    ["REST media, search", "/api/vitrine/v2/media?per_page=40&search=synthetic"],
  ];
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

/**
 * One address, one request at a time: its p50 and p99 (of REQUESTS, after WARM_UP). An address
 * slower than a second is asked only a few times: its figure is clear, and the bench stays short.
 */
async function measure(base, address, headers) {
  const times = [];
  let status;
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(base + address, { headers, redirect: "manual" });
    await response.arrayBuffer();
    status = response.status;
    if (status !== 200) break;
    const took = performance.now() - started;
    if (i >= WARM_UP) times.push(took);
    if (took > 1000 && times.length >= 3) break;
  }
  if (status !== 200) return { status };
  times.sort((a, b) => a - b);
  return { status, count: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Every address on the store at `base`, signed in as the bench's administrator. */
export async function measureStore(base, log = () => {}) {
  const cookie = await signIn(base);
  const token = await apiToken(base);
  const figures = [];
  for (const [name, address] of await addresses(base, token)) {
    const headers = address.startsWith("/api/") ? { Authorization: `Bearer ${token}` } : { Cookie: cookie };
    const figure = { name, address, ...(await measure(base, address, headers)) };
    log(
      `back office: ${name}: ${figure.p50 === undefined ? `HTTP ${figure.status}` : `p50 ${figure.p50.toFixed(0)} ms, p99 ${figure.p99.toFixed(0)} ms`}`,
    );
    figures.push(figure);
  }
  return figures;
}

/**
 * The back office's figures on each target: `{ label, createDatabase?, dropDatabase? }` (none:
 * PGlite). Each gets a fresh store: started once empty (so the bench's administrator is made),
 * stopped, seeded (the targets side by side: seeding is not what is measured), started again and
 * measured, one after the other. `mediaDir`, when given, is shared, so its pictures are not drawn again.
 */
export async function backOfficeScale({
  targets = [{ label: "PGlite" }],
  mediaDir,
  buildDir = process.env.VITRINE_BUILD_DIR || "build",
  log = (line) => console.error(line),
} = {}) {
  const prepared = targets.map((target) => ({
    target,
    dataDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-back-office-bench-")),
  }));
  const figures = [];
  try {
    log(
      `back office: seeding ${SIZES.products} products, ${SIZES.customers} customers, ${SIZES.orders} orders and ${SIZES.reviews} reviews on ${targets.map((t) => t.label).join(" and ")}…`,
    );
    await Promise.all(
      prepared.map(async (run) => {
        try {
          if (mediaDir) {
            mkdirSync(mediaDir, { recursive: true });
            symlinkSync(mediaDir, path.join(run.dataDir, "media"), "dir");
          }
          if (run.target.createDatabase) run.database = await run.target.createDatabase();
          // A first start on the empty database makes the administrator from ADMIN_EMAIL.
          const empty = await startStore({
            dataDir: run.dataDir,
            databaseUrl: run.database?.url,
            seedDemo: false,
            buildDir,
          });
          await empty.stop();
          run.seedSeconds = await seedBackOffice({ dataDir: run.dataDir, databaseUrl: run.database?.url });
        } catch (error) {
          run.error = error.message;
        }
      }),
    );
    for (const run of prepared) {
      const row = { database: run.target.label, seedSeconds: run.seedSeconds };
      if (!run.error) {
        try {
          const store = await startStore({
            dataDir: run.dataDir,
            databaseUrl: run.database?.url,
            seedDemo: false,
            buildDir,
          });
          try {
            row.addresses = await measureStore(store.base, (line) => log(`${row.database} ${line}`));
            // The machine's other work shows in the figures: the load says how much there was.
            row.load = os.loadavg();
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
  return figures;
}

export function printBackOffice(figures) {
  console.log(
    `\nBack office at scale (${SIZES.products} products, ${SIZES.customers} customers, ${SIZES.orders} orders, ${SIZES.reviews} reviews), as the administrator, one request at a time (${WARM_UP} to warm up, then ${REQUESTS}); under ${BUDGET_MS} ms = p99 under ${BUDGET_MS} ms:`,
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd([28, 9, 9, 7][i] ?? 0)).join("  ");
  for (const f of figures) {
    const seeded = f.seedSeconds === undefined ? "" : `, seeded in ${f.seedSeconds.toFixed(0)} s`;
    const load = f.load
      ? `; load average ${f.load.map((n) => n.toFixed(1)).join(", ")} (1, 5, 15 min) after measuring`
      : "";
    console.log(`\n${f.database}${seeded}${load}`);
    if (f.error) {
      console.log(`  failed: ${f.error}`);
      continue;
    }
    console.log(`  ${line(["address", "p50", "p99", "< 300", "path"])}`);
    for (const a of f.addresses) {
      if (a.p50 === undefined) console.log(`  ${line([a.name, "-", "-", `HTTP ${a.status}`, a.address])}`);
      else
        console.log(
          `  ${line([a.name, `${a.p50.toFixed(0)} ms`, `${a.p99.toFixed(0)} ms`, a.p99 < BUDGET_MS ? "yes" : "NO", a.address])}`,
        );
    }
    const answered = f.addresses.filter((a) => a.p99 !== undefined);
    const under = answered.filter((a) => a.p99 < BUDGET_MS);
    const slowest = answered.reduce((worst, a) => (a.p99 > (worst?.p99 ?? -1) ? a : worst), undefined);
    console.log(
      `  summary: ${under.length}/${f.addresses.length} addresses under ${BUDGET_MS} ms at p99${
        answered.length < f.addresses.length
          ? `, ${f.addresses.length - answered.length} did not answer 200`
          : ""
      }; slowest ${slowest ? `${slowest.name} (p99 ${slowest.p99.toFixed(0)} ms)` : "-"}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "--base") {
  // A store already running and seeded: `node bench/back-office.mjs --base http://127.0.0.1:3000`.
  const addresses = await measureStore(process.argv[3]);
  printBackOffice([{ database: process.argv[3], addresses, load: os.loadavg() }]);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { createDatabase, dropAll, dropDatabase, probePostgres } = await import("./postgres.mjs");
  const { stopAll } = await import("./store.mjs");
  const { stopSeeding } = await import("./search-scale.mjs");
  const targets = [{ label: "PGlite" }];
  const postgres = process.argv.includes("--no-postgres") ? { available: false } : await probePostgres();
  if (postgres.available) {
    targets.push({
      label: "PostgreSQL",
      createDatabase: () => createDatabase("vitrine_bench_back_office"),
      dropDatabase,
    });
  }
  const stopping = async () => {
    stopSeeding();
    await stopAll();
    await dropAll();
  };
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => stopping().finally(() => process.exit(130)));
  try {
    printBackOffice(await backOfficeScale({ targets }));
    if (postgres.reason) console.log(`PostgreSQL: ${postgres.reason}`);
  } finally {
    await stopping();
  }
}
