import { rmSync } from "node:fs";

export default function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_WALLET_DATA_DIR]) {
    if (dir?.includes("vitrine-e2e-")) rmSync(dir, { recursive: true, force: true });
  }
}
