import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { STORE_ENV, STRIPE_E2E_WEBHOOK_SECRET, WALLET_SECRET } from "./tests/built-store.ts";
import { chromiumLaunchOptions } from "./tests/e2e/chromium.ts";

/**
 * Browser tests run against the built server on a free port with a temporary data folder. The
 * values go through the environment so that every worker process sees the same ones.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}
/** PostgreSQL for the scale-out tests: DATABASE_URL's server, else one answering on 127.0.0.1:5432. */
function postgresUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const answers = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').connect(5432,'127.0.0.1');s.on('connect',()=>{process.stdout.write('yes');s.destroy()});s.on('error',()=>process.stdout.write('no'))",
  ]).toString();
  return answers === "yes" ? "postgres://postgres@127.0.0.1:5432/postgres" : "";
}
process.env.E2E_POSTGRES_URL ??= postgresUrl();
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-"));
// A second store with express checkout on, and the reference wallet on another site (localhost vs
// 127.0.0.1), for the wallet's browser tests; the main store keeps direct checkout off.
process.env.E2E_WALLET_STORE_PORT ??= freePort();
process.env.E2E_WALLET_PORT ??= freePort();
process.env.E2E_WALLET_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-"));
// A fake Stripe on loopback (tests/fakes/stripe): the main store's Stripe API, when a test turns Stripe on.
process.env.E2E_STRIPE_PORT ??= freePort();

const port = Number(process.env.E2E_PORT);
const walletStorePort = Number(process.env.E2E_WALLET_STORE_PORT);
const walletPort = Number(process.env.E2E_WALLET_PORT);
const stripePort = Number(process.env.E2E_STRIPE_PORT);
// The store's variables, shared with the HTTP tests' store (tests/built-store.ts).
const storeEnv = STORE_ENV;

export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: `test-results/${process.env.VITRINE_BUILD_DIR ?? "build"}`,
  fullyParallel: true,
  // Two workers whether or not `CI` is set: Playwright's default is half the cores, one worker on a
  // two-core machine, which doubles the run (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: true,
  // No retries: a test that fails once is a bug to find, not noise to hide.
  retries: 0,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `node ${process.env.VITRINE_BUILD_DIR ?? "build"}/server/index.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...storeEnv,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR!,
        WALLET_DIRECT_CHECKOUT: "off",
        // Stripe stays off until a test turns it on with a test key; its calls then go to the fake.
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      },
    },
    {
      command: `node ${process.env.VITRINE_BUILD_DIR ?? "build"}/server/index.js`,
      url: `http://127.0.0.1:${walletStorePort}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...storeEnv,
        PORT: String(walletStorePort),
        DATA_DIR: process.env.E2E_WALLET_DATA_DIR!,
        WALLET_HOST: `http://localhost:${walletPort}`,
      },
    },
    {
      command: "../../node_modules/.bin/tsx ../wallet/app/main.ts",
      url: `http://127.0.0.1:${walletPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        WALLET_PORT: String(walletPort),
        WALLET_HOST: `http://localhost:${walletPort}`,
        STORE_URL: `http://127.0.0.1:${walletStorePort}`,
        WALLET_SHARED_SECRET: WALLET_SECRET,
        WALLET_DEMO_PASSWORD: "wallet-demo-password",
      },
    },
    {
      command: "../../node_modules/.bin/tsx tests/fakes/stripe/main.ts",
      url: `http://127.0.0.1:${stripePort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        STRIPE_FAKE_PORT: String(stripePort),
        STRIPE_FAKE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/vitrine/v2/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET: STRIPE_E2E_WEBHOOK_SECRET,
      },
    },
  ],
});
