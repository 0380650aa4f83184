#!/usr/bin/env node
// The whole test command: type check, lint, unit and integration tests, build, browser tests.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Checked first so a machine without a browser fails in seconds, not after the other suites.
if (!ensureChromium()) process.exit(1);

const steps = [
  ["type check", "npm", ["run", "typecheck"]],
  ["lint", "npx", ["biome", "check", "."]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["browser tests", "npm", ["run", "test:e2e"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
