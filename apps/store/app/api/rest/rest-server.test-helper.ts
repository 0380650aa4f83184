import type { Dialect } from "@vitrine/db";
import { createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createRestClient, type RestClient } from "../../lib/rest-client.ts";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../../services/shared/loopback-server.test-helper.ts";
import { createNonce } from "../../services/shared/nonce.server.ts";
import { RequestSession } from "../../services/shared/session.server.ts";
import { testConfig, testContext } from "../../services/shared/test-context.test-helper.ts";
import { vitrineRestRouter } from "../vitrine-rest.server.ts";

type ContextOptions = Omit<Parameters<typeof testContext>[0], "db" | "config" | "cookie">;

/**
 * The REST API under `/api/vitrine/v2` on a loopback server over a test database of `dialect`, for
 * the REST routes' tests. Call it inside `describe`: it starts the server before the tests, empties
 * the database before each one and stops everything after them. `context` adds to every request's
 * context (a recording mailer, a purge recorder, a failing encoder); `env`, to the configuration's
 * variables (the installation's Stripe keys).
 */
export function restTestServer(
  dialect: Dialect,
  context: ContextOptions = {},
  env: Record<string, string> = {},
) {
  let database: TestDatabase;
  let server: LoopbackServer;
  const config = testConfig(env);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    app.use(
      "/api/vitrine/v2",
      vitrineRestRouter((req) =>
        testContext({ ...context, db: database.db, config, cookie: req.headers.cookie ?? null }),
      ),
    );
    server = await listenOnLoopback(app);
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
  });

  /** A signed-in session of `role`: its user, and its cookie and REST nonce as a page would have them. */
  async function session(role: "customer" | "editor" | "administrator") {
    const userId = await insertAccount(database.db, `${role}-${Math.random()}@example.com`, { role });
    const signed = new RequestSession(database.db, config.sessionSecret, null, false);
    const { nonceSecret } = await signed.login(userId, role === "customer" ? "customer" : "staff");
    return {
      userId,
      headers: {
        Cookie: signed.headers().get("Set-Cookie")!.split(";")[0]!,
        "X-Vitrine-Nonce": createNonce(nonceSecret, "wp_rest"),
      },
    };
  }

  /** The browser's REST client, on this server, as the page of a new user of `role`. */
  async function pageClient(role: "editor" | "administrator"): Promise<RestClient> {
    const { headers } = await session(role);
    return createRestClient({
      fetch: (input, init) => {
        const sent = new Headers(init?.headers);
        sent.set("Cookie", headers.Cookie);
        return fetch(`${server.origin}${String(input)}`, { ...init, headers: sent });
      },
      nonce: () => headers["X-Vitrine-Nonce"],
      setNonce: () => {},
    });
  }

  /** A call to `/api/vitrine/v2{path}` with `headers` (a session's), a JSON body when given. */
  async function call(path: string, headers: Record<string, string>, method = "GET", json?: unknown) {
    const response = await fetch(`${server.origin}/api/vitrine/v2${path}`, {
      method,
      headers: { ...headers, ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
  }

  return {
    config,
    get db() {
      return database.db;
    },
    get origin() {
      return server.origin;
    },
    session,
    pageClient,
    call,
  };
}
