#!/usr/bin/env node
// Browser tests drive Debian's Chromium. Install it when missing and we are root; otherwise say how.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    const install =
      update.status === 0 &&
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
        stdio: "inherit",
        env,
      });
    if (install && install.status === 0 && existsSync(CHROMIUM)) return true;
  }
  console.error(
    `Chromium is not installed at ${CHROMIUM}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then run the tests again.`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
