import { defineConfig } from "vitest/config";

/**
 * Tests of server code and packages: no module state of their own between files (databases are
 * made per test file, caches are keyed by database), so their files share a worker's loaded modules
 * instead of importing the whole server again for each file (decision 0049).
 */
export const SHARED_MODULES = [
  "packages/**/src/**/*.test.ts",
  "apps/*/app/**/*.server.test.{ts,tsx}",
  "apps/*/server/**/*.server.test.ts",
  "bench/**/*.test.ts",
  "scripts/**/*.test.ts",
  // Fakes of outside services (tests/fakes/): their own servers on loopback, no module state.
  "apps/store/tests/fakes/**/*.test.ts",
];

/**
 * Tests of the store's HTTP surface (contracts, REST, fuzz) that need no browser: they talk to the
 * built server, one process for the project (its global set-up) plus the stores a start-up test makes,
 * so they run after `npm run build` (scripts/test.mjs runs them as their own step).
 */
export const HTTP_TESTS = ["apps/store/tests/http/**/*.test.ts"];

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", "**/build/**"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Every core: Vitest's default leaves one free (one worker on a two-core machine), while a test
    // file often waits on PostgreSQL or a timer. Measured on two cores: 495 s with one, 401 s with two.
    maxWorkers: "100%",
    projects: [
      { extends: true, test: { name: "server", include: SHARED_MODULES, isolate: false } },
      // Browser code keeps module state (the cart's store, the tracking's settings): a fresh copy per file.
      {
        extends: true,
        test: { name: "isolated", include: ["apps/*/app/**/*.test.{ts,tsx}"], exclude: SHARED_MODULES },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: HTTP_TESTS,
          globalSetup: ["apps/store/tests/http/global-setup.ts"],
        },
      },
    ],
  },
});
