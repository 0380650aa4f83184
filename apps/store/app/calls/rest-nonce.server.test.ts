import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vitrineRestRouter } from "../api/vitrine-rest.server.ts";
import { REST_NONCE_URL } from "../lib/rest-client.ts";
import { insertAccount } from "../services/orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { RequestSession } from "../services/shared/session.server.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import { mountCalls } from "./calls.server.ts";
import { callRegistry } from "./registry.server.ts";

describe.each(await availableDialects())("a fresh REST nonce on %s", (dialect) => {
  let database: TestDatabase;
  let store: LoopbackServer;
  const config = testConfig();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    const makeContext = (req: express.Request) =>
      testContext({ db: database.db, config, cookie: req.headers.cookie ?? null });
    mountCalls(app, callRegistry, makeContext);
    app.use("/api/vitrine/v2", vitrineRestRouter(makeContext));
    store = await listenOnLoopback(app);
  });
  afterAll(async () => {
    store?.close();
    await database?.close();
  });

  it("is handed to a signed-in session as text, and the REST API takes it", async () => {
    const userId = await insertAccount(database.db, "reader@example.com");
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    await session.login(userId, "customer");
    const Cookie = session.headers().get("Set-Cookie")!.split(";")[0]!;

    const answer = await fetch(store.origin + REST_NONCE_URL, { headers: { Cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const nonce = await answer.text();
    expect(nonce).toMatch(/^[\w-]+$/);

    const meta = { woocommerce_meta: { launch_tour: "done" } };
    const saved = await fetch(`${store.origin}/api/vitrine/v2/users/me`, {
      method: "POST",
      headers: { Cookie, "X-Vitrine-Nonce": nonce, "Content-Type": "application/json" },
      body: JSON.stringify(meta),
    });
    expect(saved.status).toBe(200);
    const stale = await fetch(`${store.origin}/api/vitrine/v2/users/me`, {
      method: "POST",
      headers: { Cookie, "X-Vitrine-Nonce": `${nonce}x`, "Content-Type": "application/json" },
      body: JSON.stringify(meta),
    });
    expect(stale.status).toBe(403);
  });

  it("is refused to visitors who are not signed in, and to POST", async () => {
    const guest = await fetch(store.origin + REST_NONCE_URL);
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ code: "rest_not_logged_in" });
    expect((await fetch(store.origin + REST_NONCE_URL, { method: "POST" })).status).toBe(405);
  });
});
