import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The built server (`npm run build`, into `VITRINE_BUILD_DIR` or `build`) started as a process of its
 * own, for the browser tests' extra stores and the HTTP tests: no browser and no test runner here, so
 * Playwright and Vitest share it.
 */

/** apps/store, where the build folder is. */
export const STORE_DIR = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_ENTRY = path.join(
  STORE_DIR,
  process.env.VITRINE_BUILD_DIR ?? "build",
  "server",
  "index.js",
);
/** The repository's root, where the npm scripts are. */
export const REPO_DIR = fileURLToPath(new URL("../../..", import.meta.url));
/** The generated product art every test store shares (content-addressed: only the first run draws it). */
export const E2E_MEDIA_DIR = fileURLToPath(
  new URL("../../../node_modules/.cache/vitrine-e2e-media", import.meta.url),
);

export type BuiltStore = {
  port: number;
  origin: string;
  dataDir: string;
  /** Whether the folder was made for this store (and is removed with it by whoever started it). */
  ownsDataDir: boolean;
  /**
   * Sends SIGTERM once and answers the exit code; throws when the store is still running a minute
   * later (it is then killed), since a store stops within its 25 s for requests under way.
   */
  stop: () => Promise<number | null>;
  /** Kills it as `kill -9` does (SIGKILL): no shutdown, nothing finished; settles once it is gone. */
  kill: () => Promise<void>;
  /** What it has written to its standard output so far (its log lines, at `LOG_LEVEL`). */
  output: () => string;
};

const STOP_LIMIT_MS = 60_000;

/**
 * Starts the built server on a free port with a fresh data folder (or `env.DATA_DIR`), no demo
 * catalogue unless `env` asks for one; answers once it serves.
 */
export async function startBuiltStore(env: Record<string, string> = {}): Promise<BuiltStore> {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "vitrine-spare-"));
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: STORE_DIR,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill("SIGTERM");
    // A store that does not leave is a failure to see, not a run that hangs until CI gives up.
    let overdue = false;
    const limit = setTimeout(() => {
      overdue = true;
      child.kill("SIGKILL");
    }, STOP_LIMIT_MS);
    const code = await exited;
    clearTimeout(limit);
    if (overdue) throw new Error(`The store did not stop within ${STOP_LIMIT_MS / 1000} s of SIGTERM.`);
    return code;
  };
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    void exited.then(() => reject(new Error("the store stopped before it was serving")));
    child.stdout!.on("data", () => {
      const found = out.match(/serving at http:\/\/127\.0\.0\.1:(\d+)/);
      if (found) resolve(Number(found[1]));
    });
  }).catch(async (error) => {
    await stop().catch(() => {});
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  return { port, origin: `http://127.0.0.1:${port}`, dataDir, ownsDataDir, stop, kill, output: () => out };
}

/** Waits until the store reports every demo picture drawn, as the browser tests' global set-up does. */
export async function picturesDrawn(origin: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${origin}/healthz`)).json()) as { media?: string };
    if (health.media === "ready") return;
    if (Date.now() > deadline)
      throw new Error(`${origin} still draws the demo pictures after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The secret the test stores and the reference wallet share. */
export const WALLET_SECRET = "e2e wallet secret shared by store and wallet";
/** The fake Stripe signs the browser tests' webhooks with this; a test that turns Stripe on gives the store the same. */
export const STRIPE_E2E_WEBHOOK_SECRET = "whsec_e2e_the_fake_signs_with_this";

/**
 * What every test store with the demo catalogue starts with (playwright.config.ts's stores and the
 * HTTP tests' store): the administrator, the shared pictures, one fault for the upload retry.
 */
export const STORE_ENV = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  // Generated product art is content-addressed: one folder serves every run, so only the first renders it.
  MEDIA_DIR: E2E_MEDIA_DIR,
  SEED_DEMO: "on",
  LOG_LEVEL: "warn",
  // Pictures exactly this wide fail half-way on their first upload: the back office's retry runs for real.
  MEDIA_FAULT_WIDTH: "777",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "e2e-admin-password",
  DATABASE_URL: "",
  WALLET_SHARED_SECRET: WALLET_SECRET,
};
