import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletClientConfig } from "../services/cart/wallet-page.server.ts";
import { insertAccount } from "../services/orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { RequestSession } from "../services/shared/session.server.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import { mountCalls } from "./calls.server.ts";
import { callRegistry } from "./registry.server.ts";

type IdentityAnswer = { success: boolean; data?: { _ui: string; _ut: string }; code?: string };

describe.each(await availableDialects())("the wallet's identity call (call 10) on %s", (dialect) => {
  let database: TestDatabase;
  let store: LoopbackServer;
  const config = testConfig();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    mountCalls(app, callRegistry, (req) =>
      testContext({ db: database.db, config, cookie: req.headers.cookie ?? null }),
    );
    store = await listenOnLoopback(app);
  });
  afterAll(async () => {
    store?.close();
    await database?.close();
  });

  /** The tracking nonce the page hands this browser, as the direct-checkout script reads it. */
  async function pageNonce(cookie: string | null): Promise<string> {
    const page = await walletClientConfig(
      testContext({ db: database.db, config, cookie }),
      new URL("https://shop.example/cart"),
    );
    return page.platformTrackerNonce;
  }

  /** The call as the direct-checkout script sends it. */
  async function identity(
    cookie: string | null,
    nonce: string,
  ): Promise<{ status: number; body: IdentityAnswer }> {
    const answer = await fetch(`${store.origin}/ajax`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ action: "get_identity", tracksNonce: nonce }),
    });
    return { status: answer.status, body: (await answer.json()) as IdentityAnswer };
  }

  async function guestSession(): Promise<{ cookie: string; id: string }> {
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    const { id } = await session.getOrCreate();
    return { cookie: session.headers().get("Set-Cookie")!.split(";")[0]!, id };
  }

  it("names a signed-in shopper by their user id", async () => {
    const userId = await insertAccount(database.db, "identity@example.com");
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    await session.login(userId, "customer");
    const cookie = session.headers().get("Set-Cookie")!.split(";")[0]!;

    const { status, body } = await identity(cookie, await pageNonce(cookie));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { _ui: String(userId), _ut: "vitrine:user_id" } });
  });

  it("names a guest with a session by an anonymous id that stays the same, is theirs alone and is not the session id", async () => {
    const guest = await guestSession();
    const nonce = await pageNonce(guest.cookie);
    const first = await identity(guest.cookie, nonce);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { _ui: expect.stringMatching(/^[0-9a-f]{24}$/), _ut: "anon" },
    });
    const anonymous = first.body.data!._ui;
    // The session id is a credential: the wallet is never told it, whole or in part.
    expect(guest.id).not.toContain(anonymous);
    expect(anonymous).not.toContain(guest.id.slice(0, 8));
    // The same guest asking again is the same person to the wallet; another guest is someone else.
    expect((await identity(guest.cookie, nonce)).body.data).toEqual({ _ui: anonymous, _ut: "anon" });
    const other = await guestSession();
    const theirs = await identity(other.cookie, await pageNonce(other.cookie));
    expect(theirs.body.data?._ut).toBe("anon");
    expect(theirs.body.data?._ui).toMatch(/^[0-9a-f]{24}$/);
    expect(theirs.body.data?._ui).not.toBe(anonymous);
  });

  it("names a visitor without a session as an anonymous nobody", async () => {
    const { status, body } = await identity(null, await pageNonce(null));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { _ui: "", _ut: "anon" } });
  });

  it("refuses a missing, forged or other session's nonce, and names nobody", async () => {
    const guest = await guestSession();
    const other = await guestSession();
    const nonce = await pageNonce(guest.cookie);
    for (const tried of ["", `${nonce}x`, await pageNonce(other.cookie)]) {
      const { status, body } = await identity(guest.cookie, tried);
      expect(status).toBe(403);
      expect(body).toMatchObject({ success: false, code: "invalid_nonce" });
      expect(body).not.toHaveProperty("data._ui");
    }
  });
});
