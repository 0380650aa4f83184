// The built store as the bench runs it: started on a port of its own, on PGlite (a data folder) or
// PostgreSQL (a database URL), stopped by its own process id, with its memory read from /proc.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv } from "../scripts/server-env.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ADMIN = { email: "bench@example.com", password: "bench-password" };

/** Every store still running, so an interrupted bench stops them all before it leaves. */
const running = new Set();
let closed = false;

export function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Launches apps/store/<buildDir>/server/index.js. `databaseUrl` empty means PGlite in `dataDir`;
 * `workers` applies to PostgreSQL only. `onLog` receives the server's JSON log lines (set
 * `logLevel: "info"` to see more than errors). Resolves once the process is spawned, not when ready.
 */
export async function launchStore({
  dataDir,
  mediaDir,
  databaseUrl = "",
  workers,
  pageCacheMb,
  seedDemo = true,
  logLevel = "error",
  onLog,
  buildDir = process.env.VITRINE_BUILD_DIR || "build",
}) {
  const port = await freePort();
  if (closed) throw new Error("the bench is stopping");
  const child = spawn(process.execPath, [`apps/store/${buildDir}/server/index.js`], {
    cwd: root,
    stdio: ["ignore", onLog ? "pipe" : "ignore", "inherit"],
    // As `npm start` starts it (scripts/server-env.mjs).
    env: {
      ...serverEnv(process.env),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir ?? "",
      DATABASE_URL: databaseUrl,
      WORKERS: databaseUrl && workers ? String(workers) : "",
      SEED_DEMO: seedDemo ? "on" : "off",
      LOG_LEVEL: logLevel,
      PAGE_CACHE_MB: pageCacheMb === undefined ? "" : String(pageCacheMb),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (onLog) {
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        try {
          onLog(JSON.parse(line));
        } catch {
          onLog({ msg: line });
        }
      }
    });
  }
  const base = `http://127.0.0.1:${port}`;
  return { base, child, stop: () => stop(child), memory: () => memory(child.pid) };
}

/** Waits until `path` answers 200 (polled every `everyMs`); returns the milliseconds since `since`. */
export async function until(store, pagePath, { since, everyMs = 100, timeoutMs = 300_000 }) {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (store.child.exitCode !== null) throw new Error(`the store exited (code ${store.child.exitCode})`);
    const ok = await fetch(store.base + pagePath, { signal: AbortSignal.timeout(30_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return performance.now() - since;
    await wait(everyMs);
  }
  throw new Error(`${pagePath} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * Waits for requests a load left queued (autocannon stops sending, the server goes on answering):
 * the health check's query waits behind them, so the next figure starts on an idle server.
 */
export async function settle(base) {
  await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(120_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => {});
  await wait(250);
}

/**
 * Launches the store and waits for /healthz, and for the demo's pictures drawn in the background on
 * a first start (decision 0021), so no figure is taken while they are being drawn.
 */
export async function startStore(options) {
  const store = await launchStore(options);
  try {
    await until(store, "/healthz", { since: performance.now(), everyMs: 250, timeoutMs: 600_000 });
    const deadline = performance.now() + 600_000;
    while ((await (await fetch(`${store.base}/healthz`)).json()).media === "pending") {
      if (performance.now() > deadline) throw new Error("the demo pictures were not drawn within 10 minutes");
      await wait(250);
    }
  } catch (error) {
    await store.stop();
    throw error;
  }
  return store;
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const forced = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", () => {
      clearTimeout(forced);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Stops whatever stores are still running and starts no more (an interrupted bench). */
export function stopAll() {
  closed = true;
  return Promise.all([...running].map((child) => stop(child)));
}

/** Resident memory of a process and its children (a cluster's workers), in bytes, from /proc. */
export function memory(pid) {
  const rss = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  try {
    const children = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Field 4 of /proc/<pid>/stat is the parent's id; the name before it may hold spaces.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
      } catch {
        // The process ended while we looked.
      }
    }
    return { total: rss(pid) + children.reduce((sum, id) => sum + rss(id), 0), main: rss(pid), children };
  } catch (error) {
    return { error: `not read (${error.message})` };
  }
}

export function formatMemory(figure) {
  if (!figure) return "not measured";
  if (figure.error) return figure.error;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  if (figure.children.length === 0) return mb(figure.total);
  return `${mb(figure.total)} (primary ${mb(figure.main)} + ${figure.children.length} workers)`;
}
