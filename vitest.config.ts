import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/**/src/**/*.test.ts", "apps/*/app/**/*.test.{ts,tsx}", "bench/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/build/**"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Every core: Vitest's default leaves one free (one worker on a two-core machine), while a test
    // file often waits on PostgreSQL or a timer. Measured on two cores: 495 s with one, 401 s with two.
    maxWorkers: "100%",
  },
});
