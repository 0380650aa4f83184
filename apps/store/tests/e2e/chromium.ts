import { fileURLToPath } from "node:url";

/**
 * How every browser of the tests starts: Debian's Chromium (`CHROMIUM_PATH`, else
 * `/usr/bin/chromium`) through `chromium.sh`, which switches off features that cost every context
 * time and that no test uses (the script says which, and what they cost).
 */
export function chromiumLaunchOptions(extraArgs: string[] = []) {
  return {
    executablePath: fileURLToPath(new URL("./chromium.sh", import.meta.url)),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  };
}
