import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { type BuiltStore, E2E_MEDIA_DIR, startBuiltStore } from "../built-store.ts";
import {
  addToCartFromShop,
  startCollectingPolicyViolations,
  stopCollectingPolicyViolations,
  watchBrowserPolicyViolations,
  watchPolicyViolations,
} from "./support.ts";

/**
 * Fixtures for the browser tests: each makes what a test needs through the store's own HTTP surface
 * and takes it away after the test, so a test states only what it checks. Import `test` and
 * `expect` from here instead of from `@playwright/test`.
 */

export { E2E_MEDIA_DIR };

/** The administrator that playwright.config.ts has the test stores create on first start. */
export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/**
 * The REST API of a store at `origin` as its administrator: `call` answers the parsed body and fails
 * the test on any answer that is not 2xx, naming the call; `revoke` ends the token.
 */
export async function adminApi(request: APIRequestContext, origin: string) {
  const issued = await request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN });
  const token = ((await issued.json()) as { token: string }).token;
  const call = async <T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const answer = await request.fetch(`${origin}/api/vitrine/v2${path}`, {
      method,
      headers: bearer(token),
      data,
    });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    call,
    revoke: () => request.delete(`${origin}/api/vitrine/v2/auth/token`, { headers: bearer(token) }),
  };
}

export type Shopper = { id: number; email: string; password: string };

export type SpareStore = {
  port: number;
  dataDir: string;
  /** Sends SIGTERM once and answers the exit code; throws when it has not stopped a minute later. */
  stop: () => Promise<number | null>;
};

/**
 * How a worker's shared store starts: its administrator (whose token puts the settings back) and any
 * other variables. `DEMO_STORE` and `EMPTY_STORE` are the two most tests ask for.
 */
export type SharedStoreEnv = { ADMIN_EMAIL: string; ADMIN_PASSWORD: string } & Record<string, string>;

/** A store with the demo catalogue and its pictures, and the main store's administrator. */
export const DEMO_STORE: SharedStoreEnv = {
  SEED_DEMO: "on",
  MEDIA_DIR: E2E_MEDIA_DIR,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

/** A store without a catalogue, with the main store's administrator. */
export const EMPTY_STORE: SharedStoreEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export type SharedStore = { port: number; origin: string; dataDir: string };

type WorkerStore = BuiltStore & {
  /** Puts back the settings the store started with, through its REST API. */
  reset: () => Promise<void>;
};

type WorkerFixtures = {
  /** The worker's shared stores, started on first use, by their settings (`SharedStoreEnv` as JSON). */
  workerStores: Map<string, Promise<WorkerStore>>;
};

type Fixtures = {
  /** An administrator's API token, issued for this test and revoked after it. */
  adminToken: string;
  /**
   * A new customer account, registered through the account page's form and signed in on `page`.
   * The REST API cannot delete accounts, so the e-mail is unique; after the test the account is a
   * customer again (a test may promote it) and the page's session is signed out, ending it.
   */
  shopper: Shopper;
  /** `page` with the shop's first simple product in its cart, added from the listing; its name. */
  cartWithProduct: { page: Page; name: string };
  /**
   * The newest mail the store wrote (as an .eml file, no SMTP in tests) to `to` that contains
   * `text`, waited for; the files it returned are deleted after the test. The main store's mail,
   * or that of the store whose data folder is `dataDir` (a shared store's).
   */
  sentMail: (to: string, text: string, dataDir?: string) => Promise<string>;
  /**
   * Starts a store from the built server on a free port with a fresh data folder (no demo
   * catalogue), for tests of start-up and settings; stopped and removed after the test. With
   * `DATA_DIR` in `env` (an earlier spare store's `dataDir`, to start again on its data) the store
   * runs on that folder, which is left to whoever made it.
   */
  spareStore: (env?: Record<string, string>) => Promise<SpareStore>;
  /**
   * The worker's store started with `env` (on first use: the built server on a free port with a
   * fresh data folder), which later tests of this worker that ask with the same `env` get again, one
   * test at a time. For tests of store-wide settings, which must not meet the main store's other
   * tests: the settings are put back through the store's REST API after the test, so every test
   * finds them as a fresh store has them. Start-up and shutdown tests use `spareStore` instead.
   */
  sharedStore: (env: SharedStoreEnv) => Promise<SharedStore>;
  /**
   * Automatic: fails the test when any page it opened (in the default context, a context or page of
   * `browser`, or a browser of `launchChromium`) reported a content security policy violation.
   */
  policyViolations: undefined;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  policyViolations: [
    async ({ context, browser }, use) => {
      startCollectingPolicyViolations();
      watchPolicyViolations(context);
      const putBack = watchBrowserPolicyViolations(browser);
      await use(undefined);
      putBack();
      expect(
        stopCollectingPolicyViolations(),
        "content security policy violations on the test's pages",
      ).toEqual([]);
    },
    { auto: true },
  ],

  adminToken: async ({ request }, use) => {
    const issued = await request.post("/api/vitrine/v2/auth/token", { data: ADMIN });
    expect(issued.status()).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    await use(token);
    const revoked = await request.delete("/api/vitrine/v2/auth/token", { headers: bearer(token) });
    expect(revoked.status()).toBe(200);
  },

  shopper: async ({ page, request, adminToken }, use, testInfo) => {
    const email = `shopper-${testInfo.workerIndex}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const password = "correct horse battery";
    await page.goto("/my-account");
    const register = page.locator("form.woocommerce-form-register");
    await register.getByLabel("Email address").fill(email);
    await register.getByLabel("Password", { exact: true }).fill(password);
    await register.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(`Hello ${email}`)).toBeVisible();
    const users = `/api/vitrine/v2/users?search=${encodeURIComponent(email)}`;
    const [user] = (await (await request.get(users, { headers: bearer(adminToken) })).json()) as Array<{
      id: number;
      role: string;
    }>;
    expect(user).toBeDefined();

    await use({ id: user!.id, email, password });

    const demoted = await request.put(`/api/vitrine/v2/users/${user!.id}`, {
      headers: bearer(adminToken),
      data: { role: "customer" },
    });
    expect(demoted.status()).toBe(200);
    // Still signed in (the test may have logged out): the account page's logout form ends the session.
    const account = await (await page.request.get("/my-account")).text();
    if (account.includes('value="logout"')) {
      const nonce = account.match(/value="logout"[^>]*>\s*<input[^>]*name="_wpnonce" value="([^"]+)"/)?.[1];
      expect(nonce, "the logout form's nonce").toBeDefined();
      const left = await page.request.post("/my-account", {
        form: { intent: "logout", _wpnonce: nonce! },
        maxRedirects: 0,
      });
      expect(left.status()).toBeLessThan(400);
    }
  },

  cartWithProduct: async ({ page }, use) => {
    const name = await addToCartFromShop(page);
    await use({ page, name });
    // Empties what is left of the cart (a placed order has emptied it already).
    const cart = (await (await page.request.get("/api/store/v1/cart")).json()) as {
      items: Array<{ key: string }>;
    };
    for (const item of cart.items) {
      const removed = await page.request.post("/api/store/v1/cart/remove-item", { data: { key: item.key } });
      expect(removed.status()).toBe(200);
    }
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  sentMail: async ({}, use) => {
    const read = new Set<string>();
    await use(async (to, text, dataDir = process.env.E2E_DATA_DIR!) => {
      const mailDir = path.join(dataDir, "mail");
      let found: { file: string; content: string } | undefined;
      await expect
        .poll(() => {
          for (const file of existsSync(mailDir) ? readdirSync(mailDir).sort() : []) {
            // Undo quoted-printable soft breaks and the encoded "=" of URLs.
            const content = readFileSync(path.join(mailDir, file), "utf8")
              .replace(/=\r?\n/g, "")
              .replace(/=3D/g, "=");
            if (content.includes(`To: ${to}`) && content.includes(text)) found = { file, content };
          }
          return found?.content ?? "";
        })
        .not.toBe("");
      read.add(path.join(mailDir, found!.file));
      return found!.content;
    });
    for (const file of read) rmSync(file, { force: true });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  spareStore: async ({}, use) => {
    const started: Array<SpareStore & { ownsDataDir: boolean }> = [];
    await use(async (env = {}) => {
      const store = await startSpareStore(env);
      started.push(store);
      return store;
    });
    // Every store stops before any folder goes: a later one may be running on an earlier one's folder.
    for (const store of started) await store.stop();
    for (const store of started) {
      if (store.ownsDataDir) rmSync(store.dataDir, { recursive: true, force: true });
    }
  },

  workerStores: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stores = new Map<string, Promise<WorkerStore>>();
      await use(stores);
      const started = await Promise.allSettled(stores.values());
      for (const result of started) {
        if (result.status !== "fulfilled") continue;
        await result.value.stop();
        rmSync(result.value.dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],

  sharedStore: async ({ workerStores }, use) => {
    const used = new Set<WorkerStore>();
    await use(async (env) => {
      const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
      let starting = workerStores.get(key);
      if (!starting) {
        starting = startWorkerStore(env);
        workerStores.set(key, starting);
        // A store that failed to start is tried again by the next test that asks for it.
        starting.catch(() => workerStores.delete(key));
      }
      const store = await starting;
      used.add(store);
      return { port: store.port, origin: store.origin, dataDir: store.dataDir };
    });
    for (const store of used) await store.reset();
  },
});

async function startWorkerStore(env: SharedStoreEnv): Promise<WorkerStore> {
  const store = await startBuiltStore(env);
  const admin = { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
  const settingsUrl = `${store.origin}/api/vitrine/v2/settings`;
  const withToken = async <T>(work: (headers: Record<string, string>) => Promise<T>): Promise<T> => {
    const issued = await fetch(`${store.origin}/api/vitrine/v2/auth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(issued.status, "the shared store's administrator signs in").toBe(201);
    const headers = bearer(((await issued.json()) as { token: string }).token);
    try {
      return await work(headers);
    } finally {
      await fetch(`${store.origin}/api/vitrine/v2/auth/token`, { method: "DELETE", headers });
    }
  };
  try {
    const fresh = await withToken(async (headers) => {
      const read = await fetch(settingsUrl, { headers });
      expect(read.status, "the shared store's settings").toBe(200);
      return await read.text();
    });
    const reset = () =>
      withToken(async (headers) => {
        const put = await fetch(settingsUrl, {
          method: "PUT",
          headers: { ...headers, "Content-Type": "application/json" },
          body: fresh,
        });
        expect(put.status, `the shared store's settings put back: ${await put.clone().text()}`).toBe(200);
      });
    return { ...store, reset };
  } catch (error) {
    await store.stop();
    rmSync(store.dataDir, { recursive: true, force: true });
    throw error;
  }
}

export { expect };

export async function startSpareStore(
  env: Record<string, string>,
): Promise<SpareStore & { ownsDataDir: boolean }> {
  return startBuiltStore(env);
}

export type ListedProduct = {
  id: number;
  slug: string;
  type: string;
  status: string;
  stock_quantity: number | null;
};

/**
 * Demo products that specs placing orders and counting their stock or figures buy, one spec's each
 * (a spec's own file names it): simple, published, well stocked, on no early listing page (other
 * tests buy from those) and named by no other test. Fixed by slug, so that what other tests create,
 * buy or change while they run cannot move one spec onto another's product.
 */
export const OWN_PRODUCTS = {
  ordersFromCampaign: "nordic-stainless-steel-camping-lantern",
  ordersRefunded: "heritage-stainless-steel-camping-lantern",
  cartTotals: "mediterranean-stainless-steel-water-bottle",
  reports: "minimal-glass-water-bottle",
} as const;

/** The product `slug` of `OWN_PRODUCTS` as the REST API lists it; fails if it is no longer fit to buy. */
export async function ownProduct(
  request: APIRequestContext,
  token: string,
  slug: (typeof OWN_PRODUCTS)[keyof typeof OWN_PRODUCTS],
): Promise<ListedProduct> {
  const listed = (await (
    await request.get("/api/vitrine/v2/products?per_page=100", { headers: bearer(token) })
  ).json()) as ListedProduct[];
  const product = listed.find((candidate) => candidate.slug === slug);
  expect(product, `the demo product ${slug}`).toMatchObject({ type: "simple", status: "publish" });
  expect(product!.stock_quantity, `${slug}'s stock`).toBeGreaterThanOrEqual(10);
  return product!;
}

/**
 * Waits until React has hydrated the page, so that what the test does next is handled by it. The
 * storefront's cart client and the back office's shell each say so on `<html>` from an effect, and
 * effects run once hydration has committed. (`__reactRouterRouteModules` is no such sign: the
 * page's module script sets it before hydration starts.)
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const { cartClient, backOffice } = document.documentElement.dataset;
    return cartClient === "ready" || backOffice === "ready";
  });
