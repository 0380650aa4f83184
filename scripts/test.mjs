#!/usr/bin/env node
// The whole test command: type check, lint, unit and integration tests, build, HTTP tests against the
// built server, browser tests. Each step's time is printed in a table at the end, also when one fails.
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
  ["unit and integration tests", "npx", ["vitest", "run", "--project", "server", "--project", "isolated"]],
  ["build", "npm", ["run", "build"]],
  // The HTTP contracts, REST and fuzz tests start the built server: no browser, so after the build.
  ["HTTP tests", "npx", ["vitest", "run", "--project", "http"]],
  ["browser tests", "npm", ["run", "test:e2e"]],
];

/** @type {Array<{ name: string; seconds: number; outcome: string }>} */
const timings = [];
const began = Date.now();

function summary() {
  const width = Math.max(...steps.map(([name]) => name.length), "total".length);
  const rows = timings.map(
    ({ name, seconds, outcome }) =>
      `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${outcome}`,
  );
  for (const [name] of steps.slice(timings.length)) rows.push(`  ${name.padEnd(width)}        –    not run`);
  rows.push(`  ${"total".padEnd(width)}  ${((Date.now() - began) / 1000).toFixed(1).padStart(7)} s`);
  console.log(`\nTimes:\n${rows.join("\n")}`);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    timings.push({ name, seconds, outcome: "failed" });
    console.error(`✖ ${name} failed after ${seconds.toFixed(1)} s`);
    summary();
    process.exit(result.status ?? 1);
  }
  timings.push({ name, seconds, outcome: "passed" });
  console.log(`✔ ${name} (${seconds.toFixed(1)} s)`);
}
summary();
