#!/usr/bin/env node
// Quick start: build once when there is no build yet, then run the store on the embedded database,
// and beside it the reference wallet (apps/wallet) when WALLET_HOST is left at its default.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv } from "./server-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = path.join(root, "apps/store/build/server/index.js");
const DEFAULT_WALLET_HOST = "http://127.0.0.1:4100";

if (!existsSync(serverEntry)) {
  console.log("No build yet: building the store (once)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The secret store and wallet share: WALLET_SHARED_SECRET, else the one the store keeps in DATA_DIR. */
function walletSecret() {
  if (process.env.WALLET_SHARED_SECRET) return process.env.WALLET_SHARED_SECRET;
  const dataDir = path.resolve(root, process.env.DATA_DIR || "./data");
  const file = path.join(dataDir, "wallet-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const env = { ...serverEnv(process.env), WALLET_SHARED_SECRET: walletSecret() };
const children = [spawn(process.execPath, [serverEntry], { cwd: root, stdio: "inherit", env })];

if (!process.env.WALLET_HOST || process.env.WALLET_HOST === DEFAULT_WALLET_HOST) {
  // The wallet answers exactly the store's public origin (PUBLIC_URL, else the listening address).
  const storeUrl = process.env.PUBLIC_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
  const tsx = path.join(root, "node_modules/.bin/tsx");
  children.push(
    spawn(tsx, [path.join(root, "apps/wallet/app/main.ts")], {
      cwd: root,
      stdio: "inherit",
      env: { ...env, WALLET_HOST: DEFAULT_WALLET_HOST, STORE_URL: process.env.STORE_URL || storeUrl },
    }),
  );
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
// The store is the product: when it stops, everything stops.
children[0].on("exit", (code, signal) => {
  for (const child of children.slice(1)) child.kill("SIGTERM");
  process.exit(code ?? (signal ? 1 : 0));
});
