import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/**/src/**/*.test.ts", "apps/*/app/**/*.test.{ts,tsx}", "bench/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/build/**"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
