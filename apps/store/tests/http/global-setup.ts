import { existsSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { picturesDrawn, SERVER_ENTRY, STORE_ENV, startBuiltStore } from "../built-store.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The HTTP tests' store: the browser tests' main store, started the same way. */
    store: { origin: string; port: number; dataDir: string };
  }
}

/**
 * One store for the HTTP tests, as playwright.config.ts starts the browser tests' main one (demo
 * catalogue, direct checkout off), with its pictures drawn before any test runs.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `The HTTP tests run against the built server: ${SERVER_ENTRY} is missing; run npm run build first.`,
    );
  }
  const store = await startBuiltStore({ ...STORE_ENV, WALLET_DIRECT_CHECKOUT: "off" });
  try {
    await picturesDrawn(store.origin);
  } catch (error) {
    await store.stop();
    throw error;
  }
  project.provide("store", { origin: store.origin, port: store.port, dataDir: store.dataDir });
  return async () => {
    await store.stop();
    rmSync(store.dataDir, { recursive: true, force: true });
  };
}
