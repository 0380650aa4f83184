import { rmSync } from "node:fs";
import { type APIRequestContext, request as requests } from "@playwright/test";
import { test as base, expect, inject } from "vitest";
import { type BuiltStore, startBuiltStore } from "../built-store.ts";

/**
 * Fixtures for the HTTP tests, the browser tests' own (tests/e2e/fixtures.ts) without a browser:
 * `request` is Playwright's HTTP client with a cookie jar of its own for each test, on the project's
 * store (global-setup.ts). Import `test` and `expect` from here.
 */

export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The project's store: its origin, port and data folder. */
export const store = inject("store");

type Fixtures = {
  /** An HTTP client on the store, its cookies this test's only. */
  request: APIRequestContext;
  /** An administrator's API token, issued for this test and revoked after it. */
  adminToken: string;
  /**
   * Starts a store from the built server on a free port with a fresh data folder (no demo
   * catalogue), for tests of start-up and settings; stopped and removed after the test.
   */
  spareStore: (env?: Record<string, string>) => Promise<BuiltStore>;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  request: async ({}, use) => {
    const context = await requests.newContext({ baseURL: store.origin });
    await use(context);
    await context.dispose();
  },

  adminToken: async ({ request }, use) => {
    const issued = await request.post("/api/vitrine/v2/auth/token", { data: ADMIN });
    expect(issued.status()).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    await use(token);
    const revoked = await request.delete("/api/vitrine/v2/auth/token", { headers: bearer(token) });
    expect(revoked.status()).toBe(200);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  spareStore: async ({}, use) => {
    const started: BuiltStore[] = [];
    await use(async (env = {}) => {
      const spare = await startBuiltStore(env);
      started.push(spare);
      return spare;
    });
    for (const spare of started) await spare.stop();
    for (const spare of started)
      if (spare.ownsDataDir) rmSync(spare.dataDir, { recursive: true, force: true });
  },
});

export { expect };
