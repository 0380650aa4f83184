import { rmSync } from "node:fs";

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes("vitrine-e2e-")) rmSync(dir, { recursive: true, force: true });
}
